import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { orderSheetFailureOf } from './sheet-failure';

describe('orderSheetFailureOf', () => {
  it('tells a link that names nothing from a store that could not be reached', () => {
    expect(orderSheetFailureOf(new ApiError('Receipt not found', 'http', 404, 'Receipt not found'))).toBe(
      'not-found',
    );
    expect(
      orderSheetFailureOf(new ApiError('Payment link not found', 'http', 404, 'Payment link not found')),
    ).toBe('not-found');
    expect(orderSheetFailureOf(new ApiError('Could not reach the server.', 'network'))).toBe('unavailable');
    expect(orderSheetFailureOf(new ApiError('Server returned 503 status code', 'http', 503))).toBe(
      'unavailable',
    );
    expect(
      orderSheetFailureOf(new ApiError('The server sent an unexpected response.', 'rejected', 200)),
    ).toBe('unavailable');
    expect(orderSheetFailureOf(new TypeError('boom'))).toBe('unavailable');
  });
});
