import { centsToDecimalString } from '@store/core';
import {
  ACH_PROCESSOR,
  ACH_RETURN_DAYS,
  ACH_RETURN_FEE_CENTS,
  CARD_PROCESSOR,
  CARD_TYPES,
  CHARGEBACK_DAYS,
  CHARGEBACK_FEE_CENTS,
  CHARGEBACK_REASONS,
  FUNDING_DELAY_DAYS,
  feeScheduleOf,
  feesOf,
  isChargebackTrigger,
  type TransactionFees,
} from './money-chain';
import type { SettledRow } from './store';
import { formatCardPointeDate, pad, present } from './wire';

/**
 * The funding endpoint's answer, as the sandbox's processor would fund the merchant. Amounts are dollars
 * with two decimals; a deposit's deductions (fees, chargebacks) are negative, as in CardPointe's examples,
 * so that a deposit's lines add up:
 *
 *   totalfunding = netsales + interchangefee + servicecharge + fee + reversal
 *                  + adjustment + thirdparty + otheradjustment
 *
 * where netsales is the sum of the day's txns (sales in, refunds and ACH returns out), interchangefee and
 * servicecharge the fees on the day's sales (money-chain.ts), fee the charge for each chargeback and ACH
 * return, reversal the chargebacks taken back. The sandbox makes no adjustments and has no third party,
 * so those three lines are 0.00.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One deposit of the funding answer's `fundings` array. */
interface FundingRecord {
  fundingmasterid: string;
  fundingid: string;
  merchid: string;
  fundingdate: string;
  currency: string;
  netsales: string;
  totalfunding: string;
  thirdparty: string;
  adjustment: string;
  interchangefee: string;
  servicecharge: string;
  fee: string;
  reversal: string;
  otheradjustment: string;
  dateadded: string;
  datechanged: string;
}

/** One funded transaction of the funding answer's `txns` array. */
interface FundingTxnRecord {
  fundingtxnid: string;
  fundingid: string;
  retref: string;
  /** Positive for a sale, negative for a refund or an ACH return: the txns add up to the net sales. */
  amount: string;
  currency: string;
  type: 'SALE' | 'REFUND' | 'RETURN';
  status: string;
  /** The day it was funded, YYYYMMDD; authdate is when it was authorized, YYYYMMDDHHMMSS. */
  date: string;
  authdate: string;
  respcode: string;
  cardproc: string;
  /** The fees the processor kept on this sale (positive; "0.00" on refunds and returns). */
  interchangeunitfee: string;
  interchangepercentfee: string;
  /** VISA, MC, AMEX or DISC for a card; ECHK or ESAV for a bank account. */
  cardtype?: string;
  cardbrand?: string;
  batchid?: string;
  authcode?: string;
  cardnumber?: string;
  invoicenumber?: string;
  parentretref?: string;
  /** On an ACH return: NACHA's return code (R01, R03). */
  achreturncode?: string;
}

/** One chargeback of the funding answer's `chargebacks` array, taken from that day's deposit. */
interface ChargebackRecord {
  fundingchargebackid: string;
  fundingmasterid: string;
  merchid: string;
  retref: string;
  /** Taken from the deposit: negative. transactionamount is the original sale's amount. */
  amount: string;
  transactionamount: string;
  reasoncode: string;
  reasondescription: string;
  casenumber: string;
  acquirereferencenumber: string;
  /** YYYY-MM-DD: the chargeback's day, the deposit it is taken from, and the original sale's day. */
  chargebackdate: string;
  depositdate: string;
  transactiondate: string;
  dateadded: string;
  datechanged: string;
  authcode?: string;
  cardnumber?: string;
  invoicenumber?: string;
}

/** The funding endpoint's answer for a day with deposits; `chargebacks` is left out when there are none. */
export interface FundingAnswer {
  fundingmasterid: string;
  merchid: string;
  fundingdate: string;
  datechanged: string;
  fundings: FundingRecord[];
  txns: FundingTxnRecord[];
  chargebacks?: ChargebackRecord[];
}

