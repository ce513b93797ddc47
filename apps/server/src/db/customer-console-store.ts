import type { CustomerSearchTerms } from '@store/core';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Orm } from './client';
import { anyOf, matchesWords, startsWith } from './text-match';

/**
 * The console's Customers (decision 032): customers found by Customer ID, name or email, and one customer
 * by Customer ID. Only what the console shows is read: never a password hash or a gateway profile id.
 */

/** A timestamp as JavaScript's toISOString writes it, made by the database (UTC, milliseconds). */
const isoText = (column: SQL) =>
  sql<string>`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ConsoleCustomerRow {
  id: string;
  numericId: number;
  name: string;
  email: string;
  createdAt: string;
  savedMethodCount: number;
  orderCount: number;
  lastOrderAt: string | null;
}

/**
 * A customer row as the console shows it, from `c` (customers). The counts are read from the indexes on
 * each table's customer (`saved_payment_methods_gateway_account`, `orders_by_customer_idx`): a row costs
 * what that customer has, not the size of the tables.
 */
const ROW_COLUMNS = sql`c.id, c.numeric_id, c.name, c.email, ${isoText(sql`c.created_at`)} as created_at,
  (select count(*)::int from saved_payment_methods m where m.customer_id = c.id) as saved_method_count,
  (select count(*)::int from orders o where o.customer_id = c.id) as order_count,
  (select ${isoText(sql`max(o.created_at)`)} from orders o where o.customer_id = c.id) as last_order_at`;

function toRow(row: Record<string, unknown>): ConsoleCustomerRow {
  return {
    id: String(row.id),
    numericId: Number(row.numeric_id),
    name: String(row.name),
    email: String(row.email),
    createdAt: String(row.created_at),
    savedMethodCount: Number(row.saved_method_count),
    orderCount: Number(row.order_count),
    lastOrderAt:
      row.last_order_at === null || row.last_order_at === undefined ? null : String(row.last_order_at),
  };
}

async function readRows(orm: Orm, statement: SQL): Promise<ConsoleCustomerRow[]> {
  return (await queryRows(orm, statement)).map(toRow);
}

/**
 * The customers a search matches, as one condition: any of its terms, each read from an index (the Customer
 * ID's unique index, `customers_email_prefix_idx`, `customers_name_words_idx`); none when it has no term.
 */
function searchCondition(terms: CustomerSearchTerms): SQL {
  const parts: SQL[] = [];
  if (terms.customerNumber !== undefined) parts.push(sql`c.numeric_id = ${terms.customerNumber}::int`);
  if (terms.emailPrefix) parts.push(startsWith(sql`lower(c.email)`, terms.emailPrefix));
  if (terms.nameWords && terms.nameWords.length > 0) {
    parts.push(matchesWords(sql`c.name`, terms.nameWords));
  }
  // A search in which nothing could match (an amount, "1 = 1"): no rows, rather than every row.
  return parts.length > 0 ? anyOf(parts) : sql`false`;
}

/**
 * Customers newest first: by Customer ID, which the database gives in the order accounts are opened, read
 * backwards from its unique index and keyset-paginated on it (`before`: the last Customer ID of the page
 * before). Optionally only those a search matches.
 */
export async function listConsoleCustomers(
  orm: Orm,
  options: { limit: number; before?: number; search?: CustomerSearchTerms },
): Promise<ConsoleCustomerRow[]> {
  const conditions: SQL[] = [];
  if (options.before !== undefined) conditions.push(sql`and c.numeric_id < ${options.before}::int`);
  if (options.search) conditions.push(sql`and ${searchCondition(options.search)}`);
  // A search is planned for its own values each time (an unnamed statement), as Transaction History's is.
  return readRows(
    orm,
    sql`select ${ROW_COLUMNS} from customers c where true ${sql.join(conditions, sql` `)}
        order by c.numeric_id desc limit ${options.limit}`,
  );
}

/** One customer by Customer ID, with the same counts as the list. */
export async function findConsoleCustomer(
  orm: Orm,
  numericId: number,
): Promise<ConsoleCustomerRow | undefined> {
  const rows = await readRows(
    orm,
    sql`select ${ROW_COLUMNS} from customers c where c.numeric_id = ${numericId}::int`,
  );
  return rows[0];
}
