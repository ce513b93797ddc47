import { MAX_LINE_QUANTITY, STOCK_MESSAGES, computeCartTotals, formatCents, type Product } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  addToLines,
  clampQuantity,
  countItems,
  limitNote,
  quantityAdded,
  reconcileCartWithCatalog,
  removeLine,
  setLineQuantity,
} from './cart-lines';

/** The catalog as the server answers it for a fresh store (its two products' prices). */
const CATALOG: Product[] = [
  {
    id: 'pen-pack-100',
    name: 'Premium Ballpoint Pen Pack',
    shortName: 'Pens',
    priceCents: 1499,
    description: '',
    features: [],
  },
  {
    id: 'paper-ream-500',
    name: 'Premium Copy Paper 500 sheets',
    shortName: 'Paper',
    priceCents: 999,
    description: '',
    features: [],
  },
];

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
    const totals = computeCartTotals(
      addToLines(addToLines([], 'pen-pack-100', 3), 'paper-ream-500', 2),
      CATALOG,
    );
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

describe('the cart held against the catalog on sale', () => {
  it('keeps the lines of products still sold, each with its name of now, and says it changed only then', () => {
    const lines = [
      { productId: 'pen-pack-100', quantity: 2 },
      { productId: 'paper-ream-500', quantity: 1, name: 'Copy Paper (old name)' },
    ];
    const first = reconcileCartWithCatalog(lines, CATALOG);
    expect(first).toEqual({
      lines: [
        { productId: 'pen-pack-100', quantity: 2, name: 'Premium Ballpoint Pen Pack' },
        { productId: 'paper-ream-500', quantity: 1, name: 'Premium Copy Paper 500 sheets' },
      ],
      removed: [],
      changed: true,
    });
    expect(reconcileCartWithCatalog(first.lines, CATALOG)).toMatchObject({ removed: [], changed: false });
  });

  it('removes a product no longer sold and names it with the store’s own sentence', () => {
    const lines = [
      { productId: 'sticky-notes', quantity: 3, name: 'Sticky Notes' },
      { productId: 'pen-pack-100', quantity: 1, name: 'Premium Ballpoint Pen Pack' },
    ];
    const held = reconcileCartWithCatalog(lines, CATALOG);
    expect(held.lines).toEqual([
      { productId: 'pen-pack-100', quantity: 1, name: 'Premium Ballpoint Pen Pack' },
    ]);
    expect(held.removed).toEqual([STOCK_MESSAGES.notSold('Sticky Notes')]);
    expect(held.changed).toBe(true);
    expect(computeCartTotals(held.lines, CATALOG).totalCents).toBe(1574);
  });

  it('says "A product in your cart" when the line kept no name (a cart stored before names were kept)', () => {
    const held = reconcileCartWithCatalog([{ productId: 'gone-product', quantity: 1 }], CATALOG);
    expect(held.lines).toEqual([]);
    expect(held.removed).toEqual([
      'A product in your cart is no longer sold. It was removed from your cart.',
    ]);
  });

  it('empties nothing while the catalog sells every product of the cart', () => {
    expect(reconcileCartWithCatalog([], CATALOG)).toEqual({ lines: [], removed: [], changed: false });
  });
});
