import { describe, expect, it } from 'vitest';
import { paymentMoneyFacts } from './payment-money-facts';

const captured = { captureAmount: 15.74, refundAmount: 0, refundableAmount: 15.74 };

describe('paymentMoneyFacts', () => {
  it('a charge cancelled before settlement reads Cancelled, never charged, and nothing refundable', () => {
    expect(
      paymentMoneyFacts({ ...captured, refundAmount: 15.74, refundableAmount: 0, chargeCancelled: true }),
    ).toEqual([['Cancelled', '$15.74, never charged']]);
  });

  it('a refund only scheduled is not refunded yet', () => {
    expect(paymentMoneyFacts({ ...captured, scheduledRefundAmount: 5, refundableAmount: 10.74 })).toEqual([
      ['Refunded', '$0.00'],
      ['Refund scheduled', '$5.00, sent after settlement'],
      ['Refundable', '$10.74'],
    ]);
  });

  it('a partial capture refunds at most what was captured', () => {
    expect(paymentMoneyFacts({ captureAmount: 7, refundAmount: 0, refundableAmount: 7 })).toEqual([
      ['Refunded', '$0.00'],
      ['Refundable', '$7.00'],
    ]);
  });

  it('says what a dispute or the bank took back', () => {
    expect(
      paymentMoneyFacts({ ...captured, captureAmount: 7.66, disputedAmount: 7.66, refundableAmount: 7.66 }),
    ).toContainEqual(['Charged back', '$7.66 taken back by a dispute']);
    expect(
      paymentMoneyFacts({ ...captured, captureAmount: 10.49, returnedByBank: true, refundableAmount: 0 }),
    ).toEqual([
      ['Refunded', '$0.00'],
      ['Returned by the bank', '$10.49'],
      ['Refundable', '$0.00'],
    ]);
  });
});
