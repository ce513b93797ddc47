import type { AdminDepositDayResponse, DepositDay, DepositLine } from '@store/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { ArrowDownIcon, ArrowLeftIcon } from '../../../../components/ui/icons';
import { depositsCsvUrl } from '../../api/deposits/export-deposits';
import { adminOrderPath } from '../../../../config/paths';
import { useDepositDay } from '../../api/deposits/get-deposit-day';
import {
  depositDayBadge,
  depositFees,
  depositLineBadge,
  depositLineKindLabel,
  formatDepositDay,
  formatSignedCents,
  formatSignedDollars,
  isMismatchedLine,
} from '../../utils/deposits/deposits';
import { plural } from '../../utils/rows';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { PanelHeader, RefreshNote } from '../panel-parts';
import { FactList } from '../payment-facts';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './deposits.module.css';
import { useMay } from '../../api/staff-session';

export interface DepositDayViewProps {
  day: string;
  /** The day's row of the list, when it is loaded: its state and what it expected. */
  summary?: DepositDay;
  onBack: () => void;
}

/** One day of the Deposits tab: each deposit with its figures, then every line, matched or flagged. */
export function DepositDayView({ day, summary, onBack }: DepositDayViewProps) {
  const may = useMay();
  const query = useDepositDay(day);
  const headingRef = useRef<HTMLDivElement>(null);
  const dayText = formatDepositDay(day);
  const lines = query.data?.lines ?? [];
  const deposits = query.data?.deposits ?? [];
  const flagged = lines.filter(isMismatchedLine).length;
  // Lines the deposits hold (the store's missing captures come after them): a long day lists its first ones.
  const depositLines = lines.filter((line) => line.match !== 'missing').length;
  const lineCount = query.data?.lineCount ?? depositLines;
  const badge = summary ? depositDayBadge(summary) : null;

  // Opened from the list: the keyboard and the screen reader start at the day's heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, [day]);

  return (
    <>
      <Button variant="ghost" size="small" className={styles.back} onClick={onBack}>
        <ArrowLeftIcon size={18} />
        All deposit days
      </Button>
      <div ref={headingRef} tabIndex={-1} className={styles.dayHeading}>
        <PanelHeader
          title={`Deposit of ${dayText}`}
          meta={
            <>
              {badge && (
                <>
                  <StatusBadge label={badge.label} tone={badge.tone} />{' '}
                </>
              )}
              {summary
                ? `Expected ${formatSignedDollars(summary.expected)} for ${plural(summary.expectedCount, 'capture')} settled the day before`
                : 'The captures settled the day before'}{' '}
              · <RefreshNote query={query} />
            </>
          }
          actions={
            may('export') && (
              <a
                className={buttonClassName({ variant: 'secondary', size: 'small' })}
                href={depositsCsvUrl({ to: day, days: 1 })}
                download
                title="This day's deposits and every line, as a CSV file"
              >
                <ArrowDownIcon size={16} />
                Export CSV
              </a>
            )
          }
        />
      </div>
      <StaleListProblem query={query} list="deposits" />

      {query.data && (
        <section className={styles.deposits} aria-label="Deposits of the day">
          {deposits.length === 0 ? (
            <p className={styles.noDeposit}>
              No deposit has come for this day {summary?.state === 'missing' ? '; it is overdue' : 'yet'}.
            </p>
          ) : (
            deposits.map((deposit) => <DepositFacts key={deposit.fundingId} deposit={deposit} />)
          )}
        </section>
      )}

      <h3 className={styles.subTitle}>
        Lines
        {query.data && (
          <span className={styles.subMeta}>
            {lineCount > depositLines
              ? `The first ${depositLines} of ${lineCount} lines, mismatches first; the CSV file has them all`
              : plural(lines.length, 'line')}
            {flagged > 0 ? ` · ${plural(flagged, 'to look at', 'to look at')}` : ''}
          </span>
        )}
      </h3>
      <div className={panel.card}>
        <ListState
          query={query}
          list="deposits"
          columns={6}
          isEmpty={lines.length === 0}
          empty={
            <ListEmpty
              title="No lines"
              text="A deposit lists each sale, refund, ACH return and chargeback it holds."
            />
          }
        >
          <table className={table.table} aria-label={`Lines of the deposit of ${dayText}`}>
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col" className={table.numeric}>
                  Amount
                </th>
                <th scope="col">Kind</th>
                <th scope="col" className={table.numeric}>
                  Fee
                </th>
                <th scope="col">Match</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <DepositLineRow key={`${line.retref ?? line.orderId ?? ''}-${index}`} line={line} />
              ))}
            </tbody>
          </table>
        </ListState>
      </div>
    </>
  );
}

type Deposit = AdminDepositDayResponse['deposits'][number];

function DepositFacts({ deposit }: { deposit: Deposit }) {
  return (
    <div className={styles.deposit}>
      <h3 className={styles.depositTitle}>
        Deposit <span className={styles.fundingId}>{deposit.fundingId}</span>
        {deposit.currency !== 'USD' && <span className={styles.subMeta}>{deposit.currency}</span>}
      </h3>
      <FactList
        label={`Deposit ${deposit.fundingId}`}
        facts={[
          { term: 'Net sales', value: formatSignedDollars(deposit.netSales) },
          { term: 'Interchange fees', value: formatSignedDollars(deposit.interchangeFees) },
          { term: 'Service charges', value: formatSignedDollars(deposit.serviceCharges) },
          { term: 'Other fees', value: formatSignedDollars(deposit.otherFees) },
          { term: 'Fees in all', value: formatSignedCents(depositFees(deposit)) },
          { term: 'Chargebacks', value: formatSignedDollars(deposit.chargebacks) },
          { term: 'Adjustments', value: formatSignedDollars(deposit.adjustments) },
          { term: 'Total funded', value: formatSignedDollars(deposit.totalFunded), emphasis: true },
        ]}
      />
    </div>
  );
}

function DepositLineRow({ line }: { line: DepositLine }) {
  const badge = depositLineBadge(line);
  const flagged = isMismatchedLine(line);
  return (
    <tr className={flagged ? styles.flaggedRow : undefined}>
      <td className={table.primary} data-label="Order ID">
        {line.orderId ? (
          <Link className={`${table.order} ${table.orderLink}`} to={adminOrderPath(line.orderId)}>
            {line.orderId}
          </Link>
        ) : (
          <span className={table.muted}>No order</span>
        )}
        {line.retref && <span className={table.sub}>Ref. {line.retref}</span>}
      </td>
      <td className={`${table.numeric} ${table.headline}`} data-label="Amount">
        <span className={table.amount}>
          {line.match === 'missing' && line.amount === 0 ? '—' : formatSignedDollars(line.amount)}
        </span>
      </td>
      <td data-label="Kind">{depositLineKindLabel(line.kind)}</td>
      <td className={table.numeric} data-label="Fee">
        {formatSignedDollars(line.fee)}
      </td>
      <td data-label="Match">
        <span className={table.cellStack}>
          <StatusBadge label={badge.label} tone={badge.tone} />
          {line.match === 'missing' && line.expected !== undefined && (
            <span className={table.sub}>Store captured {formatSignedDollars(line.expected)}</span>
          )}
          {line.match !== 'matched' && line.kind === 'return' && line.achReturnCode && (
            <span className={table.sub}>Return code {line.achReturnCode}</span>
          )}
        </span>
      </td>
    </tr>
  );
}
