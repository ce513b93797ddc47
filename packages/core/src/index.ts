export * from './money';
export * from './tax';
export * from './catalog';
export * from './cart';
export * from './order-id';
export * from './card-brand';
export * from './payment-state';
export * from './schemas/checkout';
