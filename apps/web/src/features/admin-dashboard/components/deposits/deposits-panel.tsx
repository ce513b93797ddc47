import type { DepositDay } from '@store/core';
import { useMemo } from 'react';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { ArrowDownIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { depositsCsvUrl, EXPORT_DEPOSITS_MAX_DAYS } from '../../api/deposits/export-deposits';
import { useDepositDays, depositPageEnd, DEPOSIT_DAYS_PAGE } from '../../api/deposits/list-deposit-days';
import {
  addDays,
  depositDayBadge,
  formatDepositDay,
  formatSignedDollars,
  utcToday,
} from '../../utils/deposits/deposits';
import { plural, uniqueRows } from '../../utils/rows';
import { DepositDayView } from './deposit-day-view';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { PanelHeader, RefreshNote } from '../panel-parts';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './deposits.module.css';
import { useMay } from '../../api/staff-session';

export interface DepositsPanelProps {
  /** The day opened (YYYY-MM-DD), kept by the console so it survives a trip to another tab. */
  day: string | null;
  onDayChange: (day: string | null) => void;
}

/**
 * The Deposits tab (decision 036): what the gateway funded each day, newest first, against the captures
 * the store settled the day before; a day opens on its deposits and every line, matched or flagged.
 */
export function DepositsPanel({ day, onDayChange }: DepositsPanelProps) {
  const may = useMay();
  const query = useDepositDays();
  const days = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.days) ?? [], (row) => row.day),
    [query.data],
  );

  if (day) {
    return (
      <DepositDayView
        day={day}
        summary={days.find((row) => row.day === day)}
        onBack={() => onDayChange(null)}
      />
    );
  }

  const pagesLoaded = query.data?.pages.length ?? 1;
  const oldestShown = addDays(depositPageEnd(pagesLoaded - 1) ?? utcToday(), 1 - DEPOSIT_DAYS_PAGE);

  return (
    <>
      <PanelHeader
        title="Deposits"
        meta={
          <>
            What the gateway deposited each day, matched to the store&apos;s payments, newest first ·{' '}
            <RefreshNote query={query} />
          </>
        }
        actions={
          days.length > 0 && may('export') ? (
            <a
              className={buttonClassName({ variant: 'secondary' })}
              href={depositsCsvUrl({ days: pagesLoaded * DEPOSIT_DAYS_PAGE })}
              download
              title={`Each deposit and every line of the last ${Math.min(pagesLoaded * DEPOSIT_DAYS_PAGE, EXPORT_DEPOSITS_MAX_DAYS)} days, as a CSV file`}
            >
              <ArrowDownIcon size={18} />
              Export CSV
            </a>
          ) : undefined
        }
      />
      <p className={styles.intro}>
        A batch is funded the day after it settles: each day expects the captures settled the day before. Days
        are UTC calendar days; what came off a deposit is shown with a minus sign.
      </p>
      <StaleListProblem query={query} list="deposits" />

      <div className={panel.card} aria-busy={query.isFetching && query.isPlaceholderData}>
        <ListState
          query={query}
          list="deposits"
          columns={8}
          isEmpty={days.length === 0}
          empty={
            <ListEmpty
              title={`No deposits since ${formatDepositDay(oldestShown)}`}
              text="Captures settle in tonight's batch, and the gateway deposits them the next day. Days with a deposit or settled captures are listed here."
            />
          }
        >
          <table className={table.table} aria-label="Deposit days">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className={table.numeric}>
                  Total funded
                </th>
                <th scope="col" className={table.numeric}>
                  Expected
                </th>
                <th scope="col" className={table.numeric}>
                  Net sales
                </th>
                <th scope="col" className={table.numeric}>
                  Fees
                </th>
                <th scope="col" className={table.numeric}>
                  Adjustments
                </th>
                <th scope="col" className={table.numeric}>
                  Chargebacks
                </th>
                <th scope="col">State</th>
                <th scope="col" className={table.actionsHead}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((row) => (
                <DepositDayRow key={row.day} row={row} onOpen={() => onDayChange(row.day)} />
              ))}
            </tbody>
          </table>
        </ListState>
        {!query.isPending && !(query.isError && !query.data) && (
          <div className={panel.more}>
            <span className={panel.moreNote}>
              Showing {plural(days.length, 'day')} since {formatDepositDay(oldestShown)}
            </span>
            {query.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? <Spinner /> : null}
                Load {DEPOSIT_DAYS_PAGE} more days
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}

function DepositDayRow({ row, onOpen }: { row: DepositDay; onOpen: () => void }) {
  const badge = depositDayBadge(row);
  const dayText = formatDepositDay(row.day);
  const flagged = badge.tone === 'danger';
  return (
    <tr className={flagged ? styles.flaggedRow : undefined}>
      <td className={table.primary} data-label="Day">
        <time className={styles.day} dateTime={row.day}>
          {dayText}
        </time>
        <span className={table.sub}>
          {row.depositCount === 0 ? 'No deposit yet' : plural(row.depositCount, 'deposit')}
        </span>
      </td>
      <td className={`${table.numeric} ${table.headline}`} data-label="Total funded">
        <span className={table.amount}>{formatSignedDollars(row.totalFunded)}</span>
      </td>
      <td className={table.numeric} data-label="Expected">
        <span className={table.cellStack}>
          {formatSignedDollars(row.expected)}
          <span className={table.sub}>{plural(row.expectedCount, 'capture')}</span>
        </span>
      </td>
      <td className={table.numeric} data-label="Net sales">
        {formatSignedDollars(row.netSales)}
      </td>
      <td className={table.numeric} data-label="Fees">
        {formatSignedDollars(row.fees)}
      </td>
      <td className={table.numeric} data-label="Adjustments">
        {formatSignedDollars(row.adjustments)}
      </td>
      <td className={table.numeric} data-label="Chargebacks">
        {formatSignedDollars(row.chargebacks)}
      </td>
      <td data-label="State">
        <StatusBadge label={badge.label} tone={badge.tone} />
      </td>
      <td className={table.actions}>
        <Button size="small" variant="secondary" onClick={onOpen}>
          View lines<span className="visually-hidden"> for {dayText}</span>
        </Button>
      </td>
    </tr>
  );
}
