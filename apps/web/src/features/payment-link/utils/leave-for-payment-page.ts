import { getLocalStorage, type KeyValueStorage } from '../../../lib/browser-storage';
import { saveCardPaymentRequest } from '../../../lib/payment-storage';
import { toNavigableUrl } from '../../../lib/safe-url';

/**
 * What the cart's hosted-page checkout does before it leaves for the payment page, for a link's payment:
 * the request is recorded for the result page (which verifies it with the store) and the payment page's
 * address is checked. Answers the address to go to, or null (nothing recorded) when it is not one.
 */
export function preparePaymentPage(
  answer: { requestId: string; paymentUrl: string; amount: number },
  {
    origin,
    storage = getLocalStorage(),
    now = Date.now(),
  }: { origin: string; storage?: KeyValueStorage; now?: number },
): URL | null {
  const paymentUrl = toNavigableUrl(answer.paymentUrl, origin);
  if (!paymentUrl) return null;
  saveCardPaymentRequest(
    { requestId: answer.requestId, requestTime: now, amount: answer.amount.toFixed(2) },
    storage,
  );
  return paymentUrl;
}
