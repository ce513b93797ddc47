import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, type CartLine, type ProductId } from '@store/core';

/** Keeps a quantity a whole number between the line limits. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_LINE_QUANTITY;
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.trunc(quantity)));
}

/**
 * Adds a product: a product already in the cart has its quantity raised by the chosen quantity
 * (capped at the line maximum); a new product is appended, keeping the order items were added in.
 */
export function addToLines(lines: readonly CartLine[], productId: ProductId, quantity: number): CartLine[] {
  const added = clampQuantity(quantity);
  const existing = lines.find((line) => line.productId === productId);
  if (!existing) return [...lines, { productId, quantity: added }];
  return lines.map((line) =>
    line.productId === productId ? { ...line, quantity: clampQuantity(line.quantity + added) } : line,
  );
}

export function setLineQuantity(
  lines: readonly CartLine[],
  productId: ProductId,
  quantity: number,
): CartLine[] {
  return lines.map((line) =>
    line.productId === productId ? { ...line, quantity: clampQuantity(quantity) } : line,
  );
}

export function removeLine(lines: readonly CartLine[], productId: ProductId): CartLine[] {
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
