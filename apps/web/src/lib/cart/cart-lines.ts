import {
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  type CartLine,
  type Product,
  type ProductId,
} from '@store/core';
import { notSoldMessage } from '../catalog/storefront-catalog';

/** A cart line as the tab keeps it: with the product's last known name, for when it is no longer sold. */
export interface KeptCartLine extends CartLine {
  name?: string;
}

/** Keeps a quantity a whole number between the line limits. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_LINE_QUANTITY;
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.trunc(quantity)));
}

/**
 * Adds a product: a product already in the cart has its quantity raised by the chosen quantity
 * (capped at the line maximum); a new product is appended, keeping the order items were added in.
 */
export function addToLines<Line extends CartLine>(
  lines: readonly Line[],
  productId: ProductId,
  quantity: number,
): (Line | CartLine)[] {
  const added = clampQuantity(quantity);
  const existing = lines.find((line) => line.productId === productId);
  if (!existing) return [...lines, { productId, quantity: added }];
  return lines.map((line) =>
    line.productId === productId ? { ...line, quantity: clampQuantity(line.quantity + added) } : line,
  );
}

export function setLineQuantity<Line extends CartLine>(
  lines: readonly Line[],
  productId: ProductId,
  quantity: number,
): Line[] {
  return lines.map((line) =>
    line.productId === productId ? { ...line, quantity: clampQuantity(quantity) } : line,
  );
}

export function removeLine<Line extends CartLine>(lines: readonly Line[], productId: ProductId): Line[] {
  return lines.filter((line) => line.productId !== productId);
}

export function countItems(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** How many of `quantity` adding it to the cart really adds: the line holds at most the line maximum. */
export function quantityAdded(lines: readonly CartLine[], productId: ProductId, quantity: number): number {
  const before = lines.find((line) => line.productId === productId)?.quantity ?? 0;
  const after = addToLines(lines, productId, quantity).find((line) => line.productId === productId)!.quantity;
  return after - before;
}

/** Why fewer were added than chosen: a line of an order holds at most MAX_LINE_QUANTITY. */
export function limitNote(chosen: number, added: number): string {
  const most = `An order holds at most ${MAX_LINE_QUANTITY} of a product`;
  if (added === 0) return `${most}: the ${chosen} you chose ${chosen === 1 ? 'was' : 'were'} not added.`;
  return `${most}: only ${added} of the ${chosen} you chose ${added === 1 ? 'was' : 'were'} added.`;
}

export interface CartAgainstCatalog {
  /** The lines whose products are still sold, each with the product's name of now. */
  lines: KeptCartLine[];
  /** One sentence per line removed because its product is no longer sold. */
  removed: string[];
  /** False when the lines are the very ones given (nothing removed, no name changed). */
  changed: boolean;
}

/**
 * The cart held against the catalog on sale: a product withdrawn while it sat in the cart (the tab keeps the
 * cart) leaves it, and the shopper is told by name; could the name not be kept, the sentence says "A product".
 */
export function reconcileCartWithCatalog(
  lines: readonly KeptCartLine[],
  catalog: readonly Pick<Product, 'id' | 'name'>[],
): CartAgainstCatalog {
  const kept: KeptCartLine[] = [];
  const removed: string[] = [];
  let changed = false;
  for (const line of lines) {
    const product = catalog.find((candidate) => candidate.id === line.productId);
    if (!product) {
      removed.push(notSoldMessage(line.name));
      changed = true;
      continue;
    }
    if (line.name !== product.name) changed = true;
    kept.push({ ...line, name: product.name });
  }
  return { lines: changed ? kept : [...lines], removed, changed };
}
