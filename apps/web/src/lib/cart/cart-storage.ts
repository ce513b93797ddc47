import { PRODUCT_ID_PATTERN, type ProductId } from '@store/core';
import { getSessionStorage, type KeyValueStorage } from '../browser-storage';
import { clampQuantity, type KeptCartLine } from './cart-lines';

/**
 * The cart is kept for the browser tab (sessionStorage), so that it survives the trip to the hosted payment
 * page and back: products and quantities only, never anything about a card.
 */
export const CART_STORAGE_KEYS = {
  lines: 'cart',
  /** The payment request that is paying for the cart as it stands (cleared by any change to the cart). */
  checkoutRequestId: 'cartCheckoutRequestId',
  /**
   * The cart's id, sent with every checkout attempt (decision 047): the store records one payment for it,
   * whatever its attempts do (a second tab, Back to an older payment page). A new one once it is paid.
   */
  cartId: 'cartId',
} as const;

function isProductId(value: unknown): value is ProductId {
  return typeof value === 'string' && PRODUCT_ID_PATTERN.test(value);
}

/** The stored cart; what cannot be read (another version's record, a hand edit) is left out. */
export function readStoredCart(storage: KeyValueStorage = getSessionStorage()): KeptCartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(CART_STORAGE_KEYS.lines) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: KeptCartLine[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { productId, quantity, name } = entry as Record<string, unknown>;
    if (!isProductId(productId) || typeof quantity !== 'number') continue;
    if (lines.some((line) => line.productId === productId)) continue;
    const line: KeptCartLine = { productId, quantity: clampQuantity(quantity) };
    if (typeof name === 'string' && name !== '') line.name = name;
    lines.push(line);
  }
  return lines;
}

export function storeCart(
  lines: readonly KeptCartLine[],
  storage: KeyValueStorage = getSessionStorage(),
): void {
  if (lines.length === 0) {
    storage.removeItem(CART_STORAGE_KEYS.lines);
    return;
  }
  // The name is kept so that a product withdrawn while in the cart can still be named when it is removed.
  const record = lines.map(({ productId, quantity, name }) => ({ productId, quantity, name }));
  storage.setItem(CART_STORAGE_KEYS.lines, JSON.stringify(record));
}

/** Notes that this payment request pays for the cart as it stands. */
export function markCartCheckout(requestId: string, storage: KeyValueStorage = getSessionStorage()): void {
  storage.setItem(CART_STORAGE_KEYS.checkoutRequestId, requestId);
}

export function forgetCartCheckout(storage: KeyValueStorage = getSessionStorage()): void {
  storage.removeItem(CART_STORAGE_KEYS.checkoutRequestId);
}

/** True when the stored cart is the one this payment request paid for (unchanged since it started). */
export function isCartPaidBy(requestId: string, storage: KeyValueStorage = getSessionStorage()): boolean {
  return storage.getItem(CART_STORAGE_KEYS.checkoutRequestId) === requestId;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id of the cart this tab holds, made when first asked for. */
export function cartIdOf(storage: KeyValueStorage = getSessionStorage()): string {
  const stored = storage.getItem(CART_STORAGE_KEYS.cartId);
  if (stored && UUID_PATTERN.test(stored)) return stored;
  const made = crypto.randomUUID();
  storage.setItem(CART_STORAGE_KEYS.cartId, made);
  return made;
}

/** The cart was paid: whatever the tab fills next is a new cart, with an id of its own. */
export function forgetCartId(storage: KeyValueStorage = getSessionStorage()): void {
  storage.removeItem(CART_STORAGE_KEYS.cartId);
}
