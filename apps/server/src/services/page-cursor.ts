import { AppError } from '../errors';

/**
 * The one way a list's page says where the next one starts (every list of the console and My Account): an
 * opaque cursor, base64url of "position|id", where the position is what the list is ordered by (a time, or a
 * Customer ID) and the id breaks ties. A cursor a client changed is refused with one message.
 */

const PAGE_CURSOR_INVALID = 'The page cursor is not valid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An ISO time as the cursors write it: JavaScript's milliseconds, or the database's microseconds. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

export function encodeCursor(position: Date | string | number, id = ''): string {
  const text = position instanceof Date ? position.toISOString() : String(position);
  return Buffer.from(`${text}|${id}`).toString('base64url');
}

function partsOf(cursor: string): [string, string] {
  const [position, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length > 0 || position === undefined || id === undefined) {
    throw new AppError('invalid', PAGE_CURSOR_INVALID);
  }
  return [position, id];
}

/**
 * A cursor at a time and an id: `at` as a date, and as written (keeping the microseconds the database records
 * some times with: a time cut to milliseconds would skip the rows in the rest of that millisecond). The id is a
 * UUID unless `id` says what else it may be (an order id).
 */
export function decodeTimeCursor(
  cursor: string | undefined,
  id: RegExp = UUID,
): { at: Date; atText: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [atText, rowId] = partsOf(cursor);
  const at = new Date(atText);
  const time = at.getTime();
  if (!CURSOR_TIME.test(atText) || !(time >= EARLIEST && time <= LATEST) || !id.test(rowId)) {
    throw new AppError('invalid', PAGE_CURSOR_INVALID);
  }
  return { at, atText, id: rowId };
}

/** A cursor at a whole number from 1 to `largest` (a Customer ID), with no id. */
export function decodeNumberCursor(cursor: string | undefined, largest: number): number | undefined {
  if (!cursor) return undefined;
  const [position, rowId] = partsOf(cursor);
  const number = /^[0-9]{1,10}$/.test(position) ? Number(position) : Number.NaN;
  if (!(number >= 1 && number <= largest) || rowId !== '') throw new AppError('invalid', PAGE_CURSOR_INVALID);
  return number;
}
