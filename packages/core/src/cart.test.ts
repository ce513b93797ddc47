import { describe, expect, it } from 'vitest';
import { computeCartTotals } from './cart';
import { DEFAULT_CATALOG, findProduct } from './catalog';
import { computeTaxCents } from './tax';

const price = (lines: Parameters<typeof computeCartTotals>[0]) => computeCartTotals(lines, DEFAULT_CATALOG);

describe('computeTaxCents: 5% rounded half-up to the cent', () => {
  it.each([
    [6495, 325], // 324.75 → 325
    [1499, 75], // 74.95 → 75
    [999, 50], // 49.95 → 50
    [10, 1], // 0.5 → 1 (half goes up)
    [9, 0], // 0.45 → 0
    [30, 2], // 1.5 → 2
    [29, 1], // 1.45 → 1
    [0, 0],
    [199_999_99, 1_000_000], // 999,999.95 cents → 1,000,000
  ])('tax on %i cents is %i', (subtotal, tax) => {
    expect(computeTaxCents(subtotal)).toBe(tax);
  });
});

describe('computeCartTotals', () => {
  it('prices 3 pen packs and 2 reams as the storefront shows them', () => {
    const totals = price([
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ]);
    expect(totals.subtotalCents).toBe(6495);
    expect(totals.taxCents).toBe(325);
    expect(totals.totalCents).toBe(6820);
    expect(totals.lines.map((line) => line.lineTotalCents)).toEqual([4497, 1998]);
  });

  it('keeps every total a whole number of cents for every quantity up to the limit', () => {
    for (let pens = 1; pens <= 999; pens += 7) {
      const totals = price([
        { productId: 'pen-pack-100', quantity: pens },
        { productId: 'paper-ream-500', quantity: 1000 - pens },
      ]);
      expect(Number.isInteger(totals.totalCents)).toBe(true);
      expect(totals.totalCents).toBe(totals.subtotalCents + computeTaxCents(totals.subtotalCents));
    }
  });

  it('refuses unknown products and quantities out of range', () => {
    expect(() => price([{ productId: 'stapler' as never, quantity: 1 }])).toThrow('Unknown product');
    expect(() => price([{ productId: 'pen-pack-100', quantity: 0 }])).toThrow('Quantity');
    expect(() => price([{ productId: 'pen-pack-100', quantity: 1000 }])).toThrow('Quantity');
    expect(() => price([{ productId: 'pen-pack-100', quantity: 1.5 }])).toThrow('Quantity');
  });
});

describe('catalog', () => {
  it('holds the two products of the spec at their prices', () => {
    expect(DEFAULT_CATALOG.map((product) => [product.id, product.priceCents])).toEqual([
      ['pen-pack-100', 1499],
      ['paper-ream-500', 999],
    ]);
    expect(findProduct(DEFAULT_CATALOG, 'pen-pack-100')?.name).toBe('Premium Ballpoint Pen Pack');
    expect(findProduct(DEFAULT_CATALOG, 'pen-pack-100')?.features.join(' ')).toMatch(/200/);
    expect(findProduct(DEFAULT_CATALOG, 'pen-pack-100')?.features.join(' ')).toMatch(/0\.7 mm/);
    expect(findProduct(DEFAULT_CATALOG, 'paper-ream-500')?.name).toBe('Premium Copy Paper 500 sheets');
  });
});
