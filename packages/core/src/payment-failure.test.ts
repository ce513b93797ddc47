import { describe, expect, it } from 'vitest';
import {
  describePaymentFailure,
  paymentFailureKindOf,
  SHOPPER_DECLINE,
  SHOPPER_RETRY,
  wordsBesideHeadline,
} from './payment-failure';

const FAILED = 'Payment processing failed';

describe('one decline wording for every way to pay', () => {
  it('headlines a declined card with the same words on the hosted page, a saved card and both wallets', () => {
    const answers = {
      hostedPage: { errorCode: 'declined', texts: [SHOPPER_DECLINE.card] },
      savedCard: { texts: [SHOPPER_DECLINE.card] },
      googlePay: { texts: [`Google Pay payment failed: ${SHOPPER_DECLINE.card}`] },
      applePay: { texts: [`Apple Pay payment failed: ${SHOPPER_DECLINE.card}`] },
    };
    for (const [way, answer] of Object.entries(answers)) {
      expect(describePaymentFailure({ ...answer, otherwise: FAILED }), way).toEqual({
        kind: 'declined',
        headline: 'Your card was declined. Try another card or contact your bank.',
      });
    }
  });

  it("keeps a bank account's own decline, and says no answer in time in one set of words", () => {
    expect(describePaymentFailure({ texts: [SHOPPER_DECLINE.ach], otherwise: FAILED })).toEqual({
      kind: 'declined',
      headline: SHOPPER_DECLINE.ach,
    });
    expect(
      describePaymentFailure({ texts: [`Google Pay payment failed: ${SHOPPER_RETRY}`], otherwise: FAILED }),
    ).toEqual({ kind: 'no-answer', headline: SHOPPER_RETRY });
    expect(describePaymentFailure({ errorCode: 'retry', texts: [], otherwise: FAILED }).headline).toBe(
      SHOPPER_RETRY,
    );
  });

  it("leaves a failure that is no decline in the way to pay's own words", () => {
    expect(
      describePaymentFailure({
        texts: ['Google Pay payment failed: Internal Server Error'],
        otherwise: FAILED,
      }),
    ).toEqual({ kind: 'not-completed', headline: FAILED });
    // The server's other codes of a failed verification.
    expect(paymentFailureKindOf('not_found', ['No payment was made for this order'])).toBe('not-completed');
    expect(paymentFailureKindOf('amount_mismatch', ['The amount paid does not match the order total'])).toBe(
      'not-completed',
    );
    expect(
      paymentFailureKindOf('superseded', ['This payment is no longer valid. Nothing was charged.']),
    ).toBe('not-completed');
    expect(paymentFailureKindOf('voided', ['This payment is no longer valid. Nothing was charged.'])).toBe(
      'not-completed',
    );
  });

  it("sorts by the store's codes and words only, never by a code of the gateway's", () => {
    expect(paymentFailureKindOf('declined', [SHOPPER_DECLINE.ach])).toBe('declined');
    expect(paymentFailureKindOf(null, [SHOPPER_DECLINE.ach])).toBe('declined');
    expect(paymentFailureKindOf('retry', [SHOPPER_RETRY])).toBe('no-answer');
    // A wallet's token the gateway did not answer for in time, as the server words it.
    expect(paymentFailureKindOf(null, ['The payment gateway did not answer in time'])).toBe('no-answer');
    // The server never sends a code of the gateway's: one is no decline of the store's.
    expect(paymentFailureKindOf('05', [null])).toBe('not-completed');
  });

  it('says what is left of the words once the headline is taken out, never the headline twice', () => {
    expect(
      wordsBesideHeadline(`Google Pay payment failed: ${SHOPPER_DECLINE.card}`, SHOPPER_DECLINE.card),
    ).toBe('Google Pay payment failed');
    expect(wordsBesideHeadline(SHOPPER_DECLINE.card, SHOPPER_DECLINE.card)).toBeNull();
    expect(wordsBesideHeadline(null, SHOPPER_DECLINE.card)).toBeNull();
  });
});
