import type { CardBrand } from '@store/core';

/**
 * What happens to money after settlement in the sandbox: when a batch is funded, what the processor keeps
 * in fees, and which test data lead to a chargeback or an ACH return. One place for all of it; the README's
 * table is made from this one.
 *
 * | what                        | sandbox rule                                                                   |
 * | --------------------------- | ------------------------------------------------------------------------------ |
 * | deposit                     | the day after the batch settles (UTC): funding?date=D lists what settled D−1  |
 * | VISA                        | interchange 1.80% + $0.10, service charge $0.05 a sale                          |
 * | MASTERCARD                  | interchange 1.85% + $0.10, service charge $0.05 a sale                          |
 * | DISCOVER                    | interchange 1.70% + $0.10, service charge $0.05 a sale                          |
 * | AMEX                        | interchange 2.60% + $0.15, service charge $0.05 a sale                          |
 * | bank account (ACH)          | no interchange, service charge $0.25 a debit                                    |
 * | refunds                     | no fee, and no fee given back                                                   |
 * | rounding                    | each percentage fee to the cent, half up (0.745 → 0.75), per transaction       |
 * | captured amount ending .66  | a card sale is charged back 3 days after it settled (card-absent fraud), $15 fee |
 * | account `2000000001`        | an ACH debit is returned R01 (insufficient funds) 2 days after it settled, $2.50 fee |
 * | account `2000000003`        | an ACH debit is returned R03 (no account / unable to locate) 2 days after, $2.50 fee |
 *
 * The ACH test accounts work with any valid routing number (e.g. 036001808), sent as `account` + `bankaba`
 * to auth, or tokenized as `routing/account`.
 */

/** Days from a batch's settlement to its deposit. */
export const FUNDING_DELAY_DAYS = 1;
/** Days from a charged-back sale's settlement to the chargeback (and the deposit it is taken from). */
export const CHARGEBACK_DAYS = 3;
/** Days from a returned ACH debit's settlement to the return (and the deposit it is taken from). */
export const ACH_RETURN_DAYS = 2;

/** The processors: Rapid Connect for cards, ProfitStars for bank accounts (the sandbox's ACH answers say PSTR). */
export const CARD_PROCESSOR = 'RPCT';
export const ACH_PROCESSOR = 'PSTR';

export type FeeSchedule = 'VISA' | 'MASTERCARD' | 'DISCOVER' | 'AMEX' | 'ACH';

export interface FeeRate {
  /** The card brand's interchange: a percentage of the sale, in basis points (1.80% is 180), and a unit fee. */
  interchangeBasisPoints: number;
  interchangeUnitCents: number;
  /** The processor's charge for handling the sale. */
  serviceChargeCents: number;
}

export const FEE_TABLE: Readonly<Record<FeeSchedule, FeeRate>> = {
  VISA: { interchangeBasisPoints: 180, interchangeUnitCents: 10, serviceChargeCents: 5 },
  MASTERCARD: { interchangeBasisPoints: 185, interchangeUnitCents: 10, serviceChargeCents: 5 },
  DISCOVER: { interchangeBasisPoints: 170, interchangeUnitCents: 10, serviceChargeCents: 5 },
  AMEX: { interchangeBasisPoints: 260, interchangeUnitCents: 15, serviceChargeCents: 5 },
  ACH: { interchangeBasisPoints: 0, interchangeUnitCents: 0, serviceChargeCents: 25 },
};

/** Taken from the deposit for each chargeback and each ACH return (the `fee` line). */
export const CHARGEBACK_FEE_CENTS = 1500;
export const ACH_RETURN_FEE_CENTS = 250;

/**
 * A percentage of an amount in cents, rounded to the cent half up, as CardPointe rounds its fees: a third
 * decimal (of the dollar amount) of 4 or less rounds down, 5 or more up. Integer arithmetic only.
 */
export function percentOfCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

export interface TransactionFees {
  interchangePercentCents: number;
  interchangeUnitCents: number;
  serviceChargeCents: number;
}

/** The fees on one settled sale of `amountCents` under a brand's (or ACH's) rates. */
export function feesOf(schedule: FeeSchedule, amountCents: number): TransactionFees {
  const rate = FEE_TABLE[schedule];
  return {
    interchangePercentCents: percentOfCents(amountCents, rate.interchangeBasisPoints),
    interchangeUnitCents: rate.interchangeUnitCents,
    serviceChargeCents: rate.serviceChargeCents,
  };
}

/** The fee schedule of a card brand; a card of an unknown brand never gets approved, so never settles. */
export function feeScheduleOf(kind: 'card' | 'ach', brand: CardBrand): FeeSchedule {
  if (kind === 'ach') return 'ACH';
  return brand === 'UNKNOWN' ? 'VISA' : brand;
}

/** A settled card sale whose captured amount ends in .66 is charged back. */
export function isChargebackTrigger(capturedCents: number): boolean {
  return capturedCents % 100 === 66;
}

export interface ChargebackReason {
  reasoncode: string;
  reasondescription: string;
}

/** The reason a test chargeback gives: each brand's code for fraud on a card-absent sale. */
export const CHARGEBACK_REASONS: Readonly<Record<Exclude<CardBrand, 'UNKNOWN'>, ChargebackReason>> = {
  VISA: { reasoncode: '10.4', reasondescription: 'Other Fraud - Card-Absent Environment' },
  MASTERCARD: { reasoncode: '4837', reasondescription: 'No Cardholder Authorization' },
  DISCOVER: { reasoncode: 'UA02', reasondescription: 'Fraud - Card Not Present Transaction' },
  AMEX: { reasoncode: 'F29', reasondescription: 'Card Not Present' },
};

export type AchReturnCode = 'R01' | 'R03';

/** The test bank accounts (account numbers, with any routing number) whose debits are returned. */
const ACH_RETURN_ACCOUNTS: Readonly<Record<string, AchReturnCode>> = {
  '2000000001': 'R01',
  '2000000003': 'R03',
};

export function achReturnOf(accountNumber: string): AchReturnCode | null {
  return ACH_RETURN_ACCOUNTS[accountNumber] ?? null;
}

/** CardPointe's short card type names (settlestat's `cardtype` is at most 4 characters). */
export const CARD_TYPES: Readonly<Record<CardBrand, string>> = {
  VISA: 'VISA',
  MASTERCARD: 'MC',
  AMEX: 'AMEX',
  DISCOVER: 'DISC',
  UNKNOWN: '',
};
