import { dollarsToCents, formatCents, type AdminPayment } from '@store/core';
import { useMutationState } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { adminOrderPath } from '../../../../config/paths';
import { capturePaymentMutationKey, type CapturePaymentVariables } from '../../api/payments/capture-payment';
import { captureAllMutationKey } from '../../api/payments/capture-all';
import type { usePendingPayments } from '../../api/payments/list-pending-payments';
import { voidPaymentMutationKey, type VoidPaymentVariables } from '../../api/payments/void-payment';
import { useCaptureInFull } from '../../hooks/use-capture-in-full';
import { useNotices } from '../../hooks/use-notices';
import { useNow } from '../../hooks/use-now';
import { formatDateTime } from '../../utils/format-date';
import { plural, uniqueRows } from '../../utils/rows';
import { authorizationTimeLeft } from '../../utils/time-left';
import { CaptureAllDialog } from './capture-all-dialog';
import { useMay } from '../../api/staff-session';
import { RoleNote } from '../role-note';
import { NoticeList } from '../notices';
import { PartialCaptureDialog } from './partial-capture-dialog';
import { CardText } from '../payment-facts';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { LoadMoreButton } from '../load-more';
import { DataTable, DateTimeText, PanelHeader, RefreshNote, type TableColumn } from '../panel-parts';
import { VoidDialog } from './void-dialog';
import dialogStyles from '../dialog.module.css';
import panel from '../panel.module.css';
import table from '../data-table.module.css';

type OpenDialog =
  | { kind: 'partial'; payment: AdminPayment }
  | { kind: 'void'; payment: AdminPayment }
  | { kind: 'capture-all' };

const COLUMNS: readonly TableColumn[] = [
  'Order ID',
  { label: 'Amount', kind: 'numeric' },
  'Paid with',
  'Date',
  'Expires',
  { label: 'Actions', kind: 'actions' },
];

export interface PendingPaymentsPanelProps {
  query: ReturnType<typeof usePendingPayments>;
}

