/**
 * What a shopper is told of a payment that did not go through, whichever way they paid: the hosted payment
 * page, a saved card or bank account, Google Pay or Apple Pay. One rule, so that a declined card reads the
 * same words on every way to pay: the server answers with these words, and the result page and the cart
 * headline a failure with them whatever a wallet put before or around them.
 */

/**
 * A refusal, in words that do not help a card tester (decision 025): the issuer's reason ("Do not honor",
 * "Insufficient funds") would tell which stolen numbers are live, so every decline reads the same.
 */
export const SHOPPER_DECLINE = {
  card: 'Your card was declined. Try another card or contact your bank.',
  ach: 'Your bank declined this payment. Try another payment method or contact your bank.',
} as const;

/** A processor that did not answer in time: nothing was approved, the shopper may try again. */
export const SHOPPER_RETRY = 'The bank did not answer in time. Nothing was charged; please try again.';

/**
 * Why a payment did not go through, as far as the shopper can act on it: declined (pay another way or ask
 * the bank), no answer in time (pay again in a moment), or not completed for another reason.
 */
export type PaymentFailureKind = 'declined' | 'no-answer' | 'not-completed';

function words(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Sorts a failure by what the shopper can do about it, in the store's own words: the code the server answers
 * with (`declined`, `retry`; its others, such as `not_found` or `amount_mismatch`, are neither), else its
 * sentences, wherever they stand (a wallet's headline in front of them): "declined" in both declines above,
 * "did not answer" in the retry above and in the words for a gateway that did not answer in time. No code
 * of the gateway's reaches the browser, nor an issuer's reason for a decline: the server's gateway adapter
 * reads them, and the server answers in these words.
 */
export function paymentFailureKindOf(errorCode: unknown, texts: readonly unknown[]): PaymentFailureKind {
  const code = words(errorCode);
  const said = texts.map(words).filter(Boolean).join(' ');
  if (code === 'retry' || /did not answer/i.test(said)) return 'no-answer';
  if (code === 'declined' || /\bdeclined\b/i.test(said)) return 'declined';
  return 'not-completed';
}

/**
 * The words a failed payment is headlined with: for a decline, the store's decline (a bank account's when
 * the words are a bank's), for no answer in time, the store's words for that; otherwise `otherwise`, the
 * words of the way to pay ("Payment processing failed", the server's message).
 */
export function paymentFailureHeadline(
  kind: PaymentFailureKind,
  texts: readonly unknown[],
  otherwise: string,
): string {
  if (kind === 'no-answer') return SHOPPER_RETRY;
  if (kind === 'declined') {
    const said = texts.map(words).filter(Boolean).join(' ');
    return said.includes(SHOPPER_DECLINE.ach) ? SHOPPER_DECLINE.ach : SHOPPER_DECLINE.card;
  }
  return otherwise;
}

/** A failure's kind and headline, from the code and words the way to pay answered with. */
export function describePaymentFailure(input: {
  errorCode?: unknown;
  texts: readonly unknown[];
  otherwise: string;
}): { kind: PaymentFailureKind; headline: string } {
  const kind = paymentFailureKindOf(input.errorCode, input.texts);
  return { kind, headline: paymentFailureHeadline(kind, input.texts, input.otherwise) };
}

/**
 * What is left of a failure's words once its headline is taken out ("Google Pay payment failed: Your card
 * was declined. …" leaves "Google Pay payment failed"): said under the headline, never twice. Null when
 * nothing is left.
 */
export function wordsBesideHeadline(said: unknown, headline: string): string | null {
  const text = words(said);
  if (!text) return null;
  const rest = text
    .replace(headline, '')
    .trim()
    .replace(/[\s:;,.-]+$/, '')
    .trim();
  return rest === '' ? null : rest;
}
