import { formatCents } from '@store/core';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useAuditEvents } from '../api/list-audit-events';
import { listFailureText } from '../utils/admin-errors';
import { auditActionLabel } from '../utils/audit-labels';
import { dollarsToCents } from '../utils/money';
import { plural, uniqueRows } from '../utils/rows';
import { DateTimeText, PanelHeader, PanelProblem, RefreshNote, TableSkeleton } from './panel-parts';
import { StatusBadge } from './status-badge';
import panel from './panel.module.css';
import table from './data-table.module.css';

/** Read-only record of every sign-in and money action: when, who, what, on which order, and how it ended. */
export function AuditLogPanel() {
  const query = useAuditEvents();
  const events = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.events) ?? [], (event) => event.id),
    [query.data],
  );
  const isFirstLoad = query.isPending;
  const loadFailed = query.isError && !query.data;

  return (
    <>
      <PanelHeader
        title="Audit log"
        meta={
          <>
            Every sign-in, capture, void and refund, newest first · <RefreshNote query={query} />
          </>
        }
      />
      {query.isError && query.data && (
        <PanelProblem>
          Could not refresh: {listFailureText(query.error, 'audit')}. Showing the last list.
        </PanelProblem>
      )}
      <div className={panel.card}>
        {isFirstLoad ? (
          <TableSkeleton columns={7} />
        ) : loadFailed ? (
          <div className={table.empty} role="alert">
            <span className={`${table.emptyIcon} ${panel.problemIcon}`} aria-hidden="true">
              <AlertCircleIcon size={30} />
            </span>
            <p className={table.emptyTitle}>{listFailureText(query.error, 'audit')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : events.length === 0 ? (
          <div className={table.empty}>
            <p className={table.emptyTitle}>No events yet</p>
          </div>
        ) : (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Audit log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Order</th>
                  <th scope="col" className={table.numeric}>
                    Amount
                  </th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id}>
                    <td className={table.primary} data-label="When">
                      <DateTimeText iso={event.at} />
                    </td>
                    <td data-label="Who">{event.actor}</td>
                    <td data-label="Action">
                      <strong>{auditActionLabel(event.action)}</strong>
                    </td>
                    <td data-label="Order" className={event.orderId ? '' : table.blankOnPhone}>
                      {event.orderId ? (
                        <span className={table.order}>{event.orderId}</span>
                      ) : (
                        <span className={table.muted}>—</span>
                      )}
                    </td>
                    <td
                      className={`${table.numeric} ${event.amount === null ? table.blankOnPhone : ''}`}
                      data-label="Amount"
                    >
                      {event.amount === null ? (
                        <span className={table.muted}>—</span>
                      ) : (
                        formatCents(dollarsToCents(event.amount))
                      )}
                    </td>
                    <td className={table.headline} data-label="Outcome">
                      <StatusBadge
                        label={event.outcome === 'success' ? 'Success' : 'Failure'}
                        tone={event.outcome === 'success' ? 'success' : 'danger'}
                      />
                    </td>
                    <td data-label="Detail" className={event.detail ? table.detail : table.blankOnPhone}>
                      {event.detail || <span className={table.muted}>—</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {events.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>Showing {plural(events.length, 'event')}</span>
            {query.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? <Spinner /> : null}
                Load more
              </Button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
