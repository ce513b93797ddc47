import { isCardExpired, type SavedPaymentMethod } from '@store/core';

/** "VISA •••• 1111", "Checking · First Bank •••• 3210". */
export function methodTitle(method: SavedPaymentMethod): string {
  if (method.paymentType === 'ACH') {
    const type = method.accountType === 'SAVINGS' ? 'Savings' : 'Checking';
    return `${type} · ${method.bankName ?? 'Bank account'} •••• ${method.last4}`;
  }
  return `${method.cardType} •••• ${method.last4}`;
}

/** True for a card whose expiry month has ended: it cannot be charged any more. */
export function isMethodExpired(method: SavedPaymentMethod, now: Date = new Date()): boolean {
  if (method.paymentType === 'ACH' || !method.expiryMonth || !method.expiryYear) return false;
  return isCardExpired(method.expiryMonth, method.expiryYear, now);
}

/** "Expires 12/2030" ("Expired 01/2026" once past), or the routing number's end for a bank account. */
export function methodDetail(method: SavedPaymentMethod, now: Date = new Date()): string {
  if (method.paymentType === 'ACH') return `Routing •••• ${method.routingNumberLast4 ?? ''}`;
  const date = `${method.expiryMonth ?? '--'}/${method.expiryYear ?? '----'}`;
  return isMethodExpired(method, now) ? `Expired ${date}` : `Expires ${date}`;
}

/**
 * The method the cart offers first: the default one, else the first saved (product §4), passing over
 * expired cards, which would only be declined; none (the hosted page) when every card has expired.
 */
export function preselectedMethod(
  methods: readonly SavedPaymentMethod[],
  now: Date = new Date(),
): SavedPaymentMethod | undefined {
  const usable = methods.filter((method) => !isMethodExpired(method, now));
  return usable.find((method) => method.isDefault) ?? usable[0];
}

/**
 * Whether a customer whose payment with `failedId` did not go through has another saved method to choose
 * (decision 050): one that has not expired and was not declined in this cart. With one, the cart stays open
 * for the choice; without, it falls back to the hosted page after 2 s (product §4).
 */
export function hasAnotherSavedMethod(
  methods: readonly SavedPaymentMethod[],
  failedId: string,
  declinedIds: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): boolean {
  return methods.some(
    (method) => method.id !== failedId && !declinedIds.has(method.id) && !isMethodExpired(method, now),
  );
}
