import {
  DECLINE_ADVICE_LABELS,
  dollarsToCents,
  formatCents,
  HISTORY_SEARCH_MAX_LENGTH,
  transactionLabel,
  type AdminTransaction,
  type TransactionChannel,
  type TransactionFilter,
} from '@store/core';
import { useMutationState } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminOrderPath } from '../../../../config/paths';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { ArrowDownIcon, SearchIcon } from '../../../../components/ui/icons';
import { useCloseSandboxBatch } from '../../api/payments/close-sandbox-batch';
import { transactionsCsvUrl } from '../../api/payments/export-transactions';
import { useTransactions } from '../../api/payments/list-transactions';
import { refundMutationKey, type RefundVariables } from '../../api/payments/refund-payment';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useNotices } from '../../hooks/use-notices';
import { failureText } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import {
  hasHistoryFilters,
  historyDateRange,
  isTransactionChannel,
  isTransactionFilter,
  NO_HISTORY_FILTERS,
  operatorTimeZone,
  TRANSACTION_CHANNEL_OPTIONS,
  TRANSACTION_FILTER_OPTIONS,
} from '../../utils/payments/filters';
import { plural, uniqueRows } from '../../utils/rows';
import {
  isSettleDaysAgo,
  settleButtonText,
  settleDayOptionLabel,
  settledDepositNote,
  SETTLE_DAYS_AGO_OPTIONS,
} from '../../utils/payments/sandbox-settle';
import { CancelChargeDialog } from './cancel-charge-dialog';
import { useMay } from '../../api/staff-session';
import { RoleNote } from '../role-note';
import { NoticeList } from '../notices';
import { CardText, PaidWithText } from '../payment-facts';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { LoadMoreButton } from '../load-more';
import { DateTimeText, PanelHeader, RefreshNote } from '../panel-parts';
import { RefundDialog } from './refund-dialog';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import table from '../data-table.module.css';

export interface HistoryFilters {
  /** What the operator typed in the search box (sent once they pause typing). */
  searchText: string;
  status: TransactionFilter;
  /** How the payment was made; all when absent. */
  channel?: TransactionChannel;
  /** Calendar days (YYYY-MM-DD) in the operator's time zone, both included; none when absent or empty. */
  from?: string;
  to?: string;
}

export interface TransactionHistoryPanelProps {
  filters: HistoryFilters;
  onFiltersChange: (filters: HistoryFilters) => void;
}

const SEARCH_DELAY_MS = 300;

const SEARCH_LABEL = 'Search by order ID, name, email, Customer ID, last 4 or amount';

