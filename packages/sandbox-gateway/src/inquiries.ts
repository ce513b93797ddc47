import { binAnswerOf, type BinAnswer } from './bin-answer';
import { isToken } from './cardsecure';
import {
  DAY_MS,
  FUNDING_LOOKBACK_DAYS,
  fundingAnswerOf,
  NO_DEPOSITS,
  startOfDay,
  type FundingAnswer,
} from './funding';
import type { GatewayConfig } from './gateway-config';
import { GATEWAY_RESPONSES } from './response-codes';
import type { Settlement } from './settlement';
import { NULL_BATCHES, settlementBatchesOf, type SettlementBatch } from './settlestat';
import type { GatewayStore, SettledRow, TransactionRow } from './store';
import {
  answerOf,
  inquireRecordOf,
  type GatewayAnswer,
  type InquireRecord,
  type MerchantRecord,
} from './wire';

/** What settlestat is asked for: a day's batches, one batch, or the batches not reported yet. */
export type SettlestatQuery =
  | { kind: 'date'; day: Date }
  | { kind: 'batch'; batchId: string }
  | { kind: 'unreported' };

export type RecordedTransaction = Pick<
  TransactionRow,
  'retref' | 'kind' | 'source' | 'orderid' | 'respstat' | 'ecomind' | 'cof' | 'cofscheduled'
>;

/** The site name inquireMerchant reports for the sandbox's merchant (CardPointe's are e.g. "fts"). */
const SANDBOX_SITE = 'sandbox';

/**
 * What the merchant can ask without moving money: its transactions, funding and settlement status, its own
 * setup and a card's BIN.
 */
export class Inquiries {
  constructor(
    private readonly store: GatewayStore,
    private readonly settlement: Settlement,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * What the sandbox recorded of a transaction beyond CardPointe's answers: where it came from and its
   * stored-credential indicators (the sandbox's control call). Undefined for an unknown retref.
   */
  async recordedTransaction(retref: string): Promise<RecordedTransaction | undefined> {
    const row = await this.store.findTransaction(this.config.merchantId, retref);
    if (!row) return undefined;
    const { kind, source, orderid, respstat, ecomind, cof, cofscheduled } = row;
    return { retref: row.retref, kind, source, orderid, respstat, ecomind, cof, cofscheduled };
  }

  /** Whether an order (the hosted payment page's invoice) already has an approved authorization. */
  hasApprovedAuthorization(orderid: string): Promise<boolean> {
    return this.store.hasApprovedAuthorization(this.config.merchantId, orderid);
  }

  async inquire(merchid: string, retref: string): Promise<InquireRecord | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
    await this.settlement.settleDue(this.config.now());
    const row = await this.store.findTransaction(merchid, retref);
    if (!row) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid, retref);
    return inquireRecordOf(row, this.config.now(), this.config.unsettledRefunds);
  }

  /** Every transaction of an order, oldest first; CardPointe's single "Txn not found" answer when none. */
  async inquireByOrderId(merchid: string, orderid: string): Promise<InquireRecord[] | GatewayAnswer> {
    if (merchid !== this.config.merchantId) return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid);
    const now = this.config.now();
    await this.settlement.settleDue(now);
    const rows = await this.store.findTransactionsByOrderId(merchid, orderid);
    if (rows.length === 0) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid);
    return rows.map((row) => inquireRecordOf(row, now, this.config.unsettledRefunds));
  }

  /**
   * The funding endpoint, for the day `day` (midnight UTC); undefined for a merchant id the gateway does not
   * know. The merchant is funded the day after a batch settles, one deposit a day holding every transaction
   * settled the day before (in any batch), less the processor's fees, the ACH returns and the chargebacks
   * that day brings (see funding.ts and money-chain.ts). A day with none of these, or a day still to come,
   * answers CardPointe's "No deposits match your request".
   */
  async funding(merchid: string, day: Date): Promise<FundingAnswer | typeof NO_DEPOSITS | undefined> {
    if (merchid !== this.config.merchantId) return undefined;
    const now = this.config.now();
    await this.settlement.settleDue(now);
    if (day.getTime() > startOfDay(now).getTime()) return NO_DEPOSITS;
    const from = new Date(day.getTime() - FUNDING_LOOKBACK_DAYS * DAY_MS);
    const rows = await this.store.findSettled(merchid, { from, to: day });
    return fundingAnswerOf(rows, merchid, day);
  }

  /**
   * settlestat: the batches settled on `query.day` (a UTC day), the batch `query.batchId`, or (merchant id
   * alone) every batch no earlier such call has reported, each reported once. Undefined for a merchant id
   * the gateway does not know; "Null Batches" when there is no batch to show.
   */
  async settlestat(
    merchid: string,
    query: SettlestatQuery,
  ): Promise<SettlementBatch[] | typeof NULL_BATCHES | undefined> {
    if (merchid !== this.config.merchantId) return undefined;
    const now = this.config.now();
    await this.settlement.settleDue(now);
    let rows: SettledRow[];
    if (query.kind === 'date') {
      rows = await this.store.findSettled(merchid, {
        from: query.day,
        to: new Date(query.day.getTime() + DAY_MS),
      });
    } else if (query.kind === 'batch') {
      rows = await this.store.findSettled(merchid, { batchIds: [query.batchId] });
    } else {
      const batchIds = await this.store.claimUnreportedBatches(merchid, now);
      rows = batchIds.length > 0 ? await this.store.findSettled(merchid, { batchIds }) : [];
    }
    const batches = settlementBatchesOf(rows, merchid);
    return batches.length > 0 ? batches : NULL_BATCHES;
  }

  /**
   * inquireMerchant: how this merchant is set up, or undefined for a merchant id the gateway does not
   * know. The sandbox processes cards as RapidConnect does (its amount-driven codes are RapidConnect's),
   * checks CVV and postal codes, takes ACH, and adds no surcharge or convenience fee.
   */
  inquireMerchant(merchid: string): MerchantRecord | undefined {
    if (merchid !== this.config.merchantId) return undefined;
    return {
      site: SANDBOX_SITE,
      merchid,
      enabled: true,
      cardproc: 'RPCT',
      acctupdater: 'N',
      avs: 'Y',
      cvv: 'Y',
      echeck: 'Y',
      fee_type: 'N',
      fee_format: '',
      fee_value: '0',
      fee_merchid: '',
    };
  }

  /**
   * CardPointe's BIN lookup for a token: the card type ('V', 'M', 'A' or 'D'), the card's BIN and country of
   * issue, and for Visa and Mastercard the other fields (prepaid and corporate by the sandbox's test BINs).
   */
  async binOf(merchid: string, token: string): Promise<BinAnswer> {
    if (merchid !== this.config.merchantId) return { success: false, errormsg: 'Invalid merchant ID' };
    const card = isToken(token) ? await this.store.findCard(token) : undefined;
    if (!card) return { success: false, errormsg: 'Invalid token' };
    return binAnswerOf(card);
  }
}
