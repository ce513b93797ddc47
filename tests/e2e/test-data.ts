/**
 * The card numbers, CVVs and bank account numbers the end-to-end tests type (into the hosted payment page,
 * the Add Payment Method dialog, or a form they post themselves) or pick in the sandbox wallets' sheets.
 * The specs take them from here, and after the run `scripts/scan-card-data.ts` looks for every one of them
 * in the store's log, a dump of its database and its data directory: a value typed but not listed here could
 * be kept without the scan noticing, so never write one into a spec directly.
 */

/** Sandbox test cards (README, "Test cards"), written as a shopper types them. */
export const CARDS = {
  /** VISA, approved. */
  visa: '4111 1111 1111 1111',
  /** MASTERCARD, approved. */
  mastercard: '5454 5454 5454 5454',
  /** MASTERCARD of the 2-series (2221–2720), approved. */
  mastercard2Series: '2223 0031 2200 3222',
  /** AMEX, approved (15 digits, grouped 4-6-5). */
  amex: '3782 822463 10005',
  /** VISA, declined: Do not honor (05). */
  declined: '4387 7511 1111 1038',
  /** The approved VISA typed with a dash and four digits too many: the card field keeps the first 16. */
  visaMistyped: '4111-1111 1111 1111 9999',
} as const;

/** The CVV typed with every card. */
export const CVV = '123';

export const BANK_ACCOUNTS = {
  /** Saved as a checking account: "•••• 6789". */
  checking: '123456789',
  /** Typed in the Add Payment Method dialog's validation walk-through; the form is never sent. */
  short: '12345',
} as const;

/**
 * Not a secret, and not scanned for: a routing number names a bank (it is printed on every cheque), and the
 * gateway keeps it with the bank account's token.
 */
export const ROUTING_NUMBER = '036001808';

export interface TypedSecret {
  label: string;
  value: string;
  kind: 'card' | 'cvv' | 'bank-account';
}

/** Everything above that must never be kept: what the card data scan looks for. */
export const TYPED_SECRETS: readonly TypedSecret[] = [
  ...Object.entries(CARDS).map(([name, value]) => ({ label: `card ${name}`, value, kind: 'card' as const })),
  { label: 'CVV', value: CVV, kind: 'cvv' },
  ...Object.entries(BANK_ACCOUNTS).map(([name, value]) => ({
    label: `bank account ${name}`,
    value,
    kind: 'bank-account' as const,
  })),
];

/**
 * A card of the sandbox wallets' sheets by the name the sheet gives it ("Visa •••• 1111"): the sheet sends
 * the card's whole number, sealed, through the store to the gateway, so it must be one of `CARDS`.
 */
export function walletSheetCard(network: string, card: string): RegExp {
  return new RegExp(`${network} •••• ${card.replace(/\D/g, '').slice(-4)}`);
}
