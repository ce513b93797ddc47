import { MAX_LINE_QUANTITY } from '@store/core';
import { describe, expect, it } from 'vitest';
import { noQuantities, readOrderLines, readQuantity } from './order-lines';

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
    expect(readOrderLines(noQuantities())).toMatchObject({ invalid: false, lines: [], totals: null });
  });

  it('prices two reams as the cart does: $19.98, tax $1.00, $20.98', () => {
    const order = readOrderLines({ ...noQuantities(), 'paper-ream-500': '2' });
    expect(order.lines).toEqual([{ productId: 'paper-ream-500', quantity: 2 }]);
    expect(order.totals).toMatchObject({ subtotalCents: 1998, taxCents: 100, totalCents: 2098 });
  });

  it('prices nothing while a quantity is not one', () => {
    const order = readOrderLines({ 'pen-pack-100': 'x', 'paper-ream-500': '2' });
    expect(order.invalid).toBe(true);
    expect(order.totals).toBeNull();
    expect(order.read.find((entry) => entry.product.id === 'pen-pack-100')?.quantity).toBeNull();
  });
});
