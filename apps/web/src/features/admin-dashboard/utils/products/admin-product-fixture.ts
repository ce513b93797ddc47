import type { AdminProduct } from '@store/core';

/** A product as the console reads it, for the console's tests: an active, untracked one unless told. */
export function adminProduct(overrides: Partial<AdminProduct>): AdminProduct {
  return {
    id: 'p',
    name: 'Product',
    shortName: null,
    sku: 'SKU-1',
    price: 1,
    description: '',
    features: [],
    stockOnHand: null,
    stockHeld: 0,
    lowStockThreshold: null,
    lowStock: false,
    unitOfMeasure: 'EA',
    upc: null,
    commodityCode: null,
    taxCategory: null,
    active: true,
    updatedAt: '2026-11-29T00:00:00.000Z',
    ...overrides,
  };
}
