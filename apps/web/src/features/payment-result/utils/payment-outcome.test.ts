import { describe, expect, it } from 'vitest';
import {
  RESULT_MESSAGES,
  adviseOnFailure,
  describePaymentMethod,
  interpretVerifyFailure,
  interpretVerifyResponse,
  resolveInitialOutcome,
  tryAgainOf,
} from './payment-outcome';

const CARD_DECLINED = 'Your card was declined. Try another card or contact your bank.';

describe('resolveInitialOutcome', () => {
  const fresh = { kind: 'fresh', requestId: 'req-1', amount: '68.20' } as const;

  it('fails at once on status=failed or a stored wallet error', () => {
    expect(resolveInitialOutcome({ urlStatus: 'failed', walletError: null, stored: fresh })).toMatchObject({
      state: 'failed',
      message: 'Payment processing failed',
    });
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: 'Apple Pay payment failed', stored: fresh }),
    ).toEqual({
      state: 'failed',
      kind: 'not-completed',
      message: 'Payment processing failed',
      details: 'Apple Pay payment failed',
    });
  });

  it('headlines a declined wallet card as a hosted-page decline is headlined, the wallet named below', () => {
    for (const wallet of ['Google Pay', 'Apple Pay']) {
      for (const urlStatus of ['failed', null]) {
        expect(
          resolveInitialOutcome({
            urlStatus,
            walletError: `${wallet} payment failed: ${CARD_DECLINED}`,
            stored: fresh,
          }),
        ).toEqual({
          state: 'failed',
          kind: 'declined',
          message: CARD_DECLINED,
          details: `${wallet} payment failed`,
        });
      }
    }
    // The same words as the hosted page's decline, as the server answers it.
    expect(
      interpretVerifyResponse(
        { status: 'error', message: CARD_DECLINED, error: CARD_DECLINED, errorcode: 'declined' },
        null,
      ),
    ).toMatchObject({ kind: 'declined', message: CARD_DECLINED });
  });

  it('treats a cancel on the hosted page as no result at all, not a failure, naming the attempt to close', () => {
    // The attempt the page sends the shopper back from is the one cancelled, whatever is stored.
    const attempt = '0f1e2d3c-4b5a-4697-8877-665544332211';
    expect(
      resolveInitialOutcome({
        urlStatus: 'cancelled',
        walletError: null,
        stored: fresh,
        urlAttempt: attempt,
      }),
    ).toEqual({ state: 'cancelled', requestId: attempt });
    // Never the stored request: it may be a newer attempt, started in another tab.
    expect(resolveInitialOutcome({ urlStatus: 'cancelled', walletError: null, stored: fresh })).toEqual({
      state: 'cancelled',
      requestId: null,
    });
    expect(
      resolveInitialOutcome({
        urlStatus: 'cancelled',
        walletError: null,
        stored: { kind: 'none' },
        urlAttempt: 'not-an-attempt',
      }),
    ).toEqual({ state: 'cancelled', requestId: null });
  });

  it('explains a missing or incomplete record', () => {
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: null, stored: { kind: 'none' } }),
    ).toMatchObject({
      message: 'No payment information found. Please return to the store.',
    });
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: null, stored: { kind: 'incomplete' } }),
    ).toMatchObject({ message: 'Payment information incomplete. No request ID found.' });
  });

  it('verifies a fresh request', () => {
    expect(resolveInitialOutcome({ urlStatus: 'success', walletError: null, stored: fresh })).toEqual({
      state: 'processing',
      requestId: 'req-1',
      storedAmount: '68.20',
    });
  });

  it('verifies the attempt the shopper came back from, when it is not the stored one (decision 047)', () => {
    const older = '0b7d6a3e-51f4-4c8e-9d7a-2f3b4c5d6e7f';
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: null, stored: fresh, urlAttempt: older }),
    ).toEqual({ state: 'processing', requestId: older, storedAmount: null });
    // The stored one named again keeps its amount; something that is not an id is not sent.
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: null, stored: fresh, urlAttempt: 'req-1' }),
    ).toEqual({ state: 'processing', requestId: 'req-1', storedAmount: '68.20' });
    expect(
      resolveInitialOutcome({ urlStatus: null, walletError: null, stored: fresh, urlAttempt: '../x' }),
    ).toEqual({ state: 'processing', requestId: 'req-1', storedAmount: '68.20' });
    // Without a stored request of its 30 minutes, the address alone shows nothing (product §5).
    expect(
      resolveInitialOutcome({
        urlStatus: null,
        walletError: null,
        stored: { kind: 'none' },
        urlAttempt: older,
      }),
    ).toMatchObject({ state: 'failed', kind: 'no-payment' });
  });
});

