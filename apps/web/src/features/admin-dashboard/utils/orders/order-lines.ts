import {
  DEFAULT_CATALOG,
  computeCartTotals,
  MAX_LINE_QUANTITY,
  type CartLine,
  type CartTotals,
  type Product,
  type ProductId,
} from '@store/core';

/** The quantity of each product as the operator typed it. */
export type TypedQuantities = Record<ProductId, string>;

/** Nothing of anything yet: every product at 0. */
export function noQuantities(): TypedQuantities {
  return Object.fromEntries(DEFAULT_CATALOG.map((product) => [product.id, '0'])) as TypedQuantities;
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
  /** Every product with its quantity as read (null: not a quantity). */
  read: { product: Product; quantity: number | null }[];
  /** Some quantity is not a whole number from 0 to the limit. */
  invalid: boolean;
  /** The products asked for, in the catalog's order. */
  lines: CartLine[];
  /** Priced by the core's one rule (the server prices it again); null until something valid is asked for. */
  totals: CartTotals | null;
}

/** What the typed quantities order, and what it costs. */
export function readOrderLines(quantities: TypedQuantities): OrderLines {
  const read = DEFAULT_CATALOG.map((product) => ({
    product,
    quantity: readQuantity(quantities[product.id] ?? '0'),
  }));
  const invalid = read.some((entry) => entry.quantity === null);
  const lines: CartLine[] = read.flatMap(({ product, quantity }) =>
    quantity ? [{ productId: product.id, quantity }] : [],
  );
  const totals = !invalid && lines.length > 0 ? computeCartTotals(lines, DEFAULT_CATALOG) : null;
  return { read, invalid, lines, totals };
}
