// The store's memory under a shop's mixed load, in `npm run bench` (BENCH_ONLY=soak): the compiled store on
// the bench's 100,000 payments, for BENCH_SOAK_MINUTES (30 unless set), while shoppers check out and pay
// and the operator reads the lists and presses Capture All; its resident memory sampled every 30 seconds.
import autocannon, { type AutocannonResult } from 'autocannon';
import { createOrderId } from '@store/core';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import type { ChildServer } from '../apps/server/src/testing/processes';
import { googlePayToken, ONE_REAM, ONE_REAM_TOTAL } from '../apps/server/src/testing/shoppers';
import { TEST_DELIVERY } from '../apps/server/src/testing/test-server';

export interface SoakFigure {
  database: string;
  minutes: number;
  /** Resident memory (MB) after start, before any load. */
  idleMb: number;
  /** After five minutes of load, and at the end. */
  afterFiveMinutesMb: number | null;
  endMb: number;
  /** The highest resident memory seen (the kernel's own peak, VmHWM). */
  peakMb: number;
  /** What the memory did over the second half of the run: positive is growth. */
  secondHalfGrowthMb: number;
  samples: { minute: number; rssMb: number }[];
  checkouts: number;
  walletPayments: number;
  captured: number;
  listReads: number;
}

const SAMPLE_EVERY_MS = 30_000;
const CAPTURE_ALL_EVERY_MS = 60_000;
/** The load: checkouts recorded (create-payment) and paid with Google Pay, and the console's list reads, a second. */
const CHECKOUTS_PER_SECOND = 20;
const WALLET_PAYMENTS_PER_SECOND = 4;
const PENDING_READS_PER_SECOND = 20;
const HISTORY_READS_PER_SECOND = 10;

/** Fixed-rate load on one call for `seconds`; the promise has what autocannon measured. */
function steady(
  url: string,
  perSecond: number,
  seconds: number,
  headers: Record<string, string>,
  body: () => unknown,
): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections: 5,
    overallRate: perSecond,
    duration: seconds,
    requests: [
      { method: 'POST', headers, setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) },
    ],
  });
}

export async function soakBench(input: {
  database: string;
  store: ChildServer;
  cookie: string;
  minutes: number;
  /** A shopper's order as the storefront sends it to create-payment. */
  checkoutOrder: () => unknown;
  residentMemory: () => { rssMb: number; peakMb: number } | undefined;
  log: (line: string) => void;
}): Promise<SoakFigure> {
  const { store, cookie, minutes, log } = input;
  const memory = () => input.residentMemory() ?? { rssMb: 0, peakMb: 0 };
  const seconds = minutes * 60;
  const json = { 'content-type': 'application/json', origin: store.url };
  const admin = { ...json, cookie };
  const samples: SoakFigure['samples'] = [];
  const started = Date.now();
  const idleMb = memory().rssMb;
  samples.push({ minute: 0, rssMb: idleMb });

  const loads = Promise.all([
    steady(
      `${store.url}/api/payment/create-payment`,
      CHECKOUTS_PER_SECOND,
      seconds,
      json,
      input.checkoutOrder,
    ),
    steady(`${store.url}/api/admin/payments`, PENDING_READS_PER_SECOND, seconds, admin, () => ({})),
    steady(`${store.url}/api/admin/transactions`, HISTORY_READS_PER_SECOND, seconds, admin, () => ({})),
  ]);

  // Shoppers paying with Google Pay (the sandbox wallet's token): authorizations for Capture All to take.
  let walletPayments = 0;
  let walletFailures = 0;
  const server = { url: store.url, config: { gateway: { merchantId: SANDBOX_CREDENTIALS.merchantId } } };
  const payOne = async () => {
    const token = await googlePayToken(server, { totalPrice: ONE_REAM_TOTAL.toFixed(2) });
    const response = await fetch(`${store.url}/api/googlepay/process-with-googlepay`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        paymentToken: token,
        amount: ONE_REAM_TOTAL,
        orderId: createOrderId('googlepay'),
        email: 'soak@example.com',
        gateway: 'cardconnect',
        items: ONE_REAM,
        delivery: TEST_DELIVERY,
      }),
    });
    if (response.ok) walletPayments += 1;
    else walletFailures += 1;
  };
  const wallet = setInterval(
    () => void payOne().catch(() => (walletFailures += 1)),
    1000 / WALLET_PAYMENTS_PER_SECOND,
  );

  let captured = 0;
  const captureAll = async () => {
    const response = await fetch(`${store.url}/api/admin/capture-all`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    });
    if (!response.ok) throw new Error(`Capture All: HTTP ${response.status}`);
    captured += ((await response.json()) as { successCount: number }).successCount;
  };
  let capturing = Promise.resolve();
  const operator = setInterval(() => (capturing = capturing.then(captureAll)), CAPTURE_ALL_EVERY_MS);
  const sampler = setInterval(() => {
    const minute = Math.round((Date.now() - started) / 6_000) / 10;
    const { rssMb } = memory();
    samples.push({ minute, rssMb });
    log(`  ${input.database.padEnd(10)} minute ${minute.toFixed(1).padStart(4)}: RSS ${rssMb} MB`);
  }, SAMPLE_EVERY_MS);

  let results: [AutocannonResult, AutocannonResult, AutocannonResult];
  try {
    results = await loads;
  } finally {
    clearInterval(wallet);
    clearInterval(operator);
    clearInterval(sampler);
  }
  await capturing;
  const end = memory();
  samples.push({ minute: minutes, rssMb: end.rssMb });
  for (const [name, result] of [
    ['checkouts', results[0]],
    ['Pending Payments', results[1]],
    ['History', results[2]],
  ] as const) {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${name} during the soak: ${result.non2xx} answers other than 2xx, ${result.errors} errors`,
      );
    }
  }
  if (walletFailures > walletPayments / 100)
    throw new Error(`${walletFailures} Google Pay payments failed during the soak`);
  const atOrAfter = (minute: number) => samples.find((sample) => sample.minute >= minute);
  const half = atOrAfter(minutes / 2)!;
  return {
    database: input.database,
    minutes,
    idleMb,
    afterFiveMinutesMb: minutes >= 5 ? (atOrAfter(5)?.rssMb ?? null) : null,
    endMb: end.rssMb,
    peakMb: end.peakMb,
    secondHalfGrowthMb: end.rssMb - half.rssMb,
    samples,
    checkouts: results[0]!['2xx'],
    walletPayments,
    captured,
    listReads: results[1]!['2xx'] + results[2]!['2xx'],
  };
}