/** Payments and refunds, newest first: search, filter, export, and refund what was captured. */
export function TransactionHistoryPanel({ filters, onFiltersChange }: TransactionHistoryPanelProps) {
  const may = useMay();
  const search = useDebouncedValue(filters.searchText.trim(), SEARCH_DELAY_MS);
  const channel = filters.channel ?? 'all';
  const dates = historyDateRange(filters);
  // The dates are days where the operator is, as the history shows its times; a range not whole or not in
  // order is not sent (the last one that was keeps the list).
  const [sentDates, setSentDates] = useState<{ from?: string; to?: string }>({});
  const range = dates.ok ? { from: dates.from, to: dates.to } : sentDates;
  if (dates.ok && (dates.from !== sentDates.from || dates.to !== sentDates.to)) {
    setSentDates({ from: dates.from, to: dates.to });
  }
  const transactionQuery = {
    search,
    status: filters.status,
    channel,
    ...range,
    timeZone: operatorTimeZone(),
  };
  const query = useTransactions(transactionQuery);
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  const [cancelling, setCancelling] = useState<AdminTransaction | null>(null);
  const { notices, push, dismiss } = useNotices();
  const closeBatch = useCloseSandboxBatch();
  // Demo mode with the built-in sandbox: its nightly settlement can be run now, or as if days ago.
  const sandboxBatch = query.data?.pages[0]?.sandboxBatch === true;
  const [settleDaysAgo, setSettleDaysAgo] = useState(0);

  const settleSandbox = async () => {
    const daysAgo = settleDaysAgo;
    try {
      const answer = await closeBatch.mutateAsync(daysAgo);
      push({
        tone: 'success',
        title: answer.message,
        detail: answer.settled > 0 ? settledDepositNote(daysAgo) : undefined,
      });
    } catch (caught) {
      push({ tone: 'error', title: failureText(caught, 'The sandbox batch could not be closed') });
    }
  };

  const rows = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.transactions) ?? [], (row) => row.id),
    [query.data],
  );
  const pendingRefunds = useMutationState({
    filters: { mutationKey: refundMutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as RefundVariables | undefined)?.paymentId,
  });

  const filtered = hasHistoryFilters({ ...filters, searchText: search });
  // Failed attempts took no money: a list of their own, with why each failed instead of money columns.
  const failedAttempts = filters.status === 'failed';
  const change = (changes: Partial<HistoryFilters>) => onFiltersChange({ ...filters, ...changes });

  // The file the server streams holds every row these filters select (the search as sent, not as typed).
  const exportUrl = transactionsCsvUrl(transactionQuery);

  return (
    <>
      <PanelHeader
        title="Transaction history"
        meta={
          <>
            {failedAttempts
              ? 'Payment attempts that took no money, newest first'
              : 'Payments and refunds, newest first'}{' '}
            · <RefreshNote query={query} />
          </>
        }
      />

      <div className={panel.toolbar} role="search" aria-label="Filter transactions">
        <div className={`${panel.filterField} ${panel.searchField}`}>
          <label htmlFor="history-search" className={panel.filterLabel}>
            {SEARCH_LABEL}
          </label>
          <div className={panel.search}>
            <SearchIcon />
            <input
              id="history-search"
              type="search"
              className={`${panel.searchInput} ${panel.searchInputWide}`}
              placeholder="CC-7QX2…, Ada, ada@example.com, 100001, 5454, $15.74"
              value={filters.searchText}
              maxLength={HISTORY_SEARCH_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => change({ searchText: event.target.value })}
            />
          </div>
        </div>
        <div className={panel.filterField}>
          <label htmlFor="history-status" className={panel.filterLabel}>
            Status
          </label>
          <select
            id="history-status"
            className={panel.select}
            value={filters.status}
            onChange={(event) => {
              const status = event.target.value;
              if (isTransactionFilter(status)) change({ status });
            }}
          >
            {TRANSACTION_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={panel.filterField}>
          <label htmlFor="history-channel" className={panel.filterLabel}>
            Paid with
          </label>
          <select
            id="history-channel"
            className={panel.select}
            value={channel}
            onChange={(event) => {
              const value = event.target.value;
              if (isTransactionChannel(value)) change({ channel: value });
            }}
          >
            {TRANSACTION_CHANNEL_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={panel.filterField}>
          <label htmlFor="history-from" className={panel.filterLabel}>
            From
          </label>
          <input
            id="history-from"
            type="date"
            className={`${panel.select} ${panel.dateInput}`}
            value={filters.from ?? ''}
            min="2000-01-01"
            max={filters.to || undefined}
            aria-invalid={!dates.ok || undefined}
            aria-describedby={dates.ok ? undefined : 'history-dates-problem'}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className={panel.filterField}>
          <label htmlFor="history-to" className={panel.filterLabel}>
            To
          </label>
          <input
            id="history-to"
            type="date"
            className={`${panel.select} ${panel.dateInput}`}
            value={filters.to ?? ''}
            min={filters.from || '2000-01-01'}
            aria-invalid={!dates.ok || undefined}
            aria-describedby={dates.ok ? undefined : 'history-dates-problem'}
            onChange={(event) => change({ to: event.target.value })}
          />
        </div>
        {filtered && (
          <Button
            variant="ghost"
            size="small"
            className={panel.clear}
            onClick={() => onFiltersChange({ ...NO_HISTORY_FILTERS })}
          >
            Clear filters
          </Button>
        )}
        {!dates.ok && (
          <p id="history-dates-problem" className={panel.filterProblem} role="alert">
            {dates.problem}
          </p>
        )}
        <div className={panel.toolbarEnd}>
          {sandboxBatch && may('settle') && (
            <div className={panel.settleGroup} role="group" aria-label="Sandbox settlement">
              <label htmlFor="history-settle-day" className="visually-hidden">
                Close the sandbox batch as of
              </label>
              <select
                id="history-settle-day"
                className={`${panel.select} ${panel.settleSelect}`}
                value={settleDaysAgo}
                disabled={closeBatch.isPending}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  if (isSettleDaysAgo(value)) setSettleDaysAgo(value);
                }}
              >
                {SETTLE_DAYS_AGO_OPTIONS.map((daysAgo) => (
                  <option key={daysAgo} value={daysAgo}>
                    {settleDayOptionLabel(daysAgo)}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                onClick={() => void settleSandbox()}
                disabled={closeBatch.isPending}
                aria-busy={closeBatch.isPending}
                title="Demo mode: the sandbox gateway settles the captures not settled yet, now or as if on the day chosen"
              >
                {closeBatch.isPending ? 'Settling…' : settleButtonText(settleDaysAgo)}
              </Button>
            </div>
          )}
          {!may('export') ? null : rows.length === 0 ? (
            <Button variant="secondary" disabled>
              <ArrowDownIcon size={18} />
              Export CSV
            </Button>
          ) : (
            <a
              className={buttonClassName({ variant: 'secondary' })}
              href={exportUrl}
              download
              title="Every transaction these filters select, as a CSV file"
            >
              <ArrowDownIcon size={18} />
              Export CSV
            </a>
          )}
        </div>
      </div>

      <RoleNote rights={['refund', 'cancel-charge', 'export']} />
      <NoticeList notices={notices} onDismiss={dismiss} />
      <StaleListProblem query={query} list="transactions" />

      <div className={panel.card} aria-busy={query.isFetching && query.isPlaceholderData}>
        <ListState
          query={query}
          list="transactions"
          columns={failedAttempts ? 6 : 7}
          isEmpty={rows.length === 0}
          empty={
            failedAttempts ? (
              <ListEmpty
                title={
                  hasHistoryFilters({ ...filters, searchText: search, status: 'all' })
                    ? 'No failed attempts match'
                    : 'No failed attempts'
                }
                text="Declined, unconfirmed and abandoned payments are listed here, found by a card's last 4 (when the gateway named it), name, email, amount or order ID."
              />
            ) : (
              <ListEmpty
                title={filtered ? 'No transactions match' : 'No transactions yet'}
                text={
                  filtered
                    ? 'Try the start of a name or an email, a Customer ID, the last 4, an amount such as 15.74 or an order ID, or clear the filters.'
                    : 'Captured, voided and refunded payments will be listed here.'
                }
              />
            )
          }
        >
          {failedAttempts ? (
            <table className={table.table} aria-label="Failed payment attempts">
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Date</th>
                  <th scope="col" className={table.numeric}>
                    Amount
                  </th>
                  <th scope="col">Paid with</th>
                  <th scope="col">Status</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <FailedAttemptRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          ) : (
            <table className={table.table} aria-label="Transactions">
              <thead>
                <tr>
                  <th scope="col">Order ID</th>
                  <th scope="col">Date</th>
                  <th scope="col" className={table.numeric}>
                    Amount
                  </th>
                  <th scope="col">Paid with</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={table.numeric}>
                    Captured
                  </th>
                  <th scope="col" className={table.numeric}>
                    Refunded
                  </th>
                  <th scope="col" className={table.actionsHead}>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <TransactionRow
                    key={row.id}
                    row={row}
                    refundPending={row.refundType !== 'refund' && pendingRefunds.includes(row.paymentId)}
                    onRefund={may('refund') ? () => setRefunding(row) : undefined}
                    onCancelCharge={may('cancel-charge') ? () => setCancelling(row) : undefined}
                  />
                ))}
              </tbody>
            </table>
          )}
        </ListState>
        {rows.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>
              Showing {plural(rows.length, failedAttempts ? 'failed attempt' : 'transaction')}
            </span>
            <LoadMoreButton query={query} />
          </div>
        )}
      </div>

      {refunding && <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />}
      {cancelling && (
        <CancelChargeDialog transaction={cancelling} onClose={() => setCancelling(null)} onOutcome={push} />
      )}
    </>
  );
}

