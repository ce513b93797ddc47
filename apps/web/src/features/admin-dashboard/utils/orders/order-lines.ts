import {
  computeCartTotals,
  dollarsToCents,
  MAX_LINE_QUANTITY,
  type AdminProduct,
  type CartLine,
  type CartTotals,
  type Product,
  type ProductId,
} from '@store/core';

/** A product an order prepared on the telephone may ask for: out of stock, it is listed but not orderable. */
export interface OrderProduct extends Product {
  orderable: boolean;
}

/**
 * The catalog as the console's order forms offer it: the products on sale, at their current prices, in the
 * catalog's order; one whose counted stock is gone is not orderable.
 */
export function orderCatalogOf(products: readonly AdminProduct[]): OrderProduct[] {
  return products
    .filter((product) => product.active)
    .map((product) => ({
      id: product.id,
      name: product.name,
      shortName: product.shortName ?? product.name,
      priceCents: dollarsToCents(product.price),
      description: product.description,
      features: product.features,
      orderable: product.stockOnHand === null || product.stockOnHand > 0,
    }));
}

/** The quantity of each product as the operator typed it; a product not typed in is 0. */
export type TypedQuantities = Record<ProductId, string>;

/** Nothing of anything yet. */
export function noQuantities(): TypedQuantities {
  return {};
}

/** A quantity as typed: a whole number from 0 to the storefront's limit per line, else null. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^[0-9]{1,4}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

export interface OrderLines {
  /** Every product with its quantity as read (null: not a quantity; 0 for one that is not orderable). */
  read: { product: OrderProduct; quantity: number | null }[];
  /** Some quantity is not a whole number from 0 to the limit. */
  invalid: boolean;
  /** The products asked for, in the catalog's order. */
  lines: CartLine[];
  /** Priced by the core's one rule (the server prices it again); null until something valid is asked for. */
  totals: CartTotals | null;
}

/**
 * What the typed quantities order from the catalog, and what it costs. A product that ran out while its
 * quantity was typed is asked for no more: the store would refuse the order.
 */
export function readOrderLines(quantities: TypedQuantities, catalog: readonly OrderProduct[]): OrderLines {
  const read = catalog.map((product) => ({
    product,
    quantity: product.orderable ? readQuantity(quantities[product.id] ?? '0') : 0,
  }));
  const invalid = read.some((entry) => entry.quantity === null);
  const lines: CartLine[] = read.flatMap(({ product, quantity }) =>
    quantity ? [{ productId: product.id, quantity }] : [],
  );
  const totals = !invalid && lines.length > 0 ? computeCartTotals(lines, catalog) : null;
  return { read, invalid, lines, totals };
}
