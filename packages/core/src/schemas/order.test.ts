import { describe, expect, it } from 'vitest';
import { orderStatusOf } from './order';

const authorized = { captureStatus: 'authorized', capturedCents: 0, refundedCents: 0 };
const captured = { captureStatus: 'captured', capturedCents: 2098, refundedCents: 0 };

describe('orderStatusOf', () => {
  it('tells an order by its payment request before anything is authorized', () => {
    expect(orderStatusOf('pending')).toBe('awaiting_payment');
    expect(orderStatusOf('declined')).toBe('payment_failed');
    expect(orderStatusOf('failed')).toBe('payment_failed');
    // Left unpaid (the shopper cancelled, or never came back): nothing failed, nothing was charged.
    expect(orderStatusOf('failed', undefined, 'unfulfilled', 'abandoned')).toBe('not_paid');
    expect(orderStatusOf('declined', undefined, 'unfulfilled', 'declined')).toBe('payment_failed');
    expect(orderStatusOf('failed', undefined, 'unfulfilled', 'not_confirmed')).toBe('payment_failed');
  });

  it('says shipped once the goods left, whether the payment was captured on shipment or before', () => {
    expect(orderStatusOf('approved', authorized)).toBe('authorized');
    expect(orderStatusOf('approved', captured)).toBe('paid');
    expect(orderStatusOf('approved', captured, 'shipped')).toBe('shipped');
    // Capture on shipment switched off: shipped while the payment still awaits capture.
    expect(orderStatusOf('approved', authorized, 'shipped')).toBe('shipped');
    expect(orderStatusOf('approved', { ...captured, captureStatus: 'settled' }, 'shipped')).toBe('shipped');
  });

  it('lets a refund or a cancellation say more than the shipping', () => {
    expect(orderStatusOf('approved', { ...captured, refundedCents: 500 }, 'shipped')).toBe(
      'partially_refunded',
    );
    expect(orderStatusOf('approved', { ...captured, refundedCents: 2098 }, 'shipped')).toBe('refunded');
    expect(orderStatusOf('approved', { ...authorized, captureStatus: 'voided' }, 'shipped')).toBe(
      'cancelled',
    );
    expect(orderStatusOf('approved', { ...authorized, captureStatus: 'expired' })).toBe('cancelled');
  });

  it("lets a bank's return of the debit, then a cardholder's dispute, say more than anything else", () => {
    const settled = { ...captured, captureStatus: 'settled' };
    expect(orderStatusOf('approved', { ...settled, returnedAt: '2026-11-20T00:00:00Z' }, 'shipped')).toBe(
      'payment_returned',
    );
    expect(
      orderStatusOf('approved', { ...settled, refundedCents: 500, disputedAt: new Date() }, 'shipped'),
    ).toBe('disputed');
    expect(orderStatusOf('approved', { ...settled, disputedAt: null, returnedAt: null })).toBe('paid');
  });
});
