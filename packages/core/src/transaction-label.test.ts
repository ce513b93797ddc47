import { describe, expect, it } from 'vitest';
import type { AdminTransaction } from './schemas/admin';
import {
  attemptPaidWith,
  DECLINE_ADVICE_LABELS,
  FAILED_ATTEMPT_LABELS,
  transactionLabel,
} from './transaction-label';

const payment: AdminTransaction = {
  id: 'row-1',
  paymentId: '7b0f7a52-4a55-4f4b-9d0e-6f1c1d1e8d2b',
  orderId: 'CC-7QX2MB4K9Z1A',
  requestId: 'req-1',
  amount: 15.74,
  cardType: 'VISA',
  last4: '1111',
  transactionDate: '2026-03-01T12:00:00.000Z',
  timestamp: '2026-03-01T12:00:00.000Z',
  captureStatus: 'captured',
  isRefunded: false,
  isPartialRefund: false,
  refundAmount: 0,
  isDemoRefund: false,
  isPartialCapture: false,
  captureAmount: 15.74,
  originalAmount: 15.74,
  refundableAmount: 15.74,
};

const refund: AdminTransaction = {
  ...payment,
  id: 'row-2',
  captureStatus: null,
  isRefunded: true,
  refundAmount: 15.74,
  refundType: 'refund',
  isDemoRefund: true,
  refundedOrderId: payment.orderId,
  refundMethod: 'refund',
  refundableAmount: 0,
};

describe('transactionLabel', () => {
  it('gives the spec labels', () => {
    expect(transactionLabel({ ...payment, captureStatus: 'authorized' })).toBe('Pending Capture');
    expect(transactionLabel({ ...payment, captureStatus: null })).toBe('Pending Capture');
    expect(transactionLabel(payment)).toBe('Captured');
    expect(transactionLabel({ ...payment, captureStatus: 'settled' })).toBe('Captured');
    expect(
      transactionLabel({ ...payment, captureStatus: 'partially_captured', isPartialCapture: true }),
    ).toBe('Partially Captured');
    expect(transactionLabel({ ...payment, isRefunded: true })).toBe('Refunded');
    expect(transactionLabel({ ...payment, isPartialRefund: true })).toBe('Partial Refund');
    expect(transactionLabel(refund)).toBe('Demo Refund');
    expect(transactionLabel({ ...refund, isDemoRefund: false })).toBe('Refund');
    expect(transactionLabel({ ...refund, refundState: 'scheduled' })).toBe('Scheduled Refund');
    expect(transactionLabel({ ...payment, creditType: 'credit' })).toBe('Credited');
    expect(transactionLabel({ ...payment, captureStatus: 'voided' })).toBe('Voided');
    expect(transactionLabel({ ...payment, captureStatus: 'expired' })).toBe('Expired');
  });

  it('keeps a partial capture Partially Captured once it settles', () => {
    const settledPart: AdminTransaction = {
      ...payment,
      captureStatus: 'settled',
      isPartialCapture: true,
      captureAmount: 10,
    };
    expect(transactionLabel(settledPart)).toBe('Partially Captured');
  });

  it('calls a capture voided before settlement cancelled, not refunded: the customer was never charged', () => {
    expect(transactionLabel({ ...payment, isRefunded: true, chargeCancelled: true })).toBe('Cancelled');
    expect(transactionLabel({ ...refund, refundMethod: 'void' })).toBe('Charge Cancelled');
  });
});

describe('failed attempts: how each ended, and how it was to be paid', () => {
  it('labels each outcome, and a failed attempt row by it', () => {
    const attempt = { outcome: 'abandoned', reason: 'Never came back', paidWith: 'Card' } as const;
    expect(transactionLabel({ ...payment, captureStatus: null, attempt })).toBe('Abandoned');
    expect(FAILED_ATTEMPT_LABELS).toEqual({
      declined: 'Declined',
      not_confirmed: 'Not Confirmed',
      abandoned: 'Abandoned',
      failed: 'Failed',
      superseded: 'Second Payment Voided',
    });
    expect(Object.values(DECLINE_ADVICE_LABELS)).toEqual(['Retry later', 'Do not retry', 'Fix and retry']);
  });

  it('says how it was to be paid', () => {
    const none = { methodKind: null, bankName: null, saved: false };
    expect(attemptPaidWith({ ...none, wallet: 'Google Pay', methodKind: 'card' })).toBe('Google Pay');
    expect(attemptPaidWith(none)).toBe('Card (payment page)');
    expect(
      attemptPaidWith({
        ...none,
        methodKind: 'card',
        saved: true,
        savedCardBrand: 'VISA',
        savedLast4: '1038',
      }),
    ).toBe('Saved card · VISA •••• 1038');
    expect(attemptPaidWith({ ...none, methodKind: 'card', saved: true })).toBe('Saved card (since removed)');
    expect(
      attemptPaidWith({ methodKind: 'ach', bankName: 'First Sandbox Bank', saved: true, savedLast4: '3210' }),
    ).toBe('Bank account · First Sandbox Bank •••• 3210');
  });

  it('names the last 4 the gateway gave where no saved method tells it', () => {
    const none = { methodKind: null, bankName: null, saved: false, last4: '1038' };
    expect(attemptPaidWith(none)).toBe('Card (payment page) •••• 1038');
    expect(attemptPaidWith({ ...none, wallet: 'Apple Pay', methodKind: 'card' })).toBe('Apple Pay •••• 1038');
    expect(attemptPaidWith({ ...none, methodKind: 'card', saved: true })).toBe(
      'Saved card (since removed) •••• 1038',
    );
    // A saved method's own last 4 comes first: it is the one its owner knows.
    expect(
      attemptPaidWith({
        ...none,
        methodKind: 'ach',
        bankName: 'First Sandbox Bank',
        saved: true,
        savedLast4: '3210',
      }),
    ).toBe('Bank account · First Sandbox Bank •••• 3210');
    expect(attemptPaidWith({ ...none, last4: null })).toBe('Card (payment page)');
  });
});
