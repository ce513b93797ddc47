import { Column, getTableName, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PaymentMoney } from '@store/core';
import { queryRows, type Orm } from './client';
import type { payments } from './schema';

/**
 * A payment's money, computed in one place (decision 048): what its refunds did, read from its money
 * operations by one subquery that every reader selects beside the payment's row (`paymentMoneyColumn`), and
 * turned with that row into the figures a person reads (`paymentMoneyOf`). A refund counts as refunded once
 * the gateway confirmed it; a whole refund sent as a void of the capture before it settled is a cancellation
 * (never charged), not a refund; a scheduled or unconfirmed one is neither yet.
 */

/** What the subquery answers, per refund state, in cents. */
export interface RefundSums {
  refunded: number;
  cancelled: number;
  scheduled: number;
  unconfirmed: number;
}

/**
 * What a refund operation did, as conditions on a `money_operations` row named `o`: the two ways money is
 * given back. Every figure below, per payment or per day, is made of these two.
 */
const REFUND_DONE = sql`o.kind = 'refund' and o.status = 'succeeded' and o.method is distinct from 'void'`;
const CHARGE_CANCELLED = sql`o.kind = 'refund' and o.status = 'succeeded' and o.method = 'void'`;

/**
 * The subquery, for the payment whose id is `paymentId` (a column, or `p.id` in a raw statement). A column is
 * named with its table: a query of one table names its columns bare, and a bare `id` inside this subquery
 * would be the operation's own.
 */
export function paymentMoneyColumn(paymentId: SQL | AnyColumn): SQL<RefundSums> {
  const id = is(paymentId, Column)
    ? sql`${sql.identifier(getTableName(paymentId.table))}.${sql.identifier(paymentId.name)}`
    : paymentId;
  return sql<RefundSums>`(select json_build_object(
      'refunded', coalesce(sum(o.amount_cents) filter (where ${REFUND_DONE}), 0),
      'cancelled', coalesce(sum(o.amount_cents) filter (where ${CHARGE_CANCELLED}), 0),
      'scheduled', coalesce(sum(o.amount_cents) filter (where o.status = 'scheduled'), 0),
      'unconfirmed', coalesce(sum(o.amount_cents) filter (where o.status = 'pending'), 0))
    from money_operations o where o.payment_id = ${id} and o.kind = 'refund')`;
}

/**
 * What was given back of the payment `p` (refunded or cancelled, confirmed), for a list's filters: the same
 * sum as `refunded + cancelled` of its figures. (`p.refunded_cents` also counts what is only reserved.)
 */
export const GIVEN_BACK_CENTS = sql`(select coalesce(sum(o.amount_cents), 0) from money_operations o
    where o.payment_id = p.id and (${REFUND_DONE} or ${CHARGE_CANCELLED}))`;

/**
 * What a refund of `payment` may still take: what was captured less everything refunds have reserved (done,
 * scheduled, unconfirmed); nothing of a debit the bank returned. The database's guard keeps the same limit.
 */
export function refundableCentsOf(
  payment: Pick<PaymentMoneyFields, 'capturedCents' | 'refundedCents'> & {
    returnedAt: Date | string | null;
  },
): number {
  return payment.returnedAt !== null ? 0 : payment.capturedCents - payment.refundedCents;
}

/** The payment's own columns the figures need. */
export type PaymentMoneyFields = Pick<
  typeof payments.$inferSelect,
  'captureStatus' | 'authorizedCents' | 'capturedCents' | 'refundedCents' | 'disputeAmountCents'
> & { returnedAt: Date | string | null; disputedAt: Date | string | null };

