/**
 * The database's tables, by what they hold (decision 053): orders and what pays for them, the money, the people,
 * and what the store keeps about itself. Migrations are generated from them (drizzle.config.ts).
 */
export * from './schema/orders';
export * from './schema/money';
export * from './schema/people';
export * from './schema/upkeep';
export * from './schema/catalog';