describe('interpretVerifyResponse', () => {
  it('builds the receipt of an approved payment', () => {
    const outcome = interpretVerifyResponse(
      {
        status: 'success',
        message: 'Payment verified',
        paymentDetails: {
          orderId: 'CC-ABCDEF123456',
          paymentMethod: 'VISA',
          transactionStatus: 'Approved',
          transaction: '123456789012',
          amount: 68.2,
          last4: '1111',
          authorizationCode: 'PPS123',
          transactionDate: '2025-06-01T14:30:00.000Z',
        },
      },
      '68.20',
    );
    expect(outcome).toEqual({
      state: 'success',
      receipt: {
        orderId: 'CC-ABCDEF123456',
        amountPaid: '$68.20',
        paymentMethod: 'VISA •••• 1111',
        authorizationCode: 'PPS123',
        transactionDate: '2025-06-01T14:30:00.000Z',
        testMode: false,
        testModeReason: null,
        bankPayment: false,
      },
      order: null,
    });
  });

  it('gives the order that was paid for, with its delivery and receipt link', () => {
    const order = {
      orderId: 'CC-ABCDEF123456',
      items: [
        { productId: 'paper-ream-500', name: 'Copy paper', quantity: 2, unitPrice: 9.99, lineTotal: 19.98 },
      ],
      subtotal: 19.98,
      tax: 1,
      total: 20.98,
      contactEmail: 'pat@example.com',
      deliveryAddress: {
        name: 'Pat Shopper',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      },
      receiptPath: '/receipt/abc',
    };
    expect(interpretVerifyResponse({ status: 'success', order }, '20.98')).toMatchObject({
      state: 'success',
      order,
    });
    // An order from before the store asked for a delivery has none.
    const { contactEmail: _email, deliveryAddress: _address, ...older } = order;
    expect(interpretVerifyResponse({ status: 'success', order: older }, '20.98')).toMatchObject({
      order: older,
    });
  });

  it('leaves out an order that does not read right, and still shows the payment', () => {
    for (const order of [{ orderId: 'CC-1', items: 'none' }, 'text', 42]) {
      expect(
        interpretVerifyResponse({ status: 'success', order, paymentDetails: { amount: 5 } }, null),
      ).toMatchObject({ state: 'success', order: null, receipt: { amountPaid: '$5.00' } });
    }
  });

  it('shows the test-mode notice only when the server says so', () => {
    const outcome = interpretVerifyResponse(
      { status: 'success', paymentDetails: { testMode: true } },
      '10.49',
    );
    expect(outcome).toMatchObject({ state: 'success', receipt: { testMode: true, amountPaid: '$10.49' } });
  });

  it('reads every failure the server answers verify-payment with, by its code', () => {
    const BANK_DECLINED = 'Your bank declined this payment. Try another payment method or contact your bank.';
    const NO_ANSWER = 'The bank did not answer in time. Nothing was charged; please try again.';
    const NO_LONGER_VALID = 'This payment is no longer valid. Nothing was charged.';
    const failed = (message: string, errorcode: string) =>
      interpretVerifyResponse({ status: 'error', message, error: message, errorcode }, null);
    expect(failed(BANK_DECLINED, 'declined')).toEqual({
      state: 'failed',
      kind: 'declined',
      message: BANK_DECLINED,
      details: null,
    });
    expect(failed(NO_ANSWER, 'retry')).toEqual({
      state: 'failed',
      kind: 'no-answer',
      message: NO_ANSWER,
      details: null,
    });
    for (const [message, errorcode] of [
      ['No payment was made for this order', 'not_found'],
      ['The amount paid does not match the order total', 'amount_mismatch'],
      [NO_LONGER_VALID, 'superseded'],
      // An approval voided or lapsed at the gateway before the store confirmed it: its state is the code.
      [NO_LONGER_VALID, 'voided'],
      [NO_LONGER_VALID, 'expired'],
    ] as const) {
      // The server's words are the headline, said once; its code is never shown.
      expect(failed(message, errorcode)).toEqual({
        state: 'failed',
        kind: 'not-completed',
        message,
        details: null,
      });
    }
    expect(interpretVerifyResponse({ status: 'error' }, null)).toEqual({
      state: 'failed',
      kind: 'not-completed',
      message: RESULT_MESSAGES.verificationFailed,
      details: null,
    });
  });

  it("shows the server's generic decline once, without its code in words", () => {
    const generic = 'Your card was declined. Try another card or contact your bank.';
    expect(
      interpretVerifyResponse(
        { status: 'error', message: generic, error: generic, errorcode: 'declined' },
        null,
      ),
    ).toEqual({ state: 'failed', kind: 'declined', message: generic, details: null });
  });

  it('maps a failed call to the spec messages', () => {
    expect(interpretVerifyFailure({ httpStatus: 500, serverMessage: null, reason: null })).toMatchObject({
      message: 'Server returned 500 status code',
    });
    expect(
      interpretVerifyFailure({ httpStatus: null, serverMessage: null, reason: 'offline' }),
    ).toMatchObject({
      message: 'Payment verification error',
    });
  });

  it('names a bank payment as one, and tells the receipt it is', () => {
    expect(describePaymentMethod('ACH', '6789')).toBe('Bank account •••• 6789');
    expect(
      interpretVerifyResponse(
        {
          status: 'success',
          paymentDetails: { paymentMethod: 'ACH', last4: '6789', authorizationCode: 'R1' },
        },
        '15.74',
      ),
    ).toMatchObject({ receipt: { paymentMethod: 'Bank account •••• 6789', bankPayment: true } });
  });

  it('masks the card number to its last 4 digits', () => {
    expect(describePaymentMethod('MASTERCARD', '5454')).toBe('MASTERCARD •••• 5454');
    expect(describePaymentMethod(undefined, '************1111')).toBe('Card •••• 1111');
  });

  it('puts the wallet in front of the card when a wallet paid', () => {
    expect(describePaymentMethod('VISA', '1111', 'Google Pay')).toBe('Google Pay · VISA •••• 1111');
    expect(describePaymentMethod(undefined, undefined, 'Apple Pay')).toBe('Apple Pay');
    expect(describePaymentMethod('AMEX', '0005', '')).toBe('AMEX •••• 0005');
  });
});

