import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_ID_PREFIXES,
  type HistorySearchTerms,
  type OrderChannel,
  type TransactionChannel,
} from '@store/core';
import { GIVEN_BACK_CENTS } from './payment-money';
import { anyOf, matchesWords, startsWith } from './text-match';

/**
 * Transaction History's search and filters as SQL, for the payments (`p`) and the failed attempts (`r`): one
 * condition per status filter and per channel, and the search's terms.
 */

export type HistoryFilter =
  | 'all'
  | 'pending'
  | 'captured'
  | 'partially_captured'
  | 'settled'
  | 'refunded'
  | 'partial_refund'
  | 'refund'
  | 'voided'
  | 'expired'
  | 'disputed';

// Amounts of one row are compared as differences with 0: the planner estimates those from the statistics
// kept on them (migration 0010), and so reads the history index newest first instead of sorting the table.
// Whether anything was given back is the payment's figures' answer (decision 048): `p.refunded_cents` also
// counts refunds only scheduled or unconfirmed, so it only narrows the rows cheaply before the figures decide.
export const PAYMENT_FILTERS: Record<Exclude<HistoryFilter, 'all' | 'refund'>, SQL> = {
  pending: sql`p.capture_status = 'authorized'`,
  captured: sql`p.capture_status in ('captured', 'settled') and p.captured_cents - p.authorized_cents = 0 and (p.refunded_cents = 0 or ${GIVEN_BACK_CENTS} = 0)`,
  partially_captured: sql`p.capture_status in ('partially_captured', 'settled') and p.captured_cents - p.authorized_cents < 0 and (p.refunded_cents = 0 or ${GIVEN_BACK_CENTS} = 0)`,
  settled: sql`p.capture_status = 'settled'`,
  refunded: sql`p.captured_cents > 0 and p.refunded_cents - p.captured_cents = 0 and ${GIVEN_BACK_CENTS} = p.captured_cents`,
  partial_refund: sql`p.refunded_cents > 0 and ${GIVEN_BACK_CENTS} between 1 and p.captured_cents - 1`,
  voided: sql`p.capture_status = 'voided'`,
  expired: sql`p.capture_status = 'expired'`,
  // A chargeback or a bank's return (decision 036): money the network or the bank took back.
  disputed: sql`(p.disputed_at is not null or p.returned_at is not null)`,
};

/**
 * The ids of the orders a search's order and customer terms match, as a subquery: the delivery name's words
 * and the contact email's start on orders; the customer's name, email and Customer ID on customers, whose
 * orders are found by their customer. None when the search has no such term.
 */
function ordersMatching(terms: HistorySearchTerms): SQL | undefined {
  const orderParts: SQL[] = [];
  const customerParts: SQL[] = [];
  if (terms.nameWords && terms.nameWords.length > 0) {
    orderParts.push(matchesWords(sql`o.delivery_name`, terms.nameWords));
    customerParts.push(matchesWords(sql`c.name`, terms.nameWords));
  }
  if (terms.emailPrefix) {
    orderParts.push(startsWith(sql`lower(o.contact_email)`, terms.emailPrefix));
    customerParts.push(startsWith(sql`lower(c.email)`, terms.emailPrefix));
  }
  if (terms.customerNumber !== undefined)
    customerParts.push(sql`c.numeric_id = ${terms.customerNumber}::int`);
  if (customerParts.length > 0) {
    orderParts.push(
      sql`o.customer_id = any(array(select c.id from customers c where ${anyOf(customerParts)}))`,
    );
  }
  return orderParts.length > 0 ? sql`select o.id from orders o where ${anyOf(orderParts)}` : undefined;
}

/**
 * The payments (`p`) a search matches, as one condition: any of its terms (decision 030). Each term is read
 * from an index: the order id's start and the part after its channel, last 4 and the amount on payments; the
 * delivery name's words and the contact email's start on orders; the customer's name, email and Customer ID
 * on customers, whose orders are found by their customer. The search's text only ever travels as parameters.
 */
