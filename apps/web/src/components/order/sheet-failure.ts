import { ApiError } from '../../lib/api-client';

/**
 * Why an order's page (a receipt, a payment link) could not be shown: its link names nothing (asking again will
 * not change that), or the store could not be asked just now (asking again may work).
 */
export function orderSheetFailureOf(error: unknown): 'not-found' | 'unavailable' {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404
    ? 'not-found'
    : 'unavailable';
}
