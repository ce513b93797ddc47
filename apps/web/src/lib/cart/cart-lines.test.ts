import { DEFAULT_CATALOG, MAX_LINE_QUANTITY, computeCartTotals, formatCents } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  addToLines,
  clampQuantity,
  countItems,
  limitNote,
  quantityAdded,
  removeLine,
  setLineQuantity,
} from './cart-lines';

describe('cart lines', () => {
  it('adds a new product as a new line', () => {
    expect(addToLines([], 'pen-pack-100', 3)).toEqual([{ productId: 'pen-pack-100', quantity: 3 }]);
  });

  it('raises the quantity of a product already in the cart by the chosen quantity', () => {
    const lines = addToLines(addToLines([], 'pen-pack-100', 2), 'pen-pack-100', 3);
    expect(lines).toEqual([{ productId: 'pen-pack-100', quantity: 5 }]);
  });

  it('caps a line at the maximum quantity', () => {
    const lines = addToLines(
      [{ productId: 'paper-ream-500', quantity: MAX_LINE_QUANTITY - 1 }],
      'paper-ream-500',
      5,
    );
    expect(lines[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('never lets a quantity go below 1', () => {
    expect(setLineQuantity([{ productId: 'pen-pack-100', quantity: 2 }], 'pen-pack-100', 0)).toEqual([
      { productId: 'pen-pack-100', quantity: 1 },
    ]);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
  });

  it('removes a line and counts items', () => {
    const lines = addToLines(addToLines([], 'pen-pack-100', 3), 'paper-ream-500', 2);
    expect(countItems(lines)).toBe(5);
    expect(removeLine(lines, 'pen-pack-100')).toEqual([{ productId: 'paper-ream-500', quantity: 2 }]);
  });

  it('prices 3 pen packs and 2 reams as the spec example', () => {
    const totals = computeCartTotals(addToLines(addToLines([], 'pen-pack-100', 3), 'paper-ream-500', 2), DEFAULT_CATALOG);
    expect([totals.subtotalCents, totals.taxCents, totals.totalCents].map(formatCents)).toEqual([
      '$64.95',
      '$3.25',
      '$68.20',
    ]);
  });
});

describe('adding more than a line holds', () => {
  it('tells how many were really added, and says why in the cart', () => {
    const full = [{ productId: 'pen-pack-100', quantity: MAX_LINE_QUANTITY }] as const;
    expect(quantityAdded([], 'pen-pack-100', 999)).toBe(999);
    expect(quantityAdded(full, 'pen-pack-100', 999)).toBe(0);
    expect(quantityAdded([{ productId: 'pen-pack-100', quantity: 998 }], 'pen-pack-100', 5)).toBe(1);
    expect(quantityAdded(full, 'paper-ream-500', 3)).toBe(3);
    expect(limitNote(999, 0)).toBe(
      'An order holds at most 999 of a product: the 999 you chose were not added.',
    );
    expect(limitNote(5, 1)).toBe(
      'An order holds at most 999 of a product: only 1 of the 5 you chose was added.',
    );
  });
});
