import { centsToDecimalString, centsToDollars, createOrderId, type CreatePaymentRequest } from '@store/core';
import { useEffect, useState } from 'react';
import { useCart } from '../../../app/cart/cart-provider';
import {
  FAILURE_MESSAGE_MS,
  GUEST_CUSTOMER_NAME,
  SAVED_PAYMENT_FALLBACK_MS,
  WALLET_FAILURE_REDIRECT_MS,
} from '../../../config/payment';
import { PATHS } from '../../../config/paths';
import { useCustomerUser } from '../../../lib/customer-session';
import {
  readStoredOrderAmount,
  saveCardPaymentRequest,
  saveWalletPaymentError,
  saveWalletPaymentRequest,
} from '../../../lib/payment-storage';
import { toNavigableUrl } from '../../../lib/safe-url';
import { useCreatePayment } from '../api/create-payment';
import { processWithGooglePay } from '../api/process-with-googlepay';
import { processWithToken } from '../api/process-with-token';
import { recordGooglePayPayment } from '../api/record-googlepay-payment';

/** The shopper's messages for wallet payments (SPEC §8). */
export const WALLET_MESSAGES = {
  googlePayFailed: 'Google Pay payment failed',
  applePayFailed: 'Apple Pay payment failed',
  googlePayUnavailable: 'Google Pay is not available in your browser',
  noToken: 'No payment token found in Google Pay or Apple Pay response',
  merchantValidationFailed: 'Merchant validation failed',
} as const;

export interface Failure {
  /** Distinguishes two failures with the same text, so each one gets its full 3 seconds. */
  id: number;
  message: string;
}

/**
 * Guest checkout through the hosted payment page: create the payment request, remember it for the
 * result page, then leave for the payment page. A failure is shown for 3 seconds.
 */
export function useCheckout() {
  const { lines, totals, isProcessing, setProcessing } = useCart();
  const user = useCustomerUser();
  const createPayment = useCreatePayment();
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), FAILURE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const fail = (message: string) => {
    setProcessing(false);
    setFailure({ id: Date.now(), message: `Payment failed: ${message}` });
  };

  const payOnHostedPage = async () => {
    const request: CreatePaymentRequest = {
      amount: centsToDollars(totals.totalCents),
      orderId: createOrderId('card'),
      customerName: GUEST_CUSTOMER_NAME,
      redirectUrl: `${window.location.origin}${PATHS.paymentComplete}`,
      items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
    };

    let paymentUrl: URL | null;
    try {
      const response = await createPayment.mutateAsync(request);
      paymentUrl = toNavigableUrl(response.paymentUrl, window.location.origin);
      if (!paymentUrl) {
        fail('The payment page address is not valid');
        return;
      }
      saveCardPaymentRequest({
        requestId: response.requestId,
        requestTime: Date.now(),
        amount: centsToDecimalString(totals.totalCents),
      });
    } catch (error) {
      fail(error instanceof Error ? error.message : 'Payment processing failed');
      return;
    }
    // The processing flag stays on: the page is about to be replaced by the payment page.
    window.location.assign(paymentUrl.href);
  };

  const pay = async () => {
    if (isProcessing || lines.length === 0) return;
    setFailure(null);
    setProcessing(true);
    await payOnHostedPage();
  };

  /**
   * Pays with a saved card or bank account; on failure says so and, 2 s later, falls back to the hosted
   * page (SPEC §4, §8, §9). The processing flag stays on throughout.
   */
  const payWithSavedMethod = async (userId: string, paymentMethodId: string) => {
    if (isProcessing || lines.length === 0) return;
    setFailure(null);
    setProcessing(true);
    try {
      const orderId = createOrderId('card');
      const answer = await processWithToken(
        {
          userId,
          paymentMethodId,
          amount: centsToDollars(totals.totalCents),
          orderId,
          items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        },
        // One key per payment attempt: a retry of this request is this payment, never a second one.
        orderId,
      );
      saveCardPaymentRequest({
        requestId: answer.requestId,
        requestTime: Date.now(),
        amount: centsToDecimalString(totals.totalCents),
      });
      window.location.assign(`${window.location.origin}${PATHS.paymentComplete}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Payment processing failed';
      setFailure({
        id: Date.now(),
        message: `Saved payment failed: ${message}. Falling back to standard payment...`,
      });
      await new Promise((resolve) => setTimeout(resolve, SAVED_PAYMENT_FALLBACK_MS));
      await payOnHostedPage();
    }
  };

  /**
   * Pays with the token Google Pay gave (the wallet sheet is closed by now): the server has CardPointe
   * decrypt and authorize it. Success goes at once to the result page; a failure is said in the cart, kept
   * for the result page, which opens on its failed state 2 s later (SPEC §8).
   */
  const payWithGooglePay = async (paymentToken: string | undefined) => {
    if (isProcessing || lines.length === 0) return;
    setFailure(null);
    if (!paymentToken) {
      setFailure({ id: Date.now(), message: WALLET_MESSAGES.noToken });
      return;
    }
    setProcessing(true);
    const amount = centsToDollars(totals.totalCents);
    try {
      const orderId = createOrderId('googlepay');
      const answer = await processWithGooglePay(
        {
          paymentToken,
          amount,
          orderId,
          ...(user ? { userId: user.id, email: user.email } : {}),
          gateway: 'cardconnect',
          items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        },
        orderId,
      );
      saveWalletPaymentRequest(
        {
          requestId: answer.requestId,
          requestTime: Date.now(),
          amount: centsToDecimalString(totals.totalCents),
        },
        'googlepay',
      );
      void recordGooglePayPayment({
        requestId: answer.requestId,
        amount: readStoredOrderAmount(),
        ...(user ? { userId: user.id } : {}),
        timestamp: Date.now(),
      });
      window.location.assign(`${window.location.origin}${PATHS.paymentComplete}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : WALLET_MESSAGES.googlePayFailed;
      saveWalletPaymentError(message, 'googlepay');
      setFailure({ id: Date.now(), message: WALLET_MESSAGES.googlePayFailed });
      await new Promise((resolve) => setTimeout(resolve, WALLET_FAILURE_REDIRECT_MS));
      window.location.assign(`${window.location.origin}${PATHS.paymentComplete}?status=failed`);
    }
  };

  /** A wallet that could not start or finish its sheet: said in the cart, nothing was charged. */
  const reportWalletProblem = (message: string) => {
    setFailure({ id: Date.now(), message });
  };

  return { pay, payWithSavedMethod, payWithGooglePay, reportWalletProblem, failure, isProcessing };
}
