const EXPORT_DEPOSITS_PATH = '/api/admin/deposits.csv';

/** The most days one file covers (the server's limit). */
export const EXPORT_DEPOSITS_MAX_DAYS = 90;

/**
 * Where the server streams the Deposits view as a CSV file (each deposit and every line, with its match),
 * for the `days` days up to `to` (the server's today when absent). A download link, not a fetch: the
 * browser saves the file with the session cookie.
 */
export function depositsCsvUrl(query: { to?: string; days: number }): string {
  const params = new URLSearchParams();
  if (query.to) params.set('to', query.to);
  params.set('days', String(Math.min(Math.max(1, Math.round(query.days)), EXPORT_DEPOSITS_MAX_DAYS)));
  return `${EXPORT_DEPOSITS_PATH}?${params.toString()}`;
}
