import { z } from 'zod';
import { calendarDateSchema } from './history-query';

/**
 * The console's Deposits and Disputes (decision 036): what the gateway funded each day, matched to the
 * store's payments and refunds, and the payments cardholders disputed. Amounts are dollars; what came off a
 * deposit is negative.
 */

export const adminDepositsQuerySchema = z.object({
  /** The last day listed (YYYY-MM-DD, UTC); today by default. */
  to: calendarDateSchema().optional(),
  /** How many days back from `to` (1 to 90; 30 by default). */
  days: z.coerce.number().int().min(1, 'Days must be 1 to 90').max(90, 'Days must be 1 to 90').optional(),
});

export const depositDaySchema = z.object({
  day: z.string(),
  depositCount: z.number(),
  netSales: z.number(),
  fees: z.number(),
  adjustments: z.number(),
  chargebacks: z.number(),
  totalFunded: z.number(),
  /** The captures settled the day before: what the day's deposit should hold. */
  expectedCount: z.number(),
  expected: z.number(),
  mismatchCount: z.number(),
  missingCount: z.number(),
  /**
   * How the day stands: matched (every line and every expected capture accounted for), mismatched, awaited
   * (not read yet, or its deposit may still come today), or missing (its deposit did not come by its day).
   */
  state: z.enum(['matched', 'mismatched', 'awaited', 'missing']),
  readAt: z.string().optional(),
});
export type DepositDay = z.infer<typeof depositDaySchema>;

export const adminDepositsResponseSchema = z.object({
  status: z.literal('success'),
  days: z.array(depositDaySchema),
});
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponseSchema>;

export const depositDayParamsSchema = z.object({
  day: calendarDateSchema(),
});

export const DEPOSIT_LINE_KIND_LABELS = {
  sale: 'Sale',
  refund: 'Refund',
  return: 'ACH return',
  chargeback: 'Chargeback',
  other: 'Other',
} as const;

export const DEPOSIT_MATCH_LABELS = {
  matched: 'Matched',
  unexpected: 'Not in the store',
  amount_differs: 'Amount differs',
  missing: 'Missing from the deposit',
} as const;

export const depositLineSchema = z.object({
  kind: z.enum(['sale', 'refund', 'return', 'chargeback', 'other']),
  retref: z.string().optional(),
  orderId: z.string().optional(),
  amount: z.number(),
  fee: z.number(),
  match: z.enum(['matched', 'unexpected', 'amount_differs', 'missing']),
  /** The store's amount, when it differs from the deposit's. */
  expected: z.number().optional(),
  achReturnCode: z.string().optional(),
});
export type DepositLine = z.infer<typeof depositLineSchema>;

export const adminDepositDayResponseSchema = z.object({
  status: z.literal('success'),
  day: z.string(),
  deposits: z.array(
    z.object({
      fundingId: z.string(),
      currency: z.string(),
      netSales: z.number(),
      interchangeFees: z.number(),
      serviceCharges: z.number(),
      otherFees: z.number(),
      chargebacks: z.number(),
      adjustments: z.number(),
      totalFunded: z.number(),
    }),
  ),
  /**
   * The deposit's lines, mismatches first (at most 1,000 of them), then the store's settled captures no deposit
   * holds (match "missing").
   */
  lines: z.array(depositLineSchema),
  /** How many lines the day's deposits hold in all: more than are listed when over 1,000. */
  lineCount: z.number().optional(),
});
export type AdminDepositDayResponse = z.infer<typeof adminDepositDayResponseSchema>;

export const adminDisputesResponseSchema = z.object({
  status: z.literal('success'),
  disputes: z.array(
    z.object({
      paymentId: z.string(),
      orderId: z.string(),
      method: z.string(),
      captured: z.number(),
      refunded: z.number(),
      disputedAt: z.string(),
      amount: z.number(),
      reasonCode: z.string().optional(),
      reason: z.string().optional(),
      caseNumber: z.string().optional(),
    }),
  ),
});
export type AdminDisputesResponse = z.infer<typeof adminDisputesResponseSchema>;

/** ACH return codes, in plain words (NACHA's, the ones a shop meets). */
export const ACH_RETURN_REASONS: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or the account could not be located',
  R04: 'Invalid account number',
  R05: 'Unauthorized debit to a consumer account',
  R07: 'Authorization revoked by the customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises the debit was not authorized',
  R16: 'Account frozen',
  R20: 'Not a transaction account',
  R29: 'Corporate customer advises the debit was not authorized',
};

/** "R01: Insufficient funds", or the code alone when it is not one of the usual ones. */
export function achReturnReasonOf(code: string): string {
  const reason = ACH_RETURN_REASONS[code.toUpperCase()];
  return reason ? `${code}: ${reason}` : code;
}

/** GET /api/admin/money-summary: the money at a glance, one row a day (UTC) for the last `days` days. */
export const moneySummaryQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'Days must be 1 to 90').max(90, 'Days must be 1 to 90').optional(),
});

export const moneySummaryDaySchema = z.object({
  day: z.string(),
  /** Captured that day (authorizations taken, bank debits made), less charges cancelled since. */
  captured: z.number(),
  /** Refunds confirmed that day. */
  refunded: z.number(),
  /** Taken back that day by chargebacks and by the bank's returns of debits. */
  takenBack: z.number(),
  /** Captured less refunded and taken back. */
  net: z.number(),
  /** The fees of that day's deposits, as the Deposits view shows them (negative). */
  fees: z.number(),
});
export type MoneySummaryDay = z.infer<typeof moneySummaryDaySchema>;

export const moneySummaryResponseSchema = z.object({
  status: z.literal('success'),
  days: z.array(moneySummaryDaySchema),
  totals: moneySummaryDaySchema.omit({ day: true }),
});
export type MoneySummaryResponse = z.infer<typeof moneySummaryResponseSchema>;

/** The deposits export's columns, in order. */
export const DEPOSITS_CSV_COLUMNS = [
  'Date',
  'Funding ID',
  'Type',
  'Order ID',
  'Retref',
  'Amount',
  'Fee',
  'Match',
  'Store amount',
  'Note',
] as const;

/** `deposits-YYYY-MM-DD.csv`, dated in UTC like the days inside it. */
export function depositsCsvFileName(date: Date): string {
  return `deposits-${date.toISOString().slice(0, 10)}.csv`;
}
