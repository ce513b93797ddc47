import type { CardRow } from './store';
import { binFactsOf } from './verification';

/**
 * The BIN service's answer. Visa and Mastercard answer every field; for other brands CardPointe says only
 * country, product and bin are relevant, so only those are sent.
 */
export type BinAnswer =
  | {
      country: string;
      product: string;
      bin?: string;
      cardusestring?: string;
      gsa?: boolean;
      corporate?: boolean;
      fsa?: boolean;
      subtype?: string;
      purchase?: boolean;
      prepaid?: boolean;
      issuer?: string;
      binlo?: string;
      binhi?: string;
    }
  | { success: boolean; errormsg: string };

/** The sandbox's cards are credit cards (consumer ones issued in the US, but for the BINs of verification.ts). */
const CONSUMER_CREDIT_USE = 'True credit, No PIN/Signature capability';
const FULL_BIN_PRODUCTS = new Set(['V', 'M']);

const BIN_PRODUCTS: Partial<Record<CardRow['brand'], string>> = {
  VISA: 'V',
  MASTERCARD: 'M',
  AMEX: 'A',
  DISCOVER: 'D',
};

/** The BIN service's answer for a card, also sent as `binInfo` by an authorization that asks for it. */
export function binAnswerOf(card: CardRow): BinAnswer {
  const product = BIN_PRODUCTS[card.brand];
  if (!product) return { success: true, errormsg: 'No bin information found.' };
  const bin = card.bin ? { bin: card.bin } : {};
  const facts = binFactsOf(card.bin);
  if (!FULL_BIN_PRODUCTS.has(product)) return { country: facts.country, product, ...bin };
  return {
    country: facts.country,
    product,
    ...bin,
    cardusestring: CONSUMER_CREDIT_USE,
    gsa: false,
    corporate: facts.corporate,
    fsa: false,
    subtype: '',
    purchase: false,
    prepaid: facts.prepaid,
    issuer: '',
    // The range is masked after its first six digits; the sandbox's ranges are one BIN wide.
    ...(card.bin ? { binlo: `${card.bin}XXX`, binhi: `${card.bin}XXX` } : {}),
  };
}
