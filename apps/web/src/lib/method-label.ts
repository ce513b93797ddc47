import type { SavedPaymentMethod } from '@store/core';

/** "VISA •••• 1111", "Checking · First Bank •••• 3210". */
export function methodTitle(method: SavedPaymentMethod): string {
  if (method.paymentType === 'ACH') {
    const type = method.accountType === 'SAVINGS' ? 'Savings' : 'Checking';
    return `${type} · ${method.bankName ?? 'Bank account'} •••• ${method.last4}`;
  }
  return `${method.cardType} •••• ${method.last4}`;
}

/** "Expires 12/2030", or the routing number's end for a bank account. */
export function methodDetail(method: SavedPaymentMethod): string {
  if (method.paymentType === 'ACH') return `Routing •••• ${method.routingNumberLast4 ?? ''}`;
  return `Expires ${method.expiryMonth ?? '--'}/${method.expiryYear ?? '----'}`;
}

/** The method the cart offers first: the default one, else the first saved (product §4). */
export function preselectedMethod(methods: readonly SavedPaymentMethod[]): SavedPaymentMethod | undefined {
  return methods.find((method) => method.isDefault) ?? methods[0];
}
