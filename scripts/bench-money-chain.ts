// The money chain's part of `npm run bench` (decisions 035, 036): reconciling a funding day of 100,000
// payments (time, and the memory it takes), and the gateway calls a day of upkeep makes to follow settlement
// at 1,000 and 10,000 captures on two servers. Both run the store's own upkeep code in this process, on a
// scratch database, against a gateway that answers at once: what is measured is the store's work.
import type { Database } from '../apps/server/src/db/client';
import type { FundingReport, PaymentGateway } from '../apps/server/src/gateway/payment-gateway';
import { readDepositDays } from '../apps/server/src/services/console/deposits';
import { reconcileFundingDay } from '../apps/server/src/services/money/funding';
import { followSettlement, SETTLEMENT_RECHECK_MS } from '../apps/server/src/services/money/settlement';
import { seedSettledPayments } from '../apps/server/src/runs/seed-history';

export interface ReconciliationFigure {
  database: string;
  payments: number;
  seconds: number;
  /** The bench process's resident memory: before, and its peak while reconciling. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The Deposits view's 30 days, read once the day is reconciled. */
  depositDaysMs: number;
}

export interface SettlementCallsFigure {
  database: string;
  captures: number;
  servers: number;
  /** Hourly upkeep passes over one day, on every server. */
  passes: number;
  settlestatCalls: number;
  inquireCalls: number;
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** A gateway that answers every call at once and counts them: the store's work alone is measured. */
function countingGateway(answers: Partial<PaymentGateway>) {
  const calls = { settlestat: 0, inquire: 0, funding: 0 };
  const gateway = {
    ...answers,
    settlementStatus: async (day: Date) => {
      calls.settlestat += 1;
      return answers.settlementStatus ? answers.settlementStatus(day) : { ok: true as const, value: [] };
    },
    inquire: async () => {
      calls.inquire += 1;
      return { ok: false as const, kind: 'unavailable' as const, message: 'not asked in the bench' };
    },
    funding: async (day: Date) => {
      calls.funding += 1;
      return answers.funding!(day);
    },
  } as unknown as PaymentGateway;
  return { gateway, calls };
}

/** A funding day holding every seeded payment, each for its amount captured, as CardPointe lists them. */
async function fundingOfEverything(database: Database): Promise<FundingReport> {
  const { rows } = await database.sql.query<{ retref: string; captured_cents: number; order_id: string }>(
    'select retref, captured_cents, order_id from payments',
  );
  const net = rows.reduce((sum, row) => sum + Number(row.captured_cents), 0);
  return {
    deposits: [
      {
        fundingId: 'bench-deposit',
        currency: 'USD',
        netSalesCents: net,
        interchangeFeeCents: 0,
        serviceChargeCents: 0,
        feeCents: 0,
        reversalCents: 0,
        adjustmentCents: 0,
        totalFundingCents: net,
      },
    ],
    transactions: rows.map((row) => ({
      retref: row.retref,
      amountCents: Number(row.captured_cents),
      type: 'SALE',
      orderId: row.order_id,
    })),
    chargebacks: [],
  };
}

export async function reconciliationBench(
  database: string,
  open: () => Promise<Database>,
  payments: number,
): Promise<ReconciliationFigure> {
  const store = await open();
  try {
    await seedSettledPayments(store.sql, payments);
    const report = await fundingOfEverything(store);
    const { gateway } = countingGateway({ funding: async () => ({ ok: true, value: report }) });
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    await reconcileFundingDay({ orm: store.orm, gateway }, new Date());
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    const read = performance.now();
    await readDepositDays(store.orm, {});
    return {
      database,
      payments,
      seconds,
      rssBeforeMb: megabytes(rssBefore),
      rssPeakMb: megabytes(rssPeak),
      depositDaysMs: Math.round(performance.now() - read),
    };
  } finally {
    await store.close();
  }
}

export async function settlementCallsBench(
  database: string,
  open: () => Promise<Database>,
  captures: number,
): Promise<SettlementCallsFigure> {
  const store = await open();
  try {
    await seedSettledPayments(store.sql, captures, { awaitingSettlement: true });
    const servers = [countingGateway({}), countingGateway({})];
    const start = Date.now();
    const passes = 24;
    for (let hour = 0; hour < passes; hour += 1) {
      const now = new Date(start + hour * SETTLEMENT_RECHECK_MS + 1000);
      await Promise.all(
        servers.map(({ gateway }) => followSettlement({ orm: store.orm, gateway }, { limit: 50, now })),
      );
    }
    return {
      database,
      captures,
      servers: servers.length,
      passes,
      settlestatCalls: servers.reduce((sum, server) => sum + server.calls.settlestat, 0),
      inquireCalls: servers.reduce((sum, server) => sum + server.calls.inquire, 0),
    };
  } finally {
    await store.close();
  }
}