export function searchCondition(terms: HistorySearchTerms): SQL {
  const parts: SQL[] = [];
  if (terms.orderIdPrefix) parts.push(startsWith(sql`p.order_id`, terms.orderIdPrefix));
  if (terms.orderBodyPrefix) parts.push(startsWith(sql`substr(p.order_id, 4)`, terms.orderBodyPrefix));
  if (terms.last4) parts.push(sql`p.last4 = ${terms.last4}`);
  if (terms.amountCents !== undefined) parts.push(sql`p.authorized_cents = ${terms.amountCents}::int`);
  const orders = ordersMatching(terms);
  if (orders) parts.push(sql`p.order_id = any(array(${orders}))`);
  // A search in which nothing could match (a lone "$"): no rows, rather than every row.
  return parts.length > 0 ? anyOf(parts) : sql`false`;
}

/** Payments made through a site-issued (CardPointe) saved method: the store authorized them with a profile. */
const SAVED_METHOD = sql`exists (select 1 from payment_requests r
  where r.request_id = p.request_id and r.saved_method_id is not null)`;

/**
 * Whether the order id in `alias.order_id` is of a channel: its prefix, from the core's one table of prefixes,
 * written into the statement (a constant, not a parameter, so that the prefix index serves it in any plan).
 */
function orderIdOf(alias: 'p' | 'r', channel: OrderChannel): SQL {
  return sql.raw(`${alias}.order_id like '${ORDER_ID_PREFIXES[channel]}-%'`);
}

/**
 * How each payment was made, from what the store recorded with it: Google Pay and Apple Pay by their order
 * ids' channel prefix (as `walletNameOf` tells them apart), a bank account by its ACH brand, and a card order
 * by whether a saved method paid it (the store) or the shopper typed the card on the hosted page.
 */
export const CHANNEL_FILTERS: Record<Exclude<TransactionChannel, 'all'>, SQL> = {
  card: sql`${orderIdOf('p', 'card')} and p.card_brand <> 'ACH' and not ${SAVED_METHOD}`,
  saved_card: sql`${orderIdOf('p', 'card')} and p.card_brand <> 'ACH' and ${SAVED_METHOD}`,
  ach: sql`p.card_brand = 'ACH'`,
  googlepay: orderIdOf('p', 'googlepay'),
  applepay: orderIdOf('p', 'applepay'),
  phone: orderIdOf('p', 'phone'),
  link: orderIdOf('p', 'link'),
};

/**
 * Transaction History: every payment and every completed refund as rows of their own, newest first,
 * keyset-paginated on (time, id); optionally a search (its terms), a status, a channel, and a time range on
 * each row's own time (`from` included, `until` not).
 */

/**
 * The failed attempts (`r`) a search matches (decision 031): the terms of `searchCondition`, read from what a
 * request and its order keep. The amount is the amount asked; the last 4 is the saved method's, or the one
 * the gateway named in its answer; the order's and customer's terms are the payments' own.
 */
export function attemptSearchCondition(terms: HistorySearchTerms): SQL {
  const parts: SQL[] = [];
  if (terms.orderIdPrefix) parts.push(startsWith(sql`r.order_id`, terms.orderIdPrefix));
  if (terms.orderBodyPrefix) parts.push(startsWith(sql`substr(r.order_id, 4)`, terms.orderBodyPrefix));
  if (terms.last4) parts.push(sql`m.last4 = ${terms.last4}`, sql`r.last4 = ${terms.last4}`);
  if (terms.amountCents !== undefined) parts.push(sql`r.amount_cents = ${terms.amountCents}::int`);
  // The orders are found from their own indexes, then kept in a hash that each failed attempt is looked up
  // in: with the other terms (an order id's part, an amount) the attempts are walked newest first, and an
  // array of thousands of order ids (a first name's) compared one by one costs a hundred times more.
  const orders = ordersMatching(terms);
  if (orders) parts.push(sql`r.order_id in (${orders})`);
  return parts.length > 0 ? anyOf(parts) : sql`false`;
}

/** How each attempt was to be paid, as the payments' channel filter names it (`CHANNEL_FILTERS`). */
export const ATTEMPT_CHANNEL_FILTERS: Record<Exclude<TransactionChannel, 'all'>, SQL> = {
  card: sql`${orderIdOf('r', 'card')} and r.saved_method_id is null and r.method_kind is distinct from 'ach'`,
  saved_card: sql`${orderIdOf('r', 'card')} and r.saved_method_id is not null and r.method_kind is distinct from 'ach'`,
  ach: sql`r.method_kind = 'ach'`,
  googlepay: orderIdOf('r', 'googlepay'),
  applepay: orderIdOf('r', 'applepay'),
  phone: orderIdOf('r', 'phone'),
  link: orderIdOf('r', 'link'),
};
