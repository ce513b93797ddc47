import type { TransactionQuery } from './list-transactions';

export const EXPORT_TRANSACTIONS_PATH = '/api/admin/transactions.csv';

/**
 * The whole filtered history as a CSV file. The server streams it and names it (Content-Disposition), so a
 * plain same-origin link downloads it straight to disk: the session cookie goes along, nothing is held in
 * the page, and the file holds every row the filters select, not only the rows loaded on screen.
 */
export function transactionsCsvUrl(query: TransactionQuery): string {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  const search = params.toString();
  return search ? `${EXPORT_TRANSACTIONS_PATH}?${search}` : EXPORT_TRANSACTIONS_PATH;
}
