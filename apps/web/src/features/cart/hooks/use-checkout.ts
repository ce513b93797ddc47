import {
  centsToDecimalString,
  centsToDollars,
  createOrderId,
  paymentFailureKindOf,
  type CreatePaymentRequest,
  type OrderDelivery,
} from '@store/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart/cart-provider';
import { useCatalog } from '../../../lib/catalog/catalog-provider';
import { catalogRefusalMessage, isCatalogRefusal } from '../../../lib/catalog/storefront-catalog';
import {
  FAILURE_MESSAGE_MS,
  GUEST_CUSTOMER_NAME,
  SAVED_PAYMENT_FALLBACK_MS,
  WALLET_FAILURE_REDIRECT_MS,
} from '../../../config/payment';
import { PATHS } from '../../../config/paths';
import { useCustomerUser } from '../../../lib/customer-session';
import { applePaySession } from '../../../lib/apple-pay-js';
import {
  readStoredOrderAmount,
  saveCardPaymentRequest,
  saveWalletPaymentError,
  saveWalletPaymentRequest,
  type WalletName,
} from '../../../lib/payment-storage';
import { toNavigableUrl } from '../../../lib/safe-url';
import { useCreatePayment } from '../api/create-payment';
import { processWithApplePay } from '../api/process-with-applepay';
import { processWithGooglePay } from '../api/process-with-googlepay';
import { processWithToken } from '../api/process-with-token';
import { recordGooglePayPayment } from '../api/record-googlepay-payment';
import { validateMerchant } from '../api/validate-merchant';
import { deliveryFromApplePay, type DeliveryInput } from '../utils/wallet-delivery';

/** Apple Pay JS version 3 has everything the store uses and runs on every Safari that has Apple Pay. */
const APPLE_PAY_VERSION = 3;
/** product §9: visa, mastercard, amex, discover, as Apple Pay JS names them. */
const APPLE_PAY_NETWORKS = ['visa', 'masterCard', 'amex', 'discover'] as const;

/** The shopper's messages for wallet payments (product §8). */
export const WALLET_MESSAGES = {
  googlePayFailed: 'Google Pay payment failed',
  applePayFailed: 'Apple Pay payment failed',
  googlePayUnavailable: 'Google Pay is not available in your browser',
  noToken: 'No payment token found in Google Pay or Apple Pay response',
  merchantValidationFailed: 'Merchant validation failed',
} as const;

/** What the cart says after a failed saved method when the customer has another to choose (decision 050). */
const SAVED_PAYMENT_CHOICE = 'Choose another saved method or pay another way.';

