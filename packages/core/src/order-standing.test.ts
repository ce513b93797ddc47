import { describe, expect, it } from 'vitest';
import {
  orderStandingFields,
  orderStandingFromFields,
  orderStandingOf,
  orderStandingText,
  type PaymentMoney,
} from './order-standing';

const approved = { status: 'approved' as const };
/** $15.74 authorized, nothing captured yet. */
const authorized: PaymentMoney = {
  captureStatus: 'authorized',
  authorizedCents: 1574,
  capturedCents: 0,
  refundedCents: 0,
  cancelledCents: 0,
  scheduledRefundCents: 0,
  unconfirmedRefundCents: 0,
  chargedBackCents: 0,
  returnedCents: 0,
  refundableCents: 0,
  disputed: false,
  returned: false,
};
const captured: PaymentMoney = { ...authorized, captureStatus: 'captured', capturedCents: 1574 };
const standing = (money: PaymentMoney | undefined, fulfilment: 'shipped' | 'unfulfilled' = 'unfulfilled') => {
  const found = orderStandingOf(approved, money, fulfilment);
  return { ...found, text: orderStandingText(found, 1574) };
};

describe('orderStandingOf and its words (decision 048)', () => {
  it('tells an order by its payment request before anything is authorized', () => {
    expect(orderStandingOf({ status: 'pending' }, undefined).status).toBe('awaiting_payment');
    expect(orderStandingOf({ status: 'declined', failure: 'declined' }, undefined).status).toBe(
      'payment_failed',
    );
    expect(orderStandingOf({ status: 'failed', failure: 'not_confirmed' }, undefined).status).toBe(
      'payment_failed',
    );
    // Left unpaid, or paid when it could no longer be and voided: nothing failed, nothing was charged.
    for (const failure of ['abandoned', 'superseded']) {
      const found = orderStandingOf({ status: 'failed', failure }, undefined);
      expect(found).toEqual({ status: 'not_paid', amountCents: null });
      expect(orderStandingText(found, 1574)).toBe('$15.74, nothing charged');
    }
  });

  it('a partial capture reads paid in part with what was charged, not the order total', () => {
    expect(standing({ ...captured, captureStatus: 'partially_captured', capturedCents: 700 })).toEqual({
      status: 'partially_paid',
      amountCents: 700,
      text: 'Paid $7.00 of $15.74',
    });
    // Settled, it is still the same $7.00.
    expect(standing({ ...captured, captureStatus: 'settled', capturedCents: 700 }).text).toBe(
      'Paid $7.00 of $15.74',
    );
    expect(standing(captured)).toMatchObject({ status: 'paid', text: 'Paid $15.74' });
    expect(standing(authorized)).toMatchObject({
      status: 'authorized',
      held: true,
      text: '$15.74 authorized, not charged yet',
    });
  });

  it('a charge cancelled before settlement is cancelled everywhere, never refunded', () => {
    expect(standing({ ...captured, cancelledCents: 1574 }, 'shipped')).toEqual({
      status: 'cancelled',
      amountCents: 1574,
      text: 'Cancelled: nothing charged',
    });
    expect(standing({ ...authorized, captureStatus: 'voided' }).status).toBe('cancelled');
    expect(standing({ ...authorized, captureStatus: 'expired' }).status).toBe('cancelled');
  });

  it('a refund only scheduled refunds nothing yet; one done is refunded, in part or whole', () => {
    expect(standing({ ...captured, scheduledRefundCents: 500 })).toEqual({
      status: 'refund_scheduled',
      amountCents: 500,
      text: 'Refund of $5.00 scheduled, nothing refunded yet',
    });
    // An unconfirmed refund changes no word: nothing is known to be given back yet.
    expect(standing({ ...captured, unconfirmedRefundCents: 500 }).status).toBe('paid');
    expect(standing({ ...captured, refundedCents: 500, scheduledRefundCents: 300 }, 'shipped')).toMatchObject(
      {
        status: 'partially_refunded',
        text: 'Refunded $5.00',
      },
    );
    expect(standing({ ...captured, refundedCents: 1574 }).status).toBe('refunded');
  });

  it("a bank's return, then a cardholder's dispute, says more than anything else, with what was taken back", () => {
    const settled = { ...captured, captureStatus: 'settled' };
    expect(standing({ ...settled, returned: true, returnedCents: 1574 }, 'shipped')).toMatchObject({
      status: 'payment_returned',
      text: '$15.74 returned by the bank',
    });
    expect(
      standing({ ...settled, refundedCents: 500, disputed: true, chargedBackCents: 1066 }, 'shipped'),
    ).toMatchObject({ status: 'disputed', text: '$10.66 taken back by a dispute' });
  });

  it('says shipped once the goods left, with what was paid or only held', () => {
    expect(
      standing({ ...captured, capturedCents: 700, captureStatus: 'partially_captured' }, 'shipped'),
    ).toMatchObject({
      status: 'shipped',
      text: 'Shipped, $7.00 paid of $15.74',
    });
    expect(standing(authorized, 'shipped')).toMatchObject({
      status: 'shipped',
      text: 'Shipped, $15.74 authorized',
    });
  });

  it('goes to the browser and back unchanged', () => {
    for (const money of [undefined, authorized, captured, { ...captured, scheduledRefundCents: 500 }]) {
      const found = orderStandingOf(approved, money);
      expect(orderStandingFromFields(orderStandingFields(found))).toEqual(found);
    }
  });
});