/** CardPointe's answer when the day has no deposit, or none ready yet. */
export const NO_DEPOSITS = { errormsg: 'No deposits match your request' } as const;

/** How far back a day's funding looks: the longest delay (chargebacks) after settlement. */
export const FUNDING_LOOKBACK_DAYS = Math.max(FUNDING_DELAY_DAYS, ACH_RETURN_DAYS, CHARGEBACK_DAYS);

export function signedDecimal(cents: number): string {
  return cents < 0 ? `-${centsToDecimalString(-cents)}` : centsToDecimalString(cents);
}

function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Midnight UTC of the day `date` falls on. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** How many whole days after its settlement day `day` is. */
function daysAfterSettlement(row: SettledRow, day: Date): number {
  return Math.round((day.getTime() - startOfDay(row.settled_at!).getTime()) / DAY_MS);
}

/** Masked as CardPointe masks card numbers: a token is as long as its account number, with the same last 4. */
function maskedNumber(row: SettledRow): string | null {
  return row.token ? `${'X'.repeat(row.token.length - 4)}${row.token.slice(-4)}` : null;
}

function cardTypeOf(row: SettledRow): string | null {
  if (row.account_kind === 'ach') return row.accttype;
  return CARD_TYPES[row.brand] || null;
}

/** The fees on a funded row: a sale's by its brand's rates, none on a refund. */
function feesOfRow(row: SettledRow): TransactionFees {
  if (row.kind === 'refund')
    return { interchangePercentCents: 0, interchangeUnitCents: 0, serviceChargeCents: 0 };
  return feesOf(feeScheduleOf(row.account_kind, row.brand), row.captured_cents);
}

/**
 * The funding answer for `day` (midnight UTC) from the rows settled in the days before it: the deposit
 * holds what settled the day before (FUNDING_DELAY_DAYS), the ACH returns of debits settled ACH_RETURN_DAYS
 * before and the chargebacks of sales settled CHARGEBACK_DAYS before. One deposit per day, whose ids are
 * made from the day and the merchant id, so asking again answers the same ids. NO_DEPOSITS when the day
 * has none of these.
 */
