import { ATTEMPT_RETURN_PARAM } from '@store/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCart } from '../../../lib/cart/cart-provider';
import { ApiError } from '../../../lib/api-client';
import { readStoredPaymentRequest, readWalletPaymentError } from '../../../lib/payment-storage';
import { sendPaymentCancelled, useVerifyPayment } from '../api/verify-payment';
import {
  interpretVerifyFailure,
  interpretVerifyResponse,
  resolveInitialOutcome,
  type PaymentOutcome,
} from '../utils/payment-outcome';

/**
 * The result page's state: processing, then success or failed (SPEC §4). The stored request is kept for its
 * 30 minutes (SPEC §5, §9), so a reload of the page, or coming back to it, asks the server again and shows
 * the same answer.
 */
export function usePaymentResult(): PaymentOutcome {
  const [searchParams] = useSearchParams();
  // Read storage once: a payment started in another tab meanwhile must not change what this visit shows.
  const [initial] = useState(() =>
    resolveInitialOutcome({
      urlStatus: searchParams.get('status'),
      walletError: readWalletPaymentError(),
      stored: readStoredPaymentRequest(),
      urlAttempt: searchParams.get(ATTEMPT_RETURN_PARAM),
    }),
  );
  const pending = initial.state === 'processing' ? initial : null;
  const cancelled = initial.state === 'cancelled' ? initial.requestId : null;
  useEffect(() => {
    if (cancelled) sendPaymentCancelled(cancelled);
  }, [cancelled]);
  const verification = useVerifyPayment(pending?.requestId ?? null);

  let outcome: PaymentOutcome = initial;
  if (pending && verification.isSuccess) {
    outcome = interpretVerifyResponse(verification.data, pending.storedAmount);
  } else if (pending && verification.isError) {
    const error = verification.error;
    outcome = interpretVerifyFailure(
      error instanceof ApiError
        ? {
            httpStatus: error.kind === 'http' ? error.status : null,
            serverMessage: error.serverMessage,
            reason: error.kind === 'http' ? null : error.message,
          }
        : { httpStatus: null, serverMessage: null, reason: null },
    );
  }

  // Paid: the cart that was paid for is done with (one changed since is the shopper's next order).
  const { emptyIfPaidBy } = useCart();
  const paidRequestId = outcome.state === 'success' ? (pending?.requestId ?? null) : null;
  useEffect(() => {
    if (paidRequestId) emptyIfPaidBy(paidRequestId);
  }, [paidRequestId, emptyIfPaidBy]);

  return outcome;
}
