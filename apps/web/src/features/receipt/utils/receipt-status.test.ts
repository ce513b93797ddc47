import { ORDER_STATUSES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeOrderStatus, receiptFailureOf } from './receipt-status';

describe('describeOrderStatus', () => {
  it("names every status in the shopper's words", () => {
    expect(describeOrderStatus('authorized')).toEqual({ label: 'Payment authorized', tone: 'success' });
    expect(describeOrderStatus('partially_refunded')).toEqual({ label: 'Refunded in part', tone: 'neutral' });
    expect(describeOrderStatus('cancelled')).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(describeOrderStatus('shipped')).toEqual({ label: 'Shipped', tone: 'success' });
    for (const status of ORDER_STATUSES) expect(describeOrderStatus(status).label).not.toBe('');
  });
});

describe('receiptFailureOf', () => {
  it('tells a link that names no receipt from a store that could not be reached', () => {
    expect(receiptFailureOf(new ApiError('Receipt not found', 'http', 404, 'Receipt not found'))).toBe(
      'not-found',
    );
    expect(receiptFailureOf(new ApiError('Could not reach the server.', 'network'))).toBe('unavailable');
    expect(receiptFailureOf(new ApiError('Server returned 503 status code', 'http', 503))).toBe(
      'unavailable',
    );
    expect(receiptFailureOf(new ApiError('The server sent an unexpected response.', 'rejected', 200))).toBe(
      'unavailable',
    );
    expect(receiptFailureOf(new TypeError('boom'))).toBe('unavailable');
  });
});
