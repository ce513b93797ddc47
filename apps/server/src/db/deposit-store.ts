import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Orm, type Transaction } from './client';
import { paymentMoneyColumn } from './payment-money';
import { depositLines, deposits, moneyOperations, payments } from './schema';

/**
 * Deposits (decision 036): what the gateway's funding reported for each day, line by line, matched to the
 * store's payments and refunds; and the chargebacks and ACH returns it reported, on their payments.
 */

export type DepositRow = typeof deposits.$inferSelect;
export type DepositLineRow = typeof depositLines.$inferSelect;
export type NewDepositLine = typeof depositLines.$inferInsert;

/** A payment as a funding line is matched to it. */
export interface FundedPayment {
  id: string;
  retref: string;
  orderId: string;
  capturedCents: number;
  refundedCents: number;
  disputedAt: Date | null;
  returnedAt: Date | null;
}

/** A statement takes at most this many retrefs (PostgreSQL's protocol takes 65,535 parameters). */
const RETREFS_PER_STATEMENT = 1000;

/** Runs `find` over `retrefs` a chunk at a time and joins the answers. */
async function inChunks<T>(retrefs: string[], find: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let first = 0; first < retrefs.length; first += RETREFS_PER_STATEMENT) {
    found.push(...(await find(retrefs.slice(first, first + RETREFS_PER_STATEMENT))));
  }
  return found;
}

export async function findPaymentsByRetrefs(
  db: Orm | Transaction,
  retrefs: string[],
): Promise<FundedPayment[]> {
  return inChunks(retrefs, (chunk) =>
    db
      .select({
        id: payments.id,
        retref: payments.retref,
        orderId: payments.orderId,
        capturedCents: payments.capturedCents,
        refundedCents: payments.refundedCents,
        disputedAt: payments.disputedAt,
        returnedAt: payments.returnedAt,
      })
      .from(payments)
      .where(inArray(payments.retref, chunk)),
  );
}

/** Refunds the gateway made for the store, by their own retrefs. */
export async function findRefundsByRetrefs(
  db: Orm | Transaction,
  retrefs: string[],
): Promise<{ id: string; gatewayRetref: string; amountCents: number; paymentId: string }[]> {
  const rows = await inChunks(retrefs, (chunk) =>
    db
      .select({
        id: moneyOperations.id,
        gatewayRetref: moneyOperations.gatewayRetref,
        amountCents: moneyOperations.amountCents,
        paymentId: moneyOperations.paymentId,
      })
      .from(moneyOperations)
      .where(
        and(
          inArray(moneyOperations.gatewayRetref, chunk),
          eq(moneyOperations.kind, 'refund'),
          eq(moneyOperations.status, 'succeeded'),
        ),
      ),
  );
  return rows.map((row) => ({ ...row, gatewayRetref: row.gatewayRetref! }));
}

/** A day read again replaces what was kept of it: its deposits and its lines, at once. */
export async function replaceFundingDay(
  tx: Transaction,
  day: string,
  dayDeposits: (typeof deposits.$inferInsert)[],
  lines: NewDepositLine[],
): Promise<void> {
  await tx.delete(depositLines).where(eq(depositLines.day, day));
  await tx.delete(deposits).where(eq(deposits.day, day));
  if (dayDeposits.length > 0) {
    await tx
      .insert(deposits)
      .values(dayDeposits)
      // A deposit the gateway lists again under another day is this day's now.
      .onConflictDoUpdate({ target: deposits.fundingId, set: { day: sql`excluded.day` } });
  }
  for (let first = 0; first < lines.length; first += 1000) {
    await tx.insert(depositLines).values(lines.slice(first, first + 1000));
  }
}

