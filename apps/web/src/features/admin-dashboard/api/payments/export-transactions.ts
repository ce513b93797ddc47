import { transactionQueryFields, type TransactionQuery } from './list-transactions';

const EXPORT_TRANSACTIONS_PATH = '/api/admin/transactions.csv';

/**
 * The whole filtered history as a CSV file. The server streams it and names it (Content-Disposition), so a
 * plain same-origin link downloads it straight to disk: the session cookie goes along, nothing is held in
 * the page, and the file holds every row the search and filters select, not only the rows loaded on screen.
 */
export function transactionsCsvUrl(query: TransactionQuery): string {
  const search = new URLSearchParams(transactionQueryFields(query)).toString();
  return search ? `${EXPORT_TRANSACTIONS_PATH}?${search}` : EXPORT_TRANSACTIONS_PATH;
}
