import { useId, useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { MONEY_SUMMARY_DAYS, useMoneySummary } from '../../api/payments/get-money-summary';
import { formatSignedCents } from '../../utils/deposits/deposits';
import {
  MONEY_SERIES,
  MONEY_SERIES_LABELS,
  formatShortDay,
  moneyChartColumns,
  moneySummaryRows,
  moneyTotals,
} from '../../utils/payments/money-summary';
import { MoneyChart, SeriesSwatch } from './money-chart';
import styles from './money-summary-card.module.css';

/** Wide screens open the chart at once; on phones and tablets it waits for "Show chart". */
const CHART_OPEN_QUERY = '(min-width: 1024px)';
const PHONE_QUERY = '(max-width: 767px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

/**
 * "Money, last 30 days" at the top of the console (decision 036): the period's totals always, and, when
 * opened, a chart of captured, refunded, taken back (chargebacks, returned debits), net and fees per day with the same numbers as a table (hidden from
 * sight but read by screen readers, or shown with "Show as table").
 */
export function MoneySummaryCard() {
  const query = useMoneySummary();
  const [chartOpen, setChartOpen] = useState(() => matches(CHART_OPEN_QUERY));
  const [tableShown, setTableShown] = useState(false);
  const [chartHeight] = useState(() => (matches(PHONE_QUERY) ? 140 : 150));
  const headingId = useId();
  const bodyId = useId();
  const tableId = useId();

  const rows = useMemo(() => moneySummaryRows(query.data?.days ?? []), [query.data]);
  const columns = useMemo(() => moneyChartColumns(rows), [rows]);
  const totals = query.data ? moneyTotals(query.data) : null;
  const title = `Money, last ${MONEY_SUMMARY_DAYS} days`;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {chartOpen && rows.length > 0 && (
          <Button
            variant="ghost"
            size="small"
            className={styles.tableToggle}
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? 'Hide table' : 'Show as table'}
          </Button>
        )}
        <Button
          variant="ghost"
          size="small"
          aria-expanded={chartOpen}
          aria-controls={bodyId}
          onClick={() => setChartOpen((open) => !open)}
        >
          {chartOpen ? 'Hide chart' : 'Show chart'}
        </Button>
      </div>

      <dl className={styles.totals} aria-label={`Totals, last ${MONEY_SUMMARY_DAYS} days`}>
        {MONEY_SERIES.map((series) => (
          <div key={series} className={styles.total}>
            <dt>
              <SeriesSwatch series={series} />
              {MONEY_SERIES_LABELS[series]}
            </dt>
            <dd>{totals ? formatSignedCents(totals[series]) : '–'}</dd>
          </div>
        ))}
      </dl>

      {query.isError && (
        <p className={styles.problem} role="status">
          {query.data
            ? 'Could not refresh the money summary. Showing the last figures.'
            : 'Could not load the money summary. It is asked again every minute.'}
        </p>
      )}

      <div id={bodyId} hidden={!chartOpen} className={styles.body}>
        {chartOpen && rows.length > 0 && (
          <>
            <div
              role="img"
              aria-label={`Chart of captured, refunded, taken back, net and fees per day, ${title.toLowerCase()}. The table that follows has the same numbers; the totals above are its legend.`}
              className={styles.figure}
            >
              <MoneyChart columns={columns} height={chartHeight} />
            </div>
            <div
              id={tableId}
              className={tableShown ? styles.tableWrap : 'visually-hidden'}
              // A table wider than a phone scrolls inside its box: it must be reachable by keyboard.
              tabIndex={tableShown ? 0 : undefined}
              role={tableShown ? 'region' : undefined}
              aria-label={tableShown ? `${title}, per day` : undefined}
            >
              <table className={styles.table}>
                <caption className="visually-hidden">{`${title}, per day (UTC), oldest first`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {MONEY_SERIES.map((series) => (
                      <th key={series} scope="col" className={styles.numeric}>
                        {MONEY_SERIES_LABELS[series]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.day}>
                      <th scope="row">
                        <time dateTime={row.day}>{formatShortDay(row.day)}</time>
                      </th>
                      {MONEY_SERIES.map((series) => (
                        <td key={series} className={styles.numeric}>
                          {formatSignedCents(row[series])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {chartOpen && query.isPending && (
          <div className={styles.placeholder} style={{ height: chartHeight }} />
        )}
      </div>
    </section>
  );
}
