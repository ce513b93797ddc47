/**
 * "March 3, 2026 at 10:04 AM" in the reader's own language and time zone, for a shopper's record of a
 * payment (the result page, a receipt); the text as it came when it is not a date.
 */
export function formatLongDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
}