/** The figures a person reads, from the payment's row and its refunds' sums (as text or parsed JSON). */
export function paymentMoneyOf(
  payment: PaymentMoneyFields,
  refunds: RefundSums | string | null,
): PaymentMoney {
  const sums: Partial<RefundSums> = typeof refunds === 'string' ? JSON.parse(refunds) : (refunds ?? {});
  const cents = (value: unknown) => Number(value ?? 0);
  const returned = payment.returnedAt !== null;
  return {
    captureStatus: payment.captureStatus,
    authorizedCents: payment.authorizedCents,
    capturedCents: payment.capturedCents,
    refundedCents: cents(sums.refunded),
    cancelledCents: cents(sums.cancelled),
    scheduledRefundCents: cents(sums.scheduled),
    unconfirmedRefundCents: cents(sums.unconfirmed),
    chargedBackCents: payment.disputeAmountCents ?? 0,
    returnedCents: returned ? payment.capturedCents : 0,
    refundableCents: refundableCentsOf(payment),
    disputed: payment.disputedAt !== null,
    returned,
  };
}

/** The refunds done of a payment (given back by a refund, not a cancelled charge), oldest first. */
export async function listRefundsDone(
  orm: Orm,
  paymentId: string,
): Promise<{ amountCents: number; at: Date }[]> {
  const rows = await queryRows<{ amount_cents: number; completed_at: Date | string | null }>(
    orm,
    sql`select o.amount_cents, o.completed_at from money_operations o
      where o.payment_id = ${paymentId} and ${REFUND_DONE} order by o.completed_at, o.id`,
  );
  return rows.map((row) => ({
    amountCents: Number(row.amount_cents),
    at: row.completed_at ? new Date(row.completed_at) : new Date(0),
  }));
}

/** The money of one UTC day, in cents, as the console's summary shows it. */
export interface DayMoney {
  day: string;
  /** Captured that day, less charges cancelled since (a cancelled charge never took money). */
  capturedCents: number;
  /** Refunds confirmed that day. */
  refundedCents: number;
  /** Taken back that day by a chargeback or by the bank's return of a debit. */
  takenBackCents: number;
  /** The fees of that day's deposits. */
  feesCents: number;
}

/**
 * The store's money per UTC day from `from` to `to` (both included), made of the same parts as a payment's
 * figures: captures not cancelled, refunds done, chargebacks and returned debits, and the deposits' fees.
 */
export async function moneyByDay(orm: Orm, from: string, to: string): Promise<DayMoney[]> {
  const within = (column: SQL) =>
    sql`${column} >= ${from}::date and ${column} < ${to}::date + interval '1 day'`;
  const rows = await queryRows<Record<string, unknown>>(
    orm,
    sql`with days as (
        select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
      captured as (
        select (p.captured_at at time zone 'UTC')::date as day, sum(p.captured_cents)::bigint as cents
        from payments p
        where ${within(sql`p.captured_at`)} and p.captured_cents > 0
          and not exists (select 1 from money_operations o where o.payment_id = p.id and ${CHARGE_CANCELLED})
        group by 1),
      refunded as (
        select (o.completed_at at time zone 'UTC')::date as day, sum(o.amount_cents)::bigint as cents
        from money_operations o where ${REFUND_DONE} and ${within(sql`o.completed_at`)}
        group by 1),
      taken_back as (
        select t.day, sum(t.cents)::bigint as cents from (
          select (p.disputed_at at time zone 'UTC')::date as day, coalesce(p.dispute_amount_cents, 0) as cents
          from payments p where ${within(sql`p.disputed_at`)}
          union all
          select (p.returned_at at time zone 'UTC')::date, p.captured_cents
          from payments p where ${within(sql`p.returned_at`)}) t
        group by t.day),
      fees as (
        select day, sum(interchange_fee_cents + service_charge_cents + fee_cents)::bigint as cents from deposits
        where day between ${from}::date and ${to}::date group by day)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.cents, 0) as captured_cents,
        coalesce(r.cents, 0) as refunded_cents, coalesce(b.cents, 0) as taken_back_cents,
        coalesce(f.cents, 0) as fees_cents
      from days d left join captured c on c.day = d.day left join refunded r on r.day = d.day
        left join taken_back b on b.day = d.day left join fees f on f.day = d.day
      order by d.day`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    capturedCents: Number(row.captured_cents),
    refundedCents: Number(row.refunded_cents),
    takenBackCents: Number(row.taken_back_cents),
    feesCents: Number(row.fees_cents),
  }));
}
