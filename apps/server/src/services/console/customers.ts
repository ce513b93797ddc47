import {
  centsToDollars,
  customerSearchTerms,
  CUSTOMER_PAGE_ORDERS,
  orderStandingFields,
  orderStandingOf,
  type AdminCustomer,
  type AdminCustomerMethod,
  type AdminCustomerRow,
} from '@store/core';
import { listCustomerAddresses } from '../../db/address-book-store';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import {
  findConsoleCustomer,
  listConsoleCustomers,
  type ConsoleCustomerRow,
} from '../../db/customer-console-store';
import { listSavedMethods, type SavedMethodRow } from '../../db/customer-store';
import { listCustomerOrders } from '../../db/order-store';
import { AppError } from '../../errors';
import { toSavedAddress } from '../accounts/address-book';
import { decodeNumberCursor, encodeCursor } from '../page-cursor';

/**
 * The console's Customers (decision 032): an operator on the phone finds the customer by the Customer ID
 * they read out from My Account, by name or by email, and reads their page. Every read of a page is audited;
 * a search is not.
 */

const CUSTOMER_NOT_FOUND = 'Customer not found';

const DEFAULT_PAGE = 50;
/** The largest Customer ID the column holds (a PostgreSQL integer). */
const LARGEST_CUSTOMER_ID = 2_147_483_647;

function toRow(row: ConsoleCustomerRow): AdminCustomerRow {
  return {
    customerId: row.numericId,
    name: row.name,
    email: row.email,
    createdAt: row.createdAt,
    savedMethodCount: row.savedMethodCount,
    orderCount: row.orderCount,
    lastOrderAt: row.lastOrderAt,
  };
}

/** Customers newest first, optionally those a search finds (by Customer ID, name or email). */
export async function listCustomers(
  orm: Orm,
  options: { limit?: number; cursor?: string; search?: string },
): Promise<{ customers: AdminCustomerRow[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const rows = await listConsoleCustomers(orm, {
    limit,
    before: decodeNumberCursor(options.cursor, LARGEST_CUSTOMER_ID),
    search: options.search ? customerSearchTerms(options.search) : undefined,
  });
  const last = rows.at(-1);
  return {
    customers: rows.map(toRow),
    nextCursor: rows.length === limit && last ? encodeCursor(last.numericId) : null,
  };
}

/**
 * What a person may see of a saved method: brand or bank, last 4, expiry, default; and the store's id of it,
 * which a telephone order names (never the gateway's account id).
 */
function toMethod(row: SavedMethodRow): AdminCustomerMethod {
  const method: AdminCustomerMethod = {
    id: row.id,
    kind: row.kind,
    last4: row.last4,
    isDefault: row.isDefault,
  };
  if (row.kind === 'card') {
    if (row.cardBrand) method.cardBrand = row.cardBrand;
    if (row.expiryMonth !== null) method.expiryMonth = row.expiryMonth;
    if (row.expiryYear !== null) method.expiryYear = row.expiryYear;
  } else if (row.bankName) {
    method.bankName = row.bankName;
  }
  return method;
}

/**
 * One customer's page by Customer ID: who, since when, saved methods, addresses and the newest orders. The
 * view is audited (who read which customer, when) before the page is answered: a page is never shown
 * without its audit line.
 */
export async function readCustomer(
  orm: Orm,
  options: { customerId: number; actor: string },
): Promise<AdminCustomer> {
  const customer =
    options.customerId >= 1 && options.customerId <= LARGEST_CUSTOMER_ID
      ? await findConsoleCustomer(orm, options.customerId)
      : undefined;
  if (!customer) throw new AppError('not_found', CUSTOMER_NOT_FOUND);
  const [methods, addresses, orders] = await Promise.all([
    listSavedMethods(orm, customer.id),
    listCustomerAddresses(orm, customer.id),
    listCustomerOrders(orm, customer.id, { limit: CUSTOMER_PAGE_ORDERS }),
  ]);
  await insertAuditEvent(orm, {
    actor: options.actor,
    action: 'view_customer',
    orderId: null,
    amountCents: null,
    outcome: 'success',
    detail: `Customer ID ${customer.numericId}`,
  });
  return {
    customerId: customer.numericId,
    name: customer.name,
    email: customer.email,
    createdAt: customer.createdAt,
    savedMethods: methods.map(toMethod),
    addresses: addresses.map(toSavedAddress),
    orders: orders.map((row) => ({
      orderId: row.order.id,
      placedAt: row.order.createdAt.toISOString(),
      total: centsToDollars(row.order.totalCents),
      ...orderStandingFields(
        orderStandingOf(
          { status: row.requestStatus, failure: row.requestFailure },
          row.money,
          row.order.fulfilmentStatus,
        ),
      ),
    })),
    orderCount: customer.orderCount,
  };
}
