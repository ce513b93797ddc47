import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { listFailureText } from '../utils/admin-errors';
import { PanelProblem, TableSkeleton } from './panel-parts';
import table from './data-table.module.css';

/** A list named in listFailureText, whose failure reads as it says; or how a list it does not name reads. */
type ListFailure = Parameters<typeof listFailureText>[1] | ((error: unknown) => string);

function failureTextOf(error: unknown, list: ListFailure): string {
  return typeof list === 'function' ? list(error) : listFailureText(error, list);
}

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A failed poll after a good one: the note above the list that stays on screen. */
export function StaleListProblem({ query, list }: { query: ListQuery; list: ListFailure }) {
  if (!query.isError || !query.data) return null;
  return (
    <PanelProblem>Could not refresh: {failureTextOf(query.error, list)}. Showing the last list.</PanelProblem>
  );
}

/** The body of a list card: a skeleton on the first load, the error with a retry, `empty`, or the table. */
export function ListState({
  query,
  list,
  columns,
  skeletonRows,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  list: ListFailure;
  columns: number;
  /** How many rows the first load's skeleton has (TableSkeleton's own number unless said). */
  skeletonRows?: number;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton columns={columns} rows={skeletonRows} />;
  if (query.isError && !query.data) {
    return (
      <div className={table.empty} role="alert">
        <span className={`${table.emptyIcon} ${table.emptyIconProblem}`} aria-hidden="true">
          <AlertCircleIcon size={30} />
        </span>
        <p className={table.emptyTitle}>{failureTextOf(query.error, list)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) return empty;
  return <div className={table.wrap}>{children}</div>;
}

export function ListEmpty({ icon, title, text }: { icon?: ReactNode; title: string; text?: string }) {
  return (
    <div className={table.empty}>
      {icon && (
        <span className={table.emptyIcon} aria-hidden="true">
          {icon}
        </span>
      )}
      <p className={table.emptyTitle}>{title}</p>
      {text && <p className={table.emptyText}>{text}</p>}
    </div>
  );
}
