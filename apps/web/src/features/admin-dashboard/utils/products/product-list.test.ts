import { describe, expect, it } from 'vitest';
import { adminProduct } from './admin-product-fixture';
import { filterProducts, lowStockBadge, lowStockProducts, stockTexts } from './product-list';

const product = adminProduct;

const PENS = product({ id: 'pens', name: 'Ballpoint Pens', sku: 'PEN-BP-200' });
const PAPER = product({ id: 'paper', name: 'Copy Paper', sku: 'PAPER-500', active: false });

describe('filterProducts', () => {
  it('finds by name or SKU, in any case', () => {
    expect(filterProducts([PENS, PAPER], 'pen-bp', 'all')).toEqual([PENS]);
    expect(filterProducts([PENS, PAPER], ' COPY ', 'all')).toEqual([PAPER]);
  });

  it('shows the active, the inactive or all', () => {
    expect(filterProducts([PENS, PAPER], '', 'active')).toEqual([PENS]);
    expect(filterProducts([PENS, PAPER], '', 'inactive')).toEqual([PAPER]);
    expect(filterProducts([PENS, PAPER], '', 'all')).toEqual([PENS, PAPER]);
  });
});

describe('stockTexts', () => {
  it('reads "Not tracked", a count, and the units open payments hold', () => {
    expect(stockTexts(product({}))).toEqual({ count: 'Not tracked', held: null });
    expect(stockTexts(product({ stockOnHand: 1200, stockHeld: 3 }))).toEqual({
      count: '1,200',
      held: '3 held',
    });
  });
});

describe('lowStockBadge', () => {
  it('flags a product running low, and one sold past its count by how many', () => {
    expect(lowStockBadge(product({ stockOnHand: 9 }))).toBeNull();
    expect(lowStockBadge(product({ stockOnHand: 2, lowStock: true }))?.label).toBe('Low stock');
    expect(lowStockBadge(product({ stockOnHand: -3, lowStock: true }))).toEqual({
      label: 'Oversold by 3',
      tone: 'danger',
    });
  });
});

describe('lowStockProducts', () => {
  it('lists only the products on sale that run low', () => {
    const low = product({ id: 'low', lowStock: true, stockOnHand: 1 });
    const offSale = product({ id: 'off', lowStock: true, stockOnHand: 1, active: false });
    expect(lowStockProducts([PENS, low, offSale])).toEqual([low]);
  });
});
