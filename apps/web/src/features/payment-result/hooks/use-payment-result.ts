import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import {
  clearPaymentRequest,
  readStoredPaymentRequest,
  readWalletPaymentError,
} from '../../../lib/payment-storage';
import { useVerifyPayment } from '../api/verify-payment';
import {
  interpretVerifyFailure,
  interpretVerifyResponse,
  resolveInitialOutcome,
  type PaymentOutcome,
} from '../utils/payment-outcome';

/** The result page's state: processing, then success or failed (SPEC §4). */
export function usePaymentResult(): PaymentOutcome {
  const [searchParams] = useSearchParams();
  // Read storage once: clearing it after success must not change what this visit shows.
  const [initial] = useState(() =>
    resolveInitialOutcome({
      urlStatus: searchParams.get('status'),
      walletError: readWalletPaymentError(),
      stored: readStoredPaymentRequest(),
    }),
  );
  const pending = initial.state === 'processing' ? initial : null;
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

  const succeeded = outcome.state === 'success';
  useEffect(() => {
    // A verified request is done: a reload must not verify it again.
    if (succeeded) clearPaymentRequest();
  }, [succeeded]);

  return outcome;
}
