import { auditActionLabel, dollarsToCents, formatCents } from '@store/core';
import { useMemo, useState } from 'react';
import { SearchIcon } from '../../../../components/ui/icons';
import { useMay } from '../../api/staff-session';
import { useStaffList } from '../../api/staff/list-staff';
import { useAuditEvents } from '../../api/store/list-audit-events';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { plural, uniqueRows } from '../../utils/rows';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { LoadMoreButton } from '../load-more';
import { DateTimeText, PanelHeader, RefreshNote } from '../panel-parts';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import table from '../data-table.module.css';

const PERSON_DELAY_MS = 300;

/**
 * Whose lines the log shows: everyone's, or one person's. The owner picks from the staff list; a role that
 * may not read it types a username.
 */
function PersonFilter({ person, onChange }: { person: string; onChange: (person: string) => void }) {
  const may = useMay();
  const mayListStaff = may('staff');
  const staff = useStaffList({ enabled: mayListStaff }).data ?? [];
  return (
    <div className={panel.toolbar} role="search" aria-label="Filter the audit log">
      <div className={panel.filterField}>
        <label htmlFor="audit-person" className={panel.filterLabel}>
          Person
        </label>
        {mayListStaff ? (
          <select
            id="audit-person"
            className={panel.select}
            value={person}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Everyone</option>
            {staff.map((member) => (
              <option key={member.username} value={member.username}>
                {member.name === member.username ? member.username : `${member.name} (${member.username})`}
              </option>
            ))}
          </select>
        ) : (
          <div className={panel.search}>
            <SearchIcon />
            <input
              id="audit-person"
              type="search"
              className={panel.searchInput}
              placeholder="A username"
              maxLength={100}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={person}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** Read-only record of every sign-in and money action: when, who, what, on which order, and how it ended. */
export function AuditLogPanel() {
  const [personText, setPersonText] = useState('');
  const person = useDebouncedValue(personText.trim(), PERSON_DELAY_MS);
  const query = useAuditEvents(person);
  const events = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.events) ?? [], (event) => event.id),
    [query.data],
  );

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
      <PersonFilter person={personText} onChange={setPersonText} />
      <StaleListProblem query={query} list="audit" />
      <div className={panel.card}>
        <ListState
          query={query}
          list="audit"
          columns={7}
          isEmpty={events.length === 0}
          empty={<ListEmpty title={person ? `No events for ${person}` : 'No events yet'} />}
        >
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
                  <td data-label="Order" className={event.orderId ? '' : table.blankAsCard}>
                    {event.orderId ? (
                      <span className={table.order}>{event.orderId}</span>
                    ) : (
                      <span className={table.muted}>—</span>
                    )}
                  </td>
                  <td
                    className={`${table.numeric} ${event.amount === null ? table.blankAsCard : ''}`}
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
                  <td data-label="Detail" className={event.detail ? table.detail : table.blankAsCard}>
                    {event.detail || <span className={table.muted}>—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListState>
        {events.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>Showing {plural(events.length, 'event')}</span>
            <LoadMoreButton query={query} />
          </div>
        )}
      </div>
    </>
  );
}
