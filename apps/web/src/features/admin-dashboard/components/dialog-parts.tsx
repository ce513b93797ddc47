import { formatCents, type AdminPayment, type Cents } from '@store/core';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/**
 * What a dialog about an authorization needs of it: a Pending Payments row, or a payment's history row
 * (the order page's), which has the same fields.
 */
export type AuthorizationTarget = Pick<
  AdminPayment,
  'paymentId' | 'orderId' | 'amount' | 'cardType' | 'last4' | 'bankName' | 'wallet' | 'transactionDate'
>;

/** The subtitle of a dialog about one payment. */
export function OrderSubtitle({ orderId }: { orderId: string }) {
  return (
    <>
      Order <strong>{orderId}</strong>
    </>
  );
}

/** Cancel, and a submit button that names the amount once it is valid (`cents` is null until then). */
export function AmountFormFooter({
  formId,
  verb,
  idleText = verb,
  busyText,
  cents,
  busy,
  onCancel,
}: {
  formId: string;
  verb: string;
  /** The button's words while there is no amount yet: the verb unless said. */
  idleText?: string;
  busyText: string;
  cents: Cents | null;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={cents === null || busy} aria-busy={busy}>
        {busy ? (
          <>
            <Spinner />
            {busyText}
          </>
        ) : cents === null ? (
          idleText
        ) : (
          `${verb} ${formatCents(cents)}`
        )}
      </Button>
    </>
  );
}
