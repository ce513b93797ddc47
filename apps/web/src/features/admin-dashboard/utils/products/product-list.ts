import type { AdminProduct } from '@store/core';
import type { BadgeTone } from '../../components/status-badge';

export type ProductFilter = 'active' | 'inactive' | 'all';

export const PRODUCT_FILTER_OPTIONS: { value: ProductFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

export function isProductFilter(value: string): value is ProductFilter {
  return PRODUCT_FILTER_OPTIONS.some((option) => option.value === value);
}

/** The products a search (in the name or the SKU, any case) and the filter keep, in the store's order. */
export function filterProducts(
  products: readonly AdminProduct[],
  searchText: string,
  filter: ProductFilter,
): AdminProduct[] {
  const needle = searchText.trim().toLowerCase();
  return products.filter(
    (product) =>
      (filter === 'all' || product.active === (filter === 'active')) &&
      (needle === '' ||
        product.name.toLowerCase().includes(needle) ||
        product.sku.toLowerCase().includes(needle)),
  );
}

/** The stock column: "Not tracked", or the count, with the units open payments hold under it. */
export function stockTexts(product: AdminProduct): { count: string; held: string | null } {
  const held = product.stockHeld > 0 ? `${product.stockHeld} held` : null;
  if (product.stockOnHand === null) return { count: 'Not tracked', held };
  return { count: product.stockOnHand.toLocaleString('en-US'), held };
}

/** A product running low reads "Low stock"; one sold past its count (a late payment), "Oversold by N". */
export function lowStockBadge(product: AdminProduct): { label: string; tone: BadgeTone } | null {
  if (product.stockOnHand !== null && product.stockOnHand < 0) {
    return { label: `Oversold by ${-product.stockOnHand}`, tone: 'danger' };
  }
  return product.lowStock ? { label: 'Low stock', tone: 'warning' } : null;
}

/** The products on sale that are running low, for the notice at the top of the tab. */
export function lowStockProducts(products: readonly AdminProduct[]): AdminProduct[] {
  return products.filter((product) => product.active && product.lowStock);
}
