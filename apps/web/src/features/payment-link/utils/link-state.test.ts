import { PAYMENT_LINK_MESSAGES, PAYMENT_LINK_STATUSES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { paymentLinkStateOf, payRefusalText } from './link-state';

describe('paymentLinkStateOf', () => {
  it('offers the payment while the link is open, and again while its payment page is left half-way', () => {
    expect(paymentLinkStateOf('open')).toEqual({ kind: 'payable', resumed: false });
    expect(paymentLinkStateOf('paying')).toEqual({ kind: 'payable', resumed: true });
  });

  it('says a paid link is paid, and why an expired or cancelled one cannot be paid', () => {
    expect(paymentLinkStateOf('paid')).toEqual({ kind: 'paid' });
    expect(paymentLinkStateOf('expired')).toEqual({ kind: 'closed', message: PAYMENT_LINK_MESSAGES.expired });
    expect(paymentLinkStateOf('cancelled')).toEqual({
      kind: 'closed',
      message: PAYMENT_LINK_MESSAGES.cancelled,
    });
  });

  it('knows every status', () => {
    for (const status of PAYMENT_LINK_STATUSES) expect(paymentLinkStateOf(status)).toBeDefined();
  });
});

describe('payRefusalText', () => {
  it("shows the store's words, or why no answer came", () => {
    expect(payRefusalText(new ApiError('x', 'http', 409, PAYMENT_LINK_MESSAGES.cancelled))).toBe(
      PAYMENT_LINK_MESSAGES.cancelled,
    );
    expect(payRefusalText(new ApiError('Could not reach the server.', 'network'))).toBe(
      'Could not reach the server.',
    );
    expect(payRefusalText(new ApiError('Server returned 500 status code', 'http', 500))).toBe(
      'The payment page could not be opened. Please try again.',
    );
  });
});
