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
      anotherGateway: { errorCode: '05', texts: ['Do not honor'] },
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
    expect(paymentFailureKindOf('not_found', ['No payment was made for this order'])).toBe('not-completed');
    expect(paymentFailureKindOf('62', ['Timed out'])).toBe('no-answer');
    expect(paymentFailureKindOf(undefined, ['Insufficient funds'])).toBe('declined');
  });

  it('says what is left of the words once the headline is taken out, never the headline twice', () => {
    expect(
      wordsBesideHeadline(`Google Pay payment failed: ${SHOPPER_DECLINE.card}`, SHOPPER_DECLINE.card),
    ).toBe('Google Pay payment failed');
    expect(wordsBesideHeadline(SHOPPER_DECLINE.card, SHOPPER_DECLINE.card)).toBeNull();
    expect(wordsBesideHeadline(null, SHOPPER_DECLINE.card)).toBeNull();
  });
});