/** Marks a payment disputed, once: true when it was not yet. */
export async function markPaymentDisputed(
  tx: Transaction,
  paymentId: string,
  dispute: {
    at: Date;
    amountCents: number;
    reasonCode: string | null;
    reason: string | null;
    caseNumber: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({
      disputedAt: dispute.at,
      disputeAmountCents: dispute.amountCents,
      disputeReasonCode: dispute.reasonCode,
      disputeReason: dispute.reason,
      disputeCaseNumber: dispute.caseNumber,
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.disputedAt)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Marks a bank payment returned by the bank, once: true when it was not yet. */
export async function markPaymentReturned(
  tx: Transaction,
  paymentId: string,
  code: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ returnedAt: at, achReturnCode: code })
    .where(and(eq(payments.id, paymentId), isNull(payments.returnedAt)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Whether the store has captured any money: before that, there is no deposit to read. */
export async function hasCapturedPayments(orm: Orm): Promise<boolean> {
  const rows = await orm
    .select({ id: payments.id })
    .from(payments)
    .where(isNotNull(payments.capturedAt))
    .limit(1);
  return rows.length > 0;
}

/** One day of the Deposits view: what was deposited, what was expected, and what does not match. */
export interface DepositDayRow {
  day: string;
  depositCount: number;
  netSalesCents: number;
  feesCents: number;
  adjustmentCents: number;
  chargebackCents: number;
  totalFundingCents: number;
  /** The captures settled the day before: what the day's deposit should hold. */
  expectedCount: number;
  expectedCents: number;
  /** Lines that are unexpected or differ in amount, and settled captures missing from every deposit. */
  mismatchCount: number;
  missingCount: number;
  /** When the day's funding was last read; null when never. */
  readAt: string | null;
}

/**
 * The Deposits view's days from `from` to `to` (YYYY-MM-DD, both included), newest first: each day's
 * deposits summed, the captures settled the day before (its expected deposit), and what does not match.
 */
export async function listDepositDays(orm: Orm, from: string, to: string): Promise<DepositDayRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    orm,
    sql`with days as (
        select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
      funded as (
        select day, count(*)::int as deposit_count, sum(net_sales_cents)::bigint as net_sales_cents,
          sum(interchange_fee_cents + service_charge_cents + fee_cents)::bigint as fees_cents,
          sum(adjustment_cents)::bigint as adjustment_cents, sum(reversal_cents)::bigint as chargeback_cents,
          sum(total_funding_cents)::bigint as total_funding_cents
        from deposits where day between ${from}::date and ${to}::date group by day),
      mismatched as (
        select day, count(*)::int as mismatch_count from deposit_lines
        where day between ${from}::date and ${to}::date and match <> 'matched' group by day),
      settled as (
        select (p.settled_at at time zone 'UTC')::date + 1 as day, count(*)::int as expected_count,
          sum(p.captured_cents)::bigint as expected_cents,
          count(*) filter (where not exists (
            select 1 from deposit_lines l where l.payment_id = p.id and l.kind = 'sale'))::int as missing_count
        from payments p
        where p.settled_at >= ${from}::date - interval '1 day' and p.settled_at < ${to}::date
        group by 1),
      checked as (select day, checked_at from gateway_day_checks where kind = 'funding')
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(f.deposit_count, 0) as deposit_count,
        coalesce(f.net_sales_cents, 0) as net_sales_cents, coalesce(f.fees_cents, 0) as fees_cents,
        coalesce(f.adjustment_cents, 0) as adjustment_cents, coalesce(f.chargeback_cents, 0) as chargeback_cents,
        coalesce(f.total_funding_cents, 0) as total_funding_cents,
        coalesce(s.expected_count, 0) as expected_count, coalesce(s.expected_cents, 0) as expected_cents,
        coalesce(m.mismatch_count, 0) as mismatch_count,
        case when c.checked_at is null then 0 else coalesce(s.missing_count, 0) end as missing_count,
        to_char(c.checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as read_at
      from days d
      left join funded f on f.day = d.day
      left join mismatched m on m.day = d.day
      left join settled s on s.day = d.day
      left join checked c on c.day = d.day
      where f.day is not null or s.day is not null or m.day is not null
      order by d.day desc`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    depositCount: Number(row.deposit_count),
    netSalesCents: Number(row.net_sales_cents),
    feesCents: Number(row.fees_cents),
    adjustmentCents: Number(row.adjustment_cents),
    chargebackCents: Number(row.chargeback_cents),
    totalFundingCents: Number(row.total_funding_cents),
    expectedCount: Number(row.expected_count),
    expectedCents: Number(row.expected_cents),
    mismatchCount: Number(row.mismatch_count),
    missingCount: Number(row.missing_count),
    readAt: row.read_at === null || row.read_at === undefined ? null : String(row.read_at),
  }));
}

