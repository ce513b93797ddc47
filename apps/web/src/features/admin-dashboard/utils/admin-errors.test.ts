import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DISPUTED_REFUND_WARNING } from '@store/core';
import {
  captureFailureText,
  failureText,
  isDisputedRefundWarning,
  listFailureText,
  mayHaveBeenDone,
} from './admin-errors';
import { captureAllQuestion } from '../components/payments/capture-all-dialog';

describe('admin failure texts', () => {
  it('shows "Capture failed: {message}", with the spec fallback', () => {
    expect(
      captureFailureText(new ApiError('x', 'http', 409, 'This payment is captured, not awaiting capture')),
    ).toBe('Capture failed: This payment is captured, not awaiting capture');
    expect(captureFailureText(new ApiError('Server returned 500 status code', 'http', 500))).toBe(
      'Capture failed: Failed to capture payment',
    );
  });

  it("uses the server's message, the reason for no answer, or the fallback", () => {
    expect(
      failureText(new ApiError('m', 'http', 400, 'The refund cannot exceed the $5.00 still refundable'), 'F'),
    ).toBe('The refund cannot exceed the $5.00 still refundable');
    expect(
      failureText(new ApiError('Could not reach the server.', 'network'), 'Failed to process refund'),
    ).toBe('Could not reach the server.');
    expect(failureText(new Error('boom'), 'Failed to process refund')).toBe('Failed to process refund');
  });

  it('tells a server failure, after which a new payment may have been made, from a refusal or no answer', () => {
    expect(mayHaveBeenDone(new ApiError('x', 'http', 502, 'The gateway did not answer'))).toBe(true);
    expect(mayHaveBeenDone(new ApiError('Server returned 500 status code', 'http', 500))).toBe(true);
    expect(mayHaveBeenDone(new ApiError('x', 'http', 503))).toBe(true);
    expect(mayHaveBeenDone(new ApiError('x', 'http', 422, 'Declined'))).toBe(false);
    expect(mayHaveBeenDone(new ApiError('x', 'http', 429, 'Too many payments were attempted'))).toBe(false);
    // No answer: the same send, with the same key, is answered with the first one's outcome.
    expect(mayHaveBeenDone(new ApiError('Could not reach the server.', 'network'))).toBe(false);
    expect(mayHaveBeenDone(new Error('boom'))).toBe(false);
  });

  it('names the list that failed', () => {
    expect(listFailureText(new ApiError('x', 'http', 500), 'payments')).toBe('Failed to fetch payments');
    expect(listFailureText(new ApiError('x', 'http', 500), 'transactions')).toBe(
      'Failed to fetch transactions',
    );
    expect(listFailureText(new ApiError('Could not reach the server.', 'network'), 'transactions')).toBe(
      'Failed to load transactions. Could not reach the server.',
    );
  });
});

describe('captureAllQuestion', () => {
  it('asks with the count and the exact total', () => {
    expect(captureAllQuestion(3, 3, 20460)).toBe('Capture 3 payments totalling $204.60?');
    expect(captureAllQuestion(1, 1, 6820)).toBe('Capture 1 payment totalling $68.20?');
  });

  it('does not pretend to know the total of rows it has not loaded', () => {
    expect(captureAllQuestion(250, 100, 682000)).toBe('Capture 250 payments? The 100 shown total $6,820.00.');
  });
});

describe('isDisputedRefundWarning', () => {
  it("recognises only the server's 409 with the disputed warning", () => {
    expect(
      isDisputedRefundWarning(new ApiError(DISPUTED_REFUND_WARNING, 'http', 409, DISPUTED_REFUND_WARNING)),
    ).toBe(true);
    expect(isDisputedRefundWarning(new ApiError('busy', 'http', 409, 'busy'))).toBe(false);
    expect(
      isDisputedRefundWarning(new ApiError(DISPUTED_REFUND_WARNING, 'http', 400, DISPUTED_REFUND_WARNING)),
    ).toBe(false);
    expect(isDisputedRefundWarning(new Error(DISPUTED_REFUND_WARNING))).toBe(false);
  });
});