/** A saved method's payment that did not go through: which method, and whether it was declined. */
export interface SavedMethodFailure {
  paymentMethodId: string;
  declined: boolean;
}

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
  const { lines, totals, isProcessing, setProcessing, markCheckout, cartId } = useCart();
  const user = useCustomerUser();
  const createPayment = useCreatePayment();
  const { refreshCatalog } = useCatalog();
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

  /**
   * A refusal because the cart no longer matches the catalog (sold out, too few left, withdrawn, a new
   * price) is said in the store's own words, and the catalog is read again so that the page and the cart
   * show what is on sale now; no other way of paying is tried, as it would be refused the same. Answers
   * whether the error was one.
   */
  const settleCatalogRefusal = (error: unknown): boolean => {
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : null;
    if (!(error instanceof ApiError) || !isCatalogRefusal(error.status, message)) return false;
    setProcessing(false);
    setFailure({ id: Date.now(), message: catalogRefusalMessage(message!) });
    void refreshCatalog();
    return true;
  };

  const payOnHostedPage = async (delivery: OrderDelivery) => {
    const request: CreatePaymentRequest = {
      amount: centsToDollars(totals.totalCents),
      orderId: createOrderId('card'),
      customerName: GUEST_CUSTOMER_NAME,
      redirectUrl: `${window.location.origin}${PATHS.paymentComplete}`,
      items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      delivery,
      cartId: cartId(),
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
      markCheckout(response.requestId);
    } catch (error) {
      if (settleCatalogRefusal(error)) return;
      fail(error instanceof Error ? error.message : 'Payment processing failed');
      return;
    }
    // The processing flag stays on: the page is about to be replaced by the payment page.
    window.location.assign(paymentUrl.href);
  };

  /** Pays on the hosted page, for the contact and delivery address the cart checked. */
  const pay = async (delivery: OrderDelivery) => {
    if (isProcessing || lines.length === 0) return;
    setFailure(null);
    setProcessing(true);
    await payOnHostedPage(delivery);
  };

  /**
   * Pays with a saved card or bank account. On failure the cart says so and then (decision 050):
   * - with another saved method to choose (`anotherToChoose`), the customer stays in the cart to choose it
   *   or to pay another way; the answer says whether the method was declined, for the cart to mark it;
   * - otherwise, 2 s later, it falls back to the hosted page (product §4, §8, §9), the processing flag on
   *   throughout.
   */
  const payWithSavedMethod = async (
    userId: string,
    paymentMethodId: string,
    delivery: OrderDelivery,
    anotherToChoose = false,
  ): Promise<SavedMethodFailure | null> => {
    if (isProcessing || lines.length === 0) return null;
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
          delivery,
          cartId: cartId(),
        },
        // One key per payment attempt: a retry of this request is this payment, never a second one.
        orderId,
      );
      saveCardPaymentRequest({
        requestId: answer.requestId,
        requestTime: Date.now(),
        amount: centsToDecimalString(totals.totalCents),
      });
      markCheckout(answer.requestId);
      window.location.assign(`${window.location.origin}${PATHS.paymentComplete}`);
      return null;
    } catch (error) {
      if (settleCatalogRefusal(error)) return null;
      const message = error instanceof Error ? error.message : 'Payment processing failed';
      // The server's sentences end with a full stop; the spec's text adds its own.
      const said = `Saved payment failed: ${message.replace(/\.+$/, '')}.`;
      const declined = paymentFailureKindOf(null, [message]) === 'declined';
      if (anotherToChoose) {
        setProcessing(false);
        setFailure({ id: Date.now(), message: `${said} ${SAVED_PAYMENT_CHOICE}` });
        return { paymentMethodId, declined };
      }
      setFailure({ id: Date.now(), message: `${said} Falling back to standard payment...` });
      await new Promise((resolve) => setTimeout(resolve, SAVED_PAYMENT_FALLBACK_MS));
      await payOnHostedPage(delivery);
      return { paymentMethodId, declined };
    }
  };

  /**
   * Sends a wallet's token to the store for the cart's total. Success stores the spec's keys for the
   * result page; a failure is said in the cart and kept for the result page, whose failed state opens 2 s
   * later (product §8). Answers whether the payment went through.
   */
  const settleWalletPayment = async (
    wallet: WalletName,
    send: (payment: { orderId: string; amount: number }) => Promise<{ requestId: string }>,
  ): Promise<boolean> => {
    const orderId = createOrderId(wallet);
    try {
      const answer = await send({ orderId, amount: centsToDollars(totals.totalCents) });
      saveWalletPaymentRequest(
        {
          requestId: answer.requestId,
          requestTime: Date.now(),
          amount: centsToDecimalString(totals.totalCents),
        },
        wallet,
      );
      markCheckout(answer.requestId);
      return true;
    } catch (error) {
      if (settleCatalogRefusal(error)) return false;
      const headline =
        wallet === 'googlepay' ? WALLET_MESSAGES.googlePayFailed : WALLET_MESSAGES.applePayFailed;
      saveWalletPaymentError(error instanceof Error ? error.message : headline, wallet);
      setFailure({ id: Date.now(), message: headline });
      setTimeout(() => {
        window.location.assign(`${window.location.origin}${PATHS.paymentComplete}?status=failed`);
      }, WALLET_FAILURE_REDIRECT_MS);
      return false;
    }
  };

  const cartItems = () => lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const payer = () => (user ? { userId: user.id, email: user.email } : {});
  const goToResult = () => window.location.assign(`${window.location.origin}${PATHS.paymentComplete}`);

  /** Pays with the token Google Pay gave, for the email and address its sheet gave (it is closed by now). */
  const payWithGooglePay = async (paymentToken: string | undefined, delivery: DeliveryInput) => {
    if (isProcessing || lines.length === 0) return;
    setFailure(null);
    if (!paymentToken) {
      setFailure({ id: Date.now(), message: WALLET_MESSAGES.noToken });
      return;
    }
    setProcessing(true);
    const paid = await settleWalletPayment('googlepay', async ({ orderId, amount }) => {
      const answer = await processWithGooglePay(
        {
          paymentToken,
          amount,
          orderId,
          ...payer(),
          gateway: 'cardconnect',
          items: cartItems(),
          delivery,
          cartId: cartId(),
        },
        orderId,
      );
      void recordGooglePayPayment({
        requestId: answer.requestId,
        amount: readStoredOrderAmount(),
        ...(user ? { userId: user.id } : {}),
        timestamp: Date.now(),
      });
      return answer;
    });
    if (paid) goToResult();
  };

  /**
   * Pays with Apple Pay: the session must start in the click itself (Safari's rule), then the store
   * validates itself with Apple, the shopper approves in Apple's sheet and the token goes to the store.
   */
  const payWithApplePay = (merchantName: string) => {
    if (isProcessing || lines.length === 0) return;
    const Session = applePaySession();
    setFailure(null);
    if (!Session) {
      setFailure({ id: Date.now(), message: WALLET_MESSAGES.applePayFailed });
      return;
    }
    const session = new Session(APPLE_PAY_VERSION, {
      countryCode: 'US',
      currencyCode: 'USD',
      supportedNetworks: [...APPLE_PAY_NETWORKS],
      merchantCapabilities: ['supports3DS'],
      total: { label: merchantName, amount: centsToDecimalString(totals.totalCents), type: 'final' },
      // The order's contact and delivery come from the sheet: the shopper types nothing in the store.
      requiredShippingContactFields: ['email', 'name', 'postalAddress'],
    });
    session.onvalidatemerchant = async ({ validationURL }) => {
      try {
        session.completeMerchantValidation(await validateMerchant(validationURL));
      } catch {
        session.abort();
        setProcessing(false);
        setFailure({ id: Date.now(), message: WALLET_MESSAGES.merchantValidationFailed });
      }
    };
    session.onpaymentauthorized = async ({ payment }) => {
      if (!payment?.token) {
        session.completePayment(Session.STATUS_FAILURE);
        setProcessing(false);
        setFailure({ id: Date.now(), message: WALLET_MESSAGES.noToken });
        return;
      }
      const paid = await settleWalletPayment('applepay', ({ orderId, amount }) =>
        processWithApplePay(
          {
            paymentToken: payment.token,
            amount,
            orderId,
            ...payer(),
            items: cartItems(),
            delivery: deliveryFromApplePay(payment.shippingContact),
            cartId: cartId(),
          },
          orderId,
        ),
      );
      session.completePayment(paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
      if (paid) goToResult();
    };
    session.oncancel = () => setProcessing(false);
    setProcessing(true);
    session.begin();
  };

  /** A wallet that could not start or finish its sheet: said in the cart, nothing was charged. */
  const reportWalletProblem = (message: string) => {
    setFailure({ id: Date.now(), message });
  };

  return {
    pay,
    payWithSavedMethod,
    payWithGooglePay,
    payWithApplePay,
    reportWalletProblem,
    failure,
    isProcessing,
  };
}