/** How many lines of a day the Deposits view's detail lists: every mismatch first. */
const DEPOSIT_LINES_SHOWN = 1000;

/** A day's deposits and its lines (mismatches first, at most `DEPOSIT_LINES_SHOWN`), with how many there are. */
export async function findFundingDay(
  orm: Orm,
  day: string,
): Promise<{ deposits: DepositRow[]; lines: DepositLineRow[]; lineCount: number }> {
  const [dayDeposits, lines, [counted]] = await Promise.all([
    orm.select().from(deposits).where(eq(deposits.day, day)).orderBy(deposits.fundingId),
    orm
      .select()
      .from(depositLines)
      .where(eq(depositLines.day, day))
      .orderBy(
        sql`${depositLines.match} = 'matched'`,
        depositLines.kind,
        depositLines.orderId,
        depositLines.id,
      )
      .limit(DEPOSIT_LINES_SHOWN),
    orm
      .select({ count: sql<number>`count(*)::int` })
      .from(depositLines)
      .where(eq(depositLines.day, day)),
  ]);
  return { deposits: dayDeposits, lines, lineCount: Number(counted?.count ?? 0) };
}

/** Captures settled the day before `day` that no deposit holds. */
export async function listMissingFromDeposits(
  orm: Orm,
  day: string,
): Promise<{ paymentId: string; orderId: string; capturedCents: number; settledAt: Date }[]> {
  const rows = await queryRows<{
    id: string;
    order_id: string;
    captured_cents: number;
    settled_at: string | Date;
  }>(
    orm,
    sql`select p.id, p.order_id, p.captured_cents, p.settled_at from payments p
      where p.settled_at >= ${day}::date - interval '1 day' and p.settled_at < ${day}::date
        and not exists (select 1 from deposit_lines l where l.payment_id = p.id and l.kind = 'sale')
      order by p.settled_at, p.id limit 500`,
  );
  return rows.map((row) => ({
    paymentId: row.id,
    orderId: row.order_id,
    capturedCents: Number(row.captured_cents),
    settledAt: new Date(row.settled_at),
  }));
}

/** Disputed payments, newest dispute first. */
export async function listDisputedPayments(orm: Orm, limit: number) {
  return orm
    .select({
      paymentId: payments.id,
      orderId: payments.orderId,
      cardBrand: payments.cardBrand,
      last4: payments.last4,
      captureStatus: payments.captureStatus,
      authorizedCents: payments.authorizedCents,
      capturedCents: payments.capturedCents,
      refundedCents: payments.refundedCents,
      refundSums: paymentMoneyColumn(payments.id),
      disputedAt: payments.disputedAt,
      returnedAt: payments.returnedAt,
      disputeAmountCents: payments.disputeAmountCents,
      disputeReasonCode: payments.disputeReasonCode,
      disputeReason: payments.disputeReason,
      disputeCaseNumber: payments.disputeCaseNumber,
    })
    .from(payments)
    .where(isNotNull(payments.disputedAt))
    .orderBy(desc(payments.disputedAt), desc(payments.id))
    .limit(limit);
}

/** A day's lines after `afterId` (by id), a page at a time: the export reads every line, never all at once. */
export async function pageFundingDayLines(
  orm: Orm,
  day: string,
  afterId: string | undefined,
  limit: number,
): Promise<DepositLineRow[]> {
  return orm
    .select()
    .from(depositLines)
    .where(and(eq(depositLines.day, day), afterId ? sql`${depositLines.id} > ${afterId}` : undefined))
    .orderBy(depositLines.id)
    .limit(limit);
}
