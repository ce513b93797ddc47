import { dollarsToCents, formatCents } from '@store/core';
import { useCapturePayment } from '../api/payments/capture-payment';
import type { Notice } from '../components/notices';
import type { AuthorizationTarget } from '../components/dialog-parts';
import { captureFailureText, failureText, isUnconfirmed } from '../utils/admin-errors';

/**
 * The Capture button: the whole authorization, with the outcome told as a notice (captured, refused with
 * the reason, or not confirmed by the gateway). Pending Payments and the order page share it.
 */
export function useCaptureInFull(push: (notice: Omit<Notice, 'id'>) => void) {
  const capture = useCapturePayment();
  const captureInFull = async (payment: AuthorizationTarget) => {
    const cents = dollarsToCents(payment.amount);
    const detail = `Order ${payment.orderId}`;
    try {
      await capture.mutateAsync({
        paymentId: payment.paymentId,
        orderId: payment.orderId,
        originalCents: cents,
      });
      push({ tone: 'success', title: `Captured ${formatCents(cents)}`, detail });
    } catch (caught) {
      push(
        isUnconfirmed(caught)
          ? {
              tone: 'warning',
              title: failureText(caught, 'The gateway did not confirm the capture.'),
              detail,
            }
          : { tone: 'error', title: captureFailureText(caught), detail },
      );
    }
  };
  return { captureInFull, capturing: capture.isPending };
}