/** Authorized payments awaiting capture: capture in full or in part, void, or capture them all. */
export function PendingPaymentsPanel({ query }: PendingPaymentsPanelProps) {
  const may = useMay();
  const mayCapture = may('capture');
  const mayVoid = may('void');
  const now = useNow();
  const { notices, push, dismiss } = useNotices();
  const { captureInFull } = useCaptureInFull(push);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const payments = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.payments) ?? [], (payment) => payment.paymentId),
    [query.data],
  );
  const total = Math.max(query.data?.pages[0]?.total ?? 0, payments.length);
  const atLeast = query.data?.pages[0]?.totalIsCapped === true ? 'At least ' : '';

  const capturing = useMutationState({
    filters: { mutationKey: capturePaymentMutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as CapturePaymentVariables | undefined)?.paymentId,
  });
  const voiding = useMutationState({
    filters: { mutationKey: voidPaymentMutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as VoidPaymentVariables | undefined)?.paymentId,
  });
  const captureAllRunning =
    useMutationState({ filters: { mutationKey: captureAllMutationKey, status: 'pending' } }).length > 0;

  const shownCents = payments.map((payment) => ({
    paymentId: payment.paymentId,
    amountCents: dollarsToCents(payment.amount),
  }));
  const isFirstLoad = query.isPending;
  const loadFailed = query.isError && !query.data;

  return (
    <>
      <PanelHeader
        title={
          isFirstLoad || loadFailed
            ? 'Payments awaiting capture'
            : `${atLeast}${plural(total, 'payment')} awaiting capture`
        }
        meta={
          <>
            Oldest first · authorizations lapse 7 days after purchase · <RefreshNote query={query} />
          </>
        }
        actions={
          mayCapture && (
            <Button
              onClick={() => setDialog({ kind: 'capture-all' })}
              disabled={total === 0 || captureAllRunning}
              aria-busy={captureAllRunning}
            >
              {captureAllRunning ? <Spinner /> : <CheckCircleIcon size={18} />}
              Capture All
            </Button>
          )
        }
      />
      <RoleNote rights={['capture', 'void']} />

      <NoticeList notices={notices} onDismiss={dismiss} />
      <StaleListProblem query={query} list="payments" />

      <div className={panel.card}>
        <ListState
          query={query}
          list="payments"
          columns={COLUMNS.length}
          isEmpty={payments.length === 0}
          empty={
            <ListEmpty
              icon={<CheckCircleIcon size={30} />}
              title="No payments awaiting capture"
              text="New card payments appear here as soon as they are authorized."
            />
          }
        >
          <DataTable label="Payments awaiting capture" columns={COLUMNS}>
            {payments.map((payment) => {
              const busyText = capturing.includes(payment.paymentId)
                ? 'Capturing…'
                : voiding.includes(payment.paymentId)
                  ? 'Voiding…'
                  : captureAllRunning
                    ? 'Capturing…'
                    : null;
              const timeLeft = authorizationTimeLeft(payment.expiresAt, now);
              return (
                <tr key={payment.paymentId} className={busyText ? table.busyRow : undefined}>
                  <td className={table.primary} data-label="Order ID">
                    <Link
                      to={adminOrderPath(payment.orderId)}
                      className={`${table.order} ${table.orderLink}`}
                    >
                      {payment.orderId}
                    </Link>
                    <span className={table.sub}>{payment.shipped ? 'Shipped' : 'Not shipped'}</span>
                  </td>
                  <td className={`${table.numeric} ${table.headline}`} data-label="Amount">
                    <span className={table.amount}>{formatCents(dollarsToCents(payment.amount))}</span>
                  </td>
                  <td data-label="Paid with">
                    <CardText
                      className={table.card}
                      cardType={payment.cardType}
                      last4={payment.last4}
                      bankName={payment.bankName}
                      wallet={payment.wallet}
                    />
                  </td>
                  <td data-label="Date">
                    <DateTimeText iso={payment.transactionDate} />
                  </td>
                  <td data-label="Expires">
                    <span
                      className={`${panel.expiry} ${timeLeft.expiringSoon ? panel.expirySoon : ''} ${timeLeft.expired ? panel.expired : ''}`}
                      title={`Authorization expires ${formatDateTime(payment.expiresAt)}`}
                    >
                      {(timeLeft.expiringSoon || timeLeft.expired) && <AlertCircleIcon size={14} />}
                      {timeLeft.text}
                      {timeLeft.expiringSoon && <strong className={panel.expiryNote}>Expires soon</strong>}
                    </span>
                  </td>
                  <td className={table.actions}>
                    {busyText ? (
                      <span className={table.rowBusy} role="status">
                        <Spinner />
                        {busyText}
                      </span>
                    ) : (
                      <div className={table.buttons}>
                        {mayCapture && (
                          <>
                            <Button
                              size="small"
                              onClick={() => void captureInFull(payment)}
                              disabled={captureAllRunning}
                            >
                              Capture
                            </Button>
                            <Button
                              size="small"
                              variant="secondary"
                              onClick={() => setDialog({ kind: 'partial', payment })}
                              disabled={captureAllRunning}
                            >
                              Partial capture
                            </Button>
                          </>
                        )}
                        {mayVoid && (
                          <Button
                            size="small"
                            variant="ghost"
                            className={dialogStyles.dangerGhost}
                            onClick={() => setDialog({ kind: 'void', payment })}
                            disabled={captureAllRunning}
                          >
                            Void
                          </Button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </ListState>
        {query.hasNextPage && (
          <div className={panel.more}>
            <LoadMoreButton query={query} />
            <span className={panel.moreNote}>
              Showing {payments.length} of {atLeast.toLowerCase()}
              {total}
            </span>
          </div>
        )}
      </div>

      {dialog?.kind === 'partial' && (
        <PartialCaptureDialog payment={dialog.payment} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {dialog?.kind === 'void' && (
        <VoidDialog payment={dialog.payment} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {dialog?.kind === 'capture-all' && (
        <CaptureAllDialog count={total} shown={shownCents} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
