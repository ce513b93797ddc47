import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '@store/core';

export interface SettledQuantity {
  quantity: number;
  /** Why the field shows something other than what was typed; absent when it took the text as it was. */
  note?: string;
}

/** A quantity typed exactly as the field keeps it: digits only, within the line limits. */
export function readPlainQuantity(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const quantity = Number(text);
  return quantity >= MIN_LINE_QUANTITY && quantity <= MAX_LINE_QUANTITY ? quantity : undefined;
}

/**
 * What the quantity field settles on when the shopper leaves it or presses Enter, and what it tells them
 * when that is not what they typed: 0 and negatives become 1, fractions are rounded down, exponents are
 * read as numbers, more than the line maximum becomes the maximum; anything unreadable keeps the last value.
 */
export function settleQuantity(text: string, current: number): SettledQuantity {
  const trimmed = text.trim();
  const plain = readPlainQuantity(trimmed);
  if (plain !== undefined) return { quantity: plain };
  const typed = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(typed)) {
    return {
      quantity: current,
      note: `Enter a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}. The quantity stays ${current}.`,
    };
  }
  const reasons: string[] = [];
  let quantity = typed;
  if (/e/i.test(trimmed)) reasons.push(`${trimmed} means ${typed.toLocaleString('en-US')}`);
  if (!Number.isInteger(quantity)) {
    quantity = Math.floor(quantity);
    reasons.push('quantities are whole numbers');
  }
  if (quantity < MIN_LINE_QUANTITY) {
    quantity = MIN_LINE_QUANTITY;
    reasons.push(`the smallest quantity is ${MIN_LINE_QUANTITY}`);
  } else if (quantity > MAX_LINE_QUANTITY) {
    quantity = MAX_LINE_QUANTITY;
    reasons.push(`at most ${MAX_LINE_QUANTITY} of a product fit in one order`);
  }
  const because = reasons.join(' and ');
  return {
    quantity,
    note: `${because.charAt(0).toUpperCase()}${because.slice(1)}, so the quantity is ${quantity}.`,
  };
}