/** A payment row whose capture the gateway has still to settle (tonight's batch), money still charged. */
function awaitsSettlement(row: AdminTransaction): boolean {
  return (
    row.refundType !== 'refund' &&
    (row.captureStatus === 'captured' || row.captureStatus === 'partially_captured') &&
    dollarsToCents(row.captureAmount) > 0 &&
    !row.isRefunded
  );
}

/**
 * A captured payment whose charge can still be cancelled: the gateway has not settled it, and nothing of
 * it is refunded or scheduled for refund.
 */
function isCancellable(row: AdminTransaction): boolean {
  return (
    (row.captureStatus === 'captured' || row.captureStatus === 'partially_captured') &&
    dollarsToCents(row.captureAmount) > 0 &&
    dollarsToCents(row.refundableAmount) === dollarsToCents(row.captureAmount)
  );
}

function TransactionRow({
  row,
  refundPending,
  onRefund,
  onCancelCharge,
}: {
  row: AdminTransaction;
  refundPending: boolean;
  /** Absent when the role may not refund (or cancel charges): the action is not offered. */
  onRefund?: () => void;
  onCancelCharge?: () => void;
}) {
  const isRefundRow = row.refundType === 'refund' || row.creditType === 'credit';
  const capturedCents = dollarsToCents(row.captureAmount);
  const refundedCents = dollarsToCents(row.refundAmount);
  const refundableCents = dollarsToCents(row.refundableAmount);
  const scheduledCents = dollarsToCents(row.scheduledRefundAmount ?? 0);
  // A capture voided before settlement moved no money: nothing captured or refunded to show.
  const cancelled = !isRefundRow && row.chargeCancelled === true;
  const showCaptured = !isRefundRow && !cancelled && capturedCents > 0;
  const showRefunded = !isRefundRow && !cancelled && (refundedCents > 0 || scheduledCents > 0);
  const cancellable = !isRefundRow && !refundPending && isCancellable(row);

  return (
    <tr className={refundPending ? table.busyRow : undefined}>
      <td className={table.primary} data-label="Order ID">
        <Link className={`${table.order} ${table.orderLink}`} to={adminOrderPath(row.orderId)}>
          {row.orderId}
        </Link>
        {isRefundRow && (
          <span className={`${table.sub} ${table.wrap}`}>
            {row.refundState === 'scheduled'
              ? "Scheduled: runs after tonight's settlement"
              : row.refundMethod === 'void'
                ? 'Charge cancelled before settlement'
                : row.cardType === 'ACH'
                  ? 'Refund to bank account'
                  : 'Refund to card'}
          </span>
        )}
        {!isRefundRow && row.deliverTo && (
          <span className={`${table.sub} ${table.shipTo}`} title={row.deliverTo}>
            Ship to {row.deliverTo}
          </span>
        )}
      </td>
      <td data-label="Date">
        <DateTimeText iso={row.transactionDate} />
      </td>
      <td className={`${table.numeric} ${table.headline}`} data-label="Amount">
        <span className={`${table.amount} ${isRefundRow ? table.negative : ''}`}>
          {isRefundRow
            ? `−${formatCents(dollarsToCents(row.amount))}`
            : formatCents(dollarsToCents(row.amount))}
        </span>
      </td>
      <td data-label="Paid with">
        <CardText
          className={table.card}
          cardType={row.cardType}
          last4={row.last4}
          bankName={row.bankName}
          wallet={row.wallet}
        />
      </td>
      <td data-label="Status">
        <span className={table.cellStack}>
          {refundPending ? (
            <StatusBadge label="Refund pending…" tone="pending" />
          ) : (
            <StatusBadge label={transactionLabel(row)} />
          )}
          {cancelled ? (
            <span className={table.sub}>Never charged</span>
          ) : row.settledAt ? (
            <span className={table.sub}>Settled {formatDateTime(row.settledAt)}</span>
          ) : (
            awaitsSettlement(row) && (
              <>
                <span className={table.sub}>Not settled yet</span>
                {cancellable && onCancelCharge && (
                  <span className={table.sub}>
                    <button type="button" className={table.inlineAction} onClick={onCancelCharge}>
                      Cancel charge
                    </button>
                  </span>
                )}
              </>
            )
          )}
        </span>
      </td>
      <td className={`${table.numeric} ${showCaptured ? '' : table.blankAsCard}`} data-label="Captured">
        {showCaptured ? (
          <>
            {formatCents(capturedCents)}
            {row.isPartialCapture && (
              <span className={table.sub}>of {formatCents(dollarsToCents(row.originalAmount))}</span>
            )}
          </>
        ) : (
          <span className={table.muted}>—</span>
        )}
      </td>
      <td className={`${table.numeric} ${showRefunded ? '' : table.blankAsCard}`} data-label="Refunded">
        {showRefunded ? (
          <span className={table.cellStack}>
            {formatCents(refundedCents)}
            {scheduledCents > 0 && (
              <span className={table.sub}>+{formatCents(scheduledCents)} scheduled</span>
            )}
            {refundableCents > 0 && <span className={table.sub}>{formatCents(refundableCents)} left</span>}
          </span>
        ) : (
          <span className={table.muted}>—</span>
        )}
      </td>
      <td className={`${table.actions} ${refundableCents > 0 ? '' : table.blankAsCard}`}>
        {refundableCents > 0 && onRefund && (
          <Button size="small" variant="secondary" onClick={onRefund} disabled={refundPending}>
            Refund
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * A payment attempt that took no money (decision 031): why, in plain words, and for a decline whether to
 * retry. No money action: there is nothing to capture, void or refund.
 */
function FailedAttemptRow({ row }: { row: AdminTransaction }) {
  const attempt = row.attempt;
  if (!attempt) return null;
  return (
    <tr>
      <td className={table.primary} data-label="Order ID">
        <Link className={`${table.order} ${table.orderLink}`} to={adminOrderPath(row.orderId)}>
          {row.orderId}
        </Link>
        {row.contactEmail && (
          <span className={`${table.sub} ${table.shipTo}`} title={row.deliverTo ?? row.contactEmail}>
            {row.contactEmail}
          </span>
        )}
      </td>
      <td data-label="Date">
        <DateTimeText iso={row.transactionDate} />
      </td>
      <td className={`${table.numeric} ${table.headline}`} data-label="Amount">
        <span className={table.amount}>{formatCents(dollarsToCents(row.amount))}</span>
      </td>
      <td data-label="Paid with">
        <PaidWithText className={table.card} text={attempt.paidWith} />
      </td>
      <td data-label="Status">
        <span className={table.cellStack}>
          <StatusBadge label={transactionLabel(row)} />
          {attempt.respcode && <span className={table.sub}>Code {attempt.respcode}</span>}
        </span>
      </td>
      <td className={table.reasonCell} data-label="Why">
        <span className={table.reason}>
          {attempt.reason}
          {attempt.advice && (
            <span className={table.advice} title={attempt.adviceText}>
              {DECLINE_ADVICE_LABELS[attempt.advice]}
            </span>
          )}
        </span>
      </td>
    </tr>
  );
}
