import { MAX_LINE_QUANTITY, type AdminProduct } from '@store/core';
import { describe, expect, it } from 'vitest';
import { adminProduct as productFixture } from '../products/admin-product-fixture';
import { noQuantities, orderCatalogOf, readOrderLines, readQuantity } from './order-lines';

/** The copy paper, as the console reads it, unless told otherwise. */
function adminProduct(overrides: Partial<AdminProduct>): AdminProduct {
  return productFixture({
    id: 'paper-ream-500',
    name: 'Premium Copy Paper 500 sheets',
    shortName: 'Copy Paper',
    sku: 'PAPER-500',
    price: 9.99,
    ...overrides,
  });
}

const CATALOG = orderCatalogOf([
  adminProduct({ id: 'pen-pack-100', name: 'Pens', shortName: null, price: 14.99, stockOnHand: 5 }),
  adminProduct({}),
  adminProduct({ id: 'stapler', name: 'Stapler', price: 20, stockOnHand: 0 }),
  adminProduct({ id: 'old-binder', name: 'Binder', active: false }),
]);

describe('orderCatalogOf', () => {
  it('offers the products on sale at their prices in cents; one whose counted stock is gone is not orderable', () => {
    expect(CATALOG.map((product) => [product.id, product.priceCents, product.orderable])).toEqual([
      ['pen-pack-100', 1499, true],
      ['paper-ream-500', 999, true],
      ['stapler', 2000, false],
    ]);
    expect(CATALOG[0]?.shortName).toBe('Pens');
  });

  it('reads a stock sold past zero as out of stock', () => {
    expect(orderCatalogOf([adminProduct({ stockOnHand: -2 })])[0]?.orderable).toBe(false);
  });
});

describe('readQuantity', () => {
  it('reads whole numbers from 0 to the limit, and an empty box as 0', () => {
    expect(readQuantity('')).toBe(0);
    expect(readQuantity(' 2 ')).toBe(2);
    expect(readQuantity(String(MAX_LINE_QUANTITY))).toBe(MAX_LINE_QUANTITY);
  });

  it('refuses anything else', () => {
    for (const text of ['-1', '1.5', '2e1', 'two', String(MAX_LINE_QUANTITY + 1), '12345']) {
      expect(readQuantity(text), text).toBeNull();
    }
  });
});

describe('readOrderLines', () => {
  it('orders nothing at first', () => {
    expect(readOrderLines(noQuantities(), CATALOG)).toMatchObject({
      invalid: false,
      lines: [],
      totals: null,
    });
  });

  it('prices two reams as the cart does: $19.98, tax $1.00, $20.98', () => {
    const order = readOrderLines({ 'paper-ream-500': '2' }, CATALOG);
    expect(order.lines).toEqual([{ productId: 'paper-ream-500', quantity: 2 }]);
    expect(order.totals).toMatchObject({ subtotalCents: 1998, taxCents: 100, totalCents: 2098 });
  });

  it('prices nothing while a quantity is not one', () => {
    const order = readOrderLines({ 'pen-pack-100': 'x', 'paper-ream-500': '2' }, CATALOG);
    expect(order.invalid).toBe(true);
    expect(order.totals).toBeNull();
    expect(order.read.find((entry) => entry.product.id === 'pen-pack-100')?.quantity).toBeNull();
  });

  it('asks nothing of a product that ran out after its quantity was typed', () => {
    const order = readOrderLines({ stapler: '3', 'pen-pack-100': '1' }, CATALOG);
    expect(order.lines).toEqual([{ productId: 'pen-pack-100', quantity: 1 }]);
    expect(order.totals?.subtotalCents).toBe(1499);
  });
});