export function fundingAnswerOf(
  rows: SettledRow[],
  merchid: string,
  day: Date,
): FundingAnswer | typeof NO_DEPOSITS {
  const funded = rows.filter((row) => daysAfterSettlement(row, day) === FUNDING_DELAY_DAYS);
  const returned = rows.filter(
    (row) =>
      row.kind === 'auth' &&
      row.account_kind === 'ach' &&
      row.ach_return !== null &&
      daysAfterSettlement(row, day) === ACH_RETURN_DAYS,
  );
  const chargedBack = rows.filter(
    (row) =>
      row.kind === 'auth' &&
      row.account_kind === 'card' &&
      isChargebackTrigger(row.captured_cents) &&
      daysAfterSettlement(row, day) === CHARGEBACK_DAYS,
  );
  if (funded.length + returned.length + chargedBack.length === 0) return NO_DEPOSITS;

  const fundingdate = formatCardPointeDate(day, false);
  const fundingmasterid = `${fundingdate}${merchid}`;
  const fundingid = `${fundingmasterid}01`;
  const changed = isoDay(day);

  const txnBase = (row: SettledRow) => ({
    fundingtxnid: fundingmasterid,
    fundingid,
    retref: row.retref,
    currency: row.currency,
    date: fundingdate,
    authdate: formatCardPointeDate(row.created_at, true),
    respcode: row.respcode,
    cardproc: row.account_kind === 'ach' ? ACH_PROCESSOR : CARD_PROCESSOR,
    cardtype: cardTypeOf(row),
    cardbrand: row.account_kind === 'card' ? cardTypeOf(row) : null,
    batchid: row.batch_id,
    authcode: row.kind === 'auth' ? row.authcode : null,
    cardnumber: maskedNumber(row),
    invoicenumber: row.orderid,
  });

  let interchangeCents = 0;
  let serviceChargeCents = 0;
  const txns: FundingTxnRecord[] = funded.map((row) => {
    const fees = feesOfRow(row);
    interchangeCents += fees.interchangePercentCents + fees.interchangeUnitCents;
    serviceChargeCents += fees.serviceChargeCents;
    return present({
      ...txnBase(row),
      amount: signedDecimal(row.kind === 'refund' ? -row.amount_cents : row.captured_cents),
      type: row.kind === 'refund' ? ('REFUND' as const) : ('SALE' as const),
      status: 'Processed',
      interchangepercentfee: centsToDecimalString(fees.interchangePercentCents),
      interchangeunitfee: centsToDecimalString(fees.interchangeUnitCents),
      parentretref: row.parent_retref,
    });
  });
  // An ACH return is found by the debit's own retref, as CardPointe's ACH guide says; parentretref names
  // the same original debit.
  for (const row of returned) {
    txns.push(
      present({
        ...txnBase(row),
        amount: signedDecimal(-row.captured_cents),
        type: 'RETURN' as const,
        status: 'Returned',
        interchangepercentfee: '0.00',
        interchangeunitfee: '0.00',
        parentretref: row.retref,
        achreturncode: row.ach_return,
      }),
    );
  }

  const chargebacks: ChargebackRecord[] = chargedBack.map((row, index) => {
    const reason = row.brand === 'UNKNOWN' ? CHARGEBACK_REASONS.VISA : CHARGEBACK_REASONS[row.brand];
    return present({
      fundingchargebackid: String(index + 1),
      fundingmasterid,
      merchid,
      retref: row.retref,
      amount: signedDecimal(-row.captured_cents),
      transactionamount: centsToDecimalString(row.captured_cents),
      ...reason,
      // Made from the day and the retref, so that asking again answers the same numbers.
      casenumber: `${fundingdate.slice(2)}${row.retref.slice(-6)}`,
      acquirereferencenumber: `7${fundingdate}${row.retref}00`,
      chargebackdate: changed,
      depositdate: changed,
      transactiondate: isoDay(row.created_at),
      dateadded: changed,
      datechanged: changed,
      authcode: row.authcode,
      cardnumber: maskedNumber(row),
      invoicenumber: row.orderid,
    });
  });

  const netSalesCents =
    funded.reduce((sum, row) => sum + (row.kind === 'refund' ? -row.amount_cents : row.captured_cents), 0) -
    returned.reduce((sum, row) => sum + row.captured_cents, 0);
  const feeCents = chargedBack.length * CHARGEBACK_FEE_CENTS + returned.length * ACH_RETURN_FEE_CENTS;
  const reversalCents = chargedBack.reduce((sum, row) => sum + row.captured_cents, 0);
  const lines = {
    netsales: netSalesCents,
    interchangefee: -interchangeCents,
    servicecharge: -serviceChargeCents,
    fee: -feeCents,
    reversal: -reversalCents,
    adjustment: 0,
    thirdparty: 0,
    otheradjustment: 0,
  };
  const totalCents = Object.values(lines).reduce((sum, cents) => sum + cents, 0);

  return {
    fundingmasterid,
    merchid,
    fundingdate,
    datechanged: changed,
    fundings: [
      {
        fundingmasterid,
        fundingid,
        merchid,
        fundingdate,
        currency: 'USD',
        netsales: signedDecimal(lines.netsales),
        totalfunding: signedDecimal(totalCents),
        thirdparty: signedDecimal(lines.thirdparty),
        adjustment: signedDecimal(lines.adjustment),
        interchangefee: signedDecimal(lines.interchangefee),
        servicecharge: signedDecimal(lines.servicecharge),
        fee: signedDecimal(lines.fee),
        reversal: signedDecimal(lines.reversal),
        otheradjustment: signedDecimal(lines.otheradjustment),
        dateadded: changed,
        datechanged: changed,
      },
    ],
    txns,
    ...(chargebacks.length > 0 ? { chargebacks } : {}),
  };
}
