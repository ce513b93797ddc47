import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { formatClockTime, formatDateTime, splitDateTime } from '../utils/format-date';
import panel from './panel.module.css';
import table from './data-table.module.css';

export function PanelHeader({
  title,
  meta,
  actions,
}: {
  title: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={panel.header}>
      <div className={panel.heading}>
        <h2 className={panel.title}>{title}</h2>
        {meta && <p className={panel.meta}>{meta}</p>}
      </div>
      {actions && <div className={panel.actions}>{actions}</div>}
    </div>
  );
}

/** A failed poll: the last good list stays on screen, with this note above it. */
export function PanelProblem({ children }: { children: ReactNode }) {
  return (
    <p className={panel.problem} role="alert">
      <AlertCircleIcon size={18} />
      <span>{children}</span>
    </p>
  );
}

/**
 * "Live · updated 3:04:09 PM": when the list last came from the server. While the list cannot be refreshed
 * it is not live: the dot goes out and the note says since when the list is as shown.
 */
export function RefreshNote({
  query,
}: {
  query: { dataUpdatedAt: number; isFetching: boolean; isError: boolean };
}) {
  if (!query.dataUpdatedAt) return <span>refreshes every 5 s</span>;
  if (query.isError) {
    return (
      <span className={panel.live}>
        <span className={`${panel.liveDot} ${panel.liveDotOff}`} aria-hidden="true" />
        Not live · last updated {formatClockTime(query.dataUpdatedAt)}
      </span>
    );
  }
  return (
    <span className={panel.live}>
      <span className={`${panel.liveDot} ${query.isFetching ? panel.liveDotBusy : ''}`} aria-hidden="true" />
      Live · updated {formatClockTime(query.dataUpdatedAt)}
    </span>
  );
}

/**
 * A column's heading: its words; a numeric column's align right; the actions column's are for screen
 * readers only (its buttons say what they do).
 */
export type TableColumn = string | { label: string; kind: 'numeric' | 'actions' };

/** A list's table: its name, a heading a column, and the rows. */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly TableColumn[];
  children: ReactNode;
}) {
  return (
    <table className={table.table} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <ColumnHeading key={typeof column === 'string' ? column : column.label} column={column} />
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function ColumnHeading({ column }: { column: TableColumn }) {
  if (typeof column === 'string') return <th scope="col">{column}</th>;
  if (column.kind === 'numeric') {
    return (
      <th scope="col" className={table.numeric}>
        {column.label}
      </th>
    );
  }
  return (
    <th scope="col" className={table.actionsHead}>
      <span className="visually-hidden">{column.label}</span>
    </th>
  );
}

export function TableSkeleton({ columns, rows = 4 }: { columns: number; rows?: number }) {
  return (
    <div className={panel.skeleton} role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, row) => (
        <div
          key={row}
          className={panel.skeletonRow}
          style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
        >
          {Array.from({ length: columns }, (_, column) => (
            <span
              key={column}
              className={table.skeleton}
              style={{ width: `${55 + ((row * 7 + column * 13) % 40)}%` }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A date with its time underneath (beside it on phones); the full date and time as a tooltip. */
export function DateTimeText({ iso }: { iso: string | null | undefined }) {
  const { date, time } = splitDateTime(iso);
  return (
    <time className={table.date} dateTime={iso ?? undefined} title={formatDateTime(iso)}>
      {date}
      {time && <span className={table.sub}>{time}</span>}
    </time>
  );
}
