import { describe, expect, it } from 'vitest';
import { readPlainQuantity, settleQuantity } from './quantity-input';

describe('the quantity field says what it did with what was typed', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    ['999', 999],
    ['007', 7],
  ])('takes %j as %i without a word', (text, quantity) => {
    expect(settleQuantity(text, 3)).toEqual({ quantity });
    expect(readPlainQuantity(text)).toBe(quantity);
  });

  it.each([
    ['0', 1, 'The smallest quantity is 1, so the quantity is 1.'],
    ['-1', 1, 'The smallest quantity is 1, so the quantity is 1.'],
    ['-250', 1, 'The smallest quantity is 1, so the quantity is 1.'],
    ['1.5', 1, 'Quantities are whole numbers, so the quantity is 1.'],
    ['2.99', 2, 'Quantities are whole numbers, so the quantity is 2.'],
    ['0.5', 1, 'Quantities are whole numbers and the smallest quantity is 1, so the quantity is 1.'],
    ['1000', 999, 'At most 999 of a product fit in one order, so the quantity is 999.'],
    ['1000000000', 999, 'At most 999 of a product fit in one order, so the quantity is 999.'],
    [
      '1e9',
      999,
      '1e9 means 1,000,000,000 and at most 999 of a product fit in one order, so the quantity is 999.',
    ],
    ['1e2', 100, '1e2 means 100, so the quantity is 100.'],
  ])('settles %j on %i and says why', (text, quantity, note) => {
    expect(settleQuantity(text, 3)).toEqual({ quantity, note });
    expect(readPlainQuantity(text)).toBeUndefined();
  });

  it('keeps the last quantity when nothing readable was typed', () => {
    expect(settleQuantity('', 4)).toEqual({
      quantity: 4,
      note: 'Enter a whole number from 1 to 999. The quantity stays 4.',
    });
  });
});
