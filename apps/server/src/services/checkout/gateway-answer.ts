import type { OrderDelivery } from '@store/core';
import type { KeptGatewayAnswer } from '../../db/checkout-store';
import type { AuthorizationChecks, AuthorizeInput, BinFacts } from '../../gateway/payment-gateway';

/**
 * What the store keeps of the gateway's answer to an authorization, on every channel (decision 029): the
 * response code, the AVS and CVV result codes, the card's BIN facts and the last 4 the gateway named (so
 * that a declined card is found by them as a paid one is), for the operator. The codes are kept as the
 * gateway sent them and explained when shown, by the gateway adapter (`avsResultOf`, `cvvResultOf`,
 * `authorizationAnswerOf` in gateway/cardpointe-codes.ts). No card data beyond the last 4 is among them.
 */

/** The BIN facts the gateway's BIN service gave for the card, where the authorization gave none. */
type BinSource = Partial<BinFacts> | undefined;

/**
 * The columns to keep of an answer. Values the payment request's columns cannot hold (a blank code, a
 * country that is not a country code) are left out rather than refused: they are facts for the
 * operator, never a reason to lose the record of a payment.
 */
export function keptAnswerOf(
  answer: { respcode?: string; last4?: string } & AuthorizationChecks,
  binService?: BinSource,
): KeptGatewayAnswer {
  const respcode = answer.respcode?.trim();
  const bin = answer.bin ?? binService;
  const country = bin?.country?.trim().toUpperCase();
  return {
    ...(respcode && respcode.length <= 10 ? { respcode } : {}),
    ...(answer.last4 && /^\d{4}$/.test(answer.last4) ? { last4: answer.last4 } : {}),
    ...(answer.avsResponse ? { avsResponse: answer.avsResponse } : {}),
    ...(answer.cvvResponse ? { cvvResponse: answer.cvvResponse } : {}),
    ...(country && /^[A-Z]{2,3}$/.test(country) ? { binCountry: country } : {}),
    ...(bin && bin.prepaid !== undefined ? { binPrepaid: bin.prepaid } : {}),
    ...(bin && bin.corporate !== undefined ? { binCorporate: bin.corporate } : {}),
  };
}

/**
 * The address a card payment the store asks for itself (a saved card, a wallet) sends for the address
 * check: the order's delivery address, the only one the store has. A match says the goods go to the
 * cardholder's billing address; a mismatch is for the operator to look at, not a refusal.
 */
export function avsAddressOf(delivery: OrderDelivery): NonNullable<AuthorizeInput['address']> {
  const { address } = delivery;
  return { street: address.address, postal: address.zip, country: address.country };
}
