import { signedDecimal } from './funding';
import { ACH_PROCESSOR, CARD_PROCESSOR, CARD_TYPES } from './money-chain';
import type { SettledRow } from './store';
import { present } from './wire';

/**
 * settlestat's answer: an array of batches, each with its transactions, in the fields of CardPointe's
 * settlestat response and, where they make sense, the totals of its settlestatByBatchSource response
 * (chargecnt and refundcnt are numbers there, the totals dollar strings).
 */
interface SettlementTxn {
  retref: string;
  /** Dollars with two decimals; a refund is negative. */
  setlamount: string;
  /** Y: the batch was sent and accepted for funding (the sandbox's processor accepts every batch). */
  setlstat: 'Y';
  /** The order id, when the authorization had one. */
  salesdoc?: string;
  authcode?: string;
  /** VISA, MC, AMEX or DISC for a card; ECHK or ESAV for a bank account. */
  cardtype?: string;
}

export interface SettlementBatch {
  batchid: string;
  /** GB: the processor accepted the batch. */
  hoststat: 'GB';
  /** The processor's own id for the batch. */
  hostbatch: string;
  merchid: string;
  /** RPCT for a card batch, PSTR for a bank-account (ACH) batch. */
  respproc: string;
  chargecnt: number;
  chargetotal: string;
  refundcnt: number;
  /** The refunds' setlamounts added up: negative, or "0.00". */
  refundtotal: string;
  txns: SettlementTxn[];
}

/**
 * CardPointe's answer when there is no batch to show. Its reference says only that "Null Batches" is
 * returned; the sandbox sends it as a JSON string (the body is `"Null Batches"`, with the quotes, as
 * application/json), the one reading that is both valid JSON, as the endpoint's other answers are, and
 * exactly those words. Clients should accept it as a bare string too, or inside an object.
 */
export const NULL_BATCHES = 'Null Batches';

function settledCents(row: SettledRow): number {
  return row.kind === 'refund' ? -row.amount_cents : row.captured_cents;
}

/** The batches of `rows` (settled rows, oldest first), in batch id order. */
export function settlementBatchesOf(rows: SettledRow[], merchid: string): SettlementBatch[] {
  const byBatch = new Map<string, SettledRow[]>();
  for (const row of rows) {
    if (!row.batch_id) continue;
    const batch = byBatch.get(row.batch_id) ?? [];
    batch.push(row);
    byBatch.set(row.batch_id, batch);
  }
  return [...byBatch.entries()]
    .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
    .map(([batchid, batchRows]) => {
      const amounts = batchRows.map(settledCents);
      const charges = amounts.filter((cents) => cents >= 0);
      const refunds = amounts.filter((cents) => cents < 0);
      return {
        batchid,
        hoststat: 'GB' as const,
        hostbatch: batchid.padStart(10, '0'),
        merchid,
        respproc: batchRows[0]!.account_kind === 'ach' ? ACH_PROCESSOR : CARD_PROCESSOR,
        chargecnt: charges.length,
        chargetotal: signedDecimal(charges.reduce((sum, cents) => sum + cents, 0)),
        refundcnt: refunds.length,
        refundtotal: signedDecimal(refunds.reduce((sum, cents) => sum + cents, 0)),
        txns: batchRows.map((row) =>
          present({
            retref: row.retref,
            setlamount: signedDecimal(settledCents(row)),
            setlstat: 'Y' as const,
            salesdoc: row.orderid,
            authcode: row.kind === 'auth' ? row.authcode : null,
            cardtype: row.account_kind === 'ach' ? row.accttype : CARD_TYPES[row.brand] || null,
          }),
        ),
      };
    });
}