describe('adviseOnFailure', () => {
  it("sends a payment link's payer back to their order, not to a cart", () => {
    expect(adviseOnFailure('declined', false, true).next).toBe(
      'Try Again to go back to your order and pay with another card or account. Only your bank can tell ' +
        'you why it declined the payment.',
    );
    expect(adviseOnFailure('no-answer', true, true).next).toBe(
      'Try Again to go back to your order and pay again in a moment.',
    );
    expect(adviseOnFailure('no-payment', false, true).next).toBe(
      'Try Again to go back to your order and pay for it.',
    );
    expect(adviseOnFailure('unconfirmed', true, true).next).toBe('Try Again in a moment to check it again.');
  });

  it('says what happened and what to do, and mentions the cart only when there is one', () => {
    expect(adviseOnFailure('declined', true)).toEqual({
      happened: 'Your payment was declined, so nothing was charged.',
      next:
        'Your cart is saved: Try Again to pay with another card or account. Only your bank can tell you ' +
        'why it declined the payment.',
    });
    expect(adviseOnFailure('declined', false).next).toMatch(/^Return to the store to pay with another card/);
    expect(adviseOnFailure('no-answer', true)).toEqual({
      happened: 'The bank did not answer in time, so nothing was charged.',
      next: 'Your cart is saved: Try Again to pay again in a moment.',
    });
    expect(adviseOnFailure('unconfirmed', true).next).toMatch(/^Try Again in a moment/);
    expect(adviseOnFailure('no-payment', false).next).toBe('Return to the store to shop.');
    for (const kind of ['declined', 'no-answer', 'not-completed', 'unconfirmed', 'no-payment'] as const) {
      expect(adviseOnFailure(kind, true).next).not.toBe(adviseOnFailure(kind, false).next);
    }
  });
});

describe('tryAgainOf', () => {
  const TOKEN = 'Ab3_-Zq9xY2kLmNoPqRsTuVwXyZ0123456789abcdEF';

  it('leads back to paying after a payment that did not go through, never to the same answer again', () => {
    for (const kind of ['declined', 'no-answer', 'not-completed', 'no-payment'] as const) {
      expect(tryAgainOf(kind, true, null)).toEqual({ to: 'cart' });
      expect(tryAgainOf(kind, true, TOKEN)).toEqual({ to: 'order', linkToken: TOKEN });
      expect(tryAgainOf(kind, false, TOKEN)).toEqual({ to: 'order', linkToken: TOKEN });
      // Nothing left to pay again: Return to Store is the way on.
      expect(tryAgainOf(kind, false, null)).toBeNull();
    }
  });

  it('checks again a payment that could not be confirmed, whatever else there is', () => {
    expect(tryAgainOf('unconfirmed', true, null)).toEqual({ to: 'check-again' });
    expect(tryAgainOf('unconfirmed', false, TOKEN)).toEqual({ to: 'check-again' });
    expect(tryAgainOf('unconfirmed', false, null)).toEqual({ to: 'check-again' });
  });
});
