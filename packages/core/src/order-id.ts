/**
 * Order ids carry a prefix per payment channel (product §9): card orders through the hosted page,
 * Google Pay and Apple Pay; orders an operator takes by telephone for a customer; and orders paid through a
 * payment link an operator sent (decision 034). CardPointe accepts order ids of at most 19 characters.
 */
export const ORDER_ID_PREFIXES = {
  card: 'CC',
  googlepay: 'GP',
  applepay: 'AP',
  phone: 'PH',
  link: 'PL',
} as const;
export type OrderChannel = keyof typeof ORDER_ID_PREFIXES;
export const ORDER_CHANNELS = [
  'card',
  'googlepay',
  'applepay',
  'phone',
  'link',
] as const satisfies readonly OrderChannel[];

export const ORDER_ID_PATTERN = /^(CC|GP|AP|PH|PL)-[0-9A-Z]{12}$/;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function createOrderId(channel: OrderChannel): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  const body = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${ORDER_ID_PREFIXES[channel]}-${body}`;
}

export function orderChannelOf(orderId: string): OrderChannel | undefined {
  const prefix = orderId.slice(0, 2);
  return (Object.keys(ORDER_ID_PREFIXES) as OrderChannel[]).find((key) => ORDER_ID_PREFIXES[key] === prefix);
}

const WALLET_NAMES: Partial<Record<OrderChannel, string>> = {
  googlepay: 'Google Pay',
  applepay: 'Apple Pay',
};

/** The wallet an order was paid with ("Google Pay", "Apple Pay"), from its id; undefined for a card order. */
export function walletNameOf(orderId: string): string | undefined {
  const channel = orderChannelOf(orderId);
  return channel ? WALLET_NAMES[channel] : undefined;
}
