import type { CancelPaymentResponse, VerifyPaymentResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';

export type { VerifyPaymentResponse };

interface VerifyPaymentRequest {
  requestId: string;
}

const VERIFY_PAYMENT_PATH = '/api/payment/verify-payment';

/** Asks the server to confirm the payment with the gateway. Throws ApiError when the call itself fails. */
function verifyPayment(request: VerifyPaymentRequest): Promise<VerifyPaymentResponse> {
  return postJson<VerifyPaymentResponse>(VERIFY_PAYMENT_PATH, request);
}

/**
 * Verifies once per request id: no retries, no refetch on focus or remount, and React StrictMode's
 * double mount shares the single call.
 */
export function useVerifyPayment(requestId: string | null) {
  return useQuery({
    queryKey: ['verify-payment', requestId],
    queryFn: () => verifyPayment({ requestId: requestId ?? '' }),
    enabled: requestId !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

const CANCEL_PAYMENT_PATH = '/api/payment/cancel-payment';
/** The attempts this page has told the store of: one call each, whatever React mounts twice. */
const cancelsSent = new Set<string>();

/**
 * Tells the store that the shopper cancelled on the hosted page, so that it closes the attempt and gives
 * its units back at once; the page goes back to the store meanwhile (keepalive), and a failed call leaves
 * the store to close it when the page's 30 minutes are over.
 */
export function sendPaymentCancelled(requestId: string): void {
  if (cancelsSent.has(requestId)) return;
  cancelsSent.add(requestId);
  postJson<CancelPaymentResponse>(CANCEL_PAYMENT_PATH, { requestId }, { keepalive: true }).catch(() => {});
}
