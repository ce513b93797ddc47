import { createOrderId } from '@store/core';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import type { Database } from '../db/client';
import { createPostgresTestDatabase } from '../db/test-database';
import { faultyGateway } from '../testing/faulty-gateway';
import { startChildServer, type ChildServer } from '../testing/processes';
import { seedAuthorizedPayments, standaloneSandboxClient } from './seed-payments';
import { ONE_REAM_TOTAL, shoppersAt } from '../testing/shoppers';
import { sandboxAsCardPointe } from '../testing/standalone-sandbox';
import { adminCookie, postJson, TEST_ADMIN, TEST_PUBLIC_URL } from '../testing/test-server';

/**
 * Crash consistency, proven: the store on PostgreSQL against the sandbox gateway in its own process, killed
 * with SIGKILL at a random moment while Capture All, partial captures, voids and refunds are running and
 * shoppers pay with saved cards and Google Pay, or left with a gateway that stops answering or answers 500
 * — then restarted (the gateway answering again), reconciled, and compared payment by payment with the
 * gateway's own records.
 */

type Fault = 'killed' | 'gateway silent' | 'gateway 500';

/** The store's settings for a CardPointe gateway at `gatewayUrl` with the sandbox's credentials. */
export function cardPointeStoreEnvironment(options: {
  databaseUrl: string;
  gatewayUrl: string;
  gatewayTimeoutMs: number;
  reconcileAfterMs: number;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Its admin moves money without an authenticator app: what is measured here is not sign-in.
    STAFF_SECOND_FACTOR: 'off',
    ...sandboxAsCardPointe(options.gatewayUrl),
    GATEWAY_TIMEOUT_MS: String(options.gatewayTimeoutMs),
    RECONCILE_AFTER_MS: String(options.reconcileAfterMs),
    // Shoppers speak from addresses of their own (X-Forwarded-For from this machine), as behind a proxy.
    TRUST_PROXY: 'loopback',
  };
}

export interface RoundReport {
  round: number;
  fault: Fault;
  /** Money calls the operator's console sent before the fault (or the kill). */
  requests: number;
  /** Payments shoppers started (saved cards, Google Pay) before the fault. */
  shopperPayments: number;
  /** Operations the store had not settled when it was killed or the gateway failed. */
  unconfirmedAtFault: number;
  secondsToConsistent: number;
}

export interface ChaosReport {
  rounds: RoundReport[];
  payments: number;
  stuck: number;
  mismatched: number;
  doubled: number;
  /** Payments with a refund reserved and waiting for the capture to settle. */
  scheduled: number;
  details: string[];
  /** What became of the payments shoppers made with saved cards and Google Pay. */
  shoppers: ShopperReport;
}

/** What a shopper paying with a saved card or a wallet was told. */
type ShopperOutcome = 'approved' | 'refused' | 'no answer';

interface ShopperReport {
  /** Payments shoppers started. */
  started: number;
  /** Of them, those the store recorded an order for (the others were stopped before it). */
  payments: number;
  approved: number;
  refused: number;
  /** The store was killed before it answered. */
  unanswered: number;
  /** An approval at the gateway, not voided, that the store has no payment for (must be 0). */
  hiddenHolds: number;
  /** More than one live approval for one order (must be 0). */
  doubled: number;
  /** Told the payment failed, yet charged: a payment in the store or a live approval (must be 0). */
  refusedYetCharged: number;
  /** Told it was approved, yet not in Pending Payments (must be 0). */
  approvedNotRecorded: number;
  /** Requests whose outcome the store never settled (must be 0). */
  unsettled: number;
  /** Voided by the store after it could not answer the shopper. */
  voidedAfterLostAnswer: number;
  /** Never answered, but recorded before the kill: an ordinary payment for the operator to capture. */
  unansweredRecorded: number;
  details: string[];
}

/** Three rounds try each fault once; longer runs are mostly kills. */
const FAULTS: Fault[] = ['killed', 'gateway silent', 'gateway 500', 'killed', 'killed'];
const GATEWAY_TIMEOUT_MS = 1_500;
const RECONCILE_AFTER_MS = 2 * GATEWAY_TIMEOUT_MS + 1_000;
const CONSISTENT_WITHIN_MS = RECONCILE_AFTER_MS + 20_000;
const PAYMENTS_PER_ROUND = 24;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Money operations, and payments the store authorized itself, whose outcome is not settled yet. */
async function pendingOperations(database: Database): Promise<number> {
  const { rows } = await database.sql.query<{ value: number }>(
    `select (select count(*) from money_operations where status = 'pending')
          + (select count(*) from payment_requests where status = 'pending' and authorized_by = 'store')
       as value`,
  );
  return Number(rows[0]?.value ?? 0);
}

/**
 * Compares every payment the store made for a shopper (saved card, Google Pay) with the gateway's
 * authorizations of its order and with what the shopper was told.
 */
async function compareShopperPayments(
  database: Database,
  outcomes: Map<string, ShopperOutcome>,
): Promise<ShopperReport> {
  const { rows } = await database.sql.query<{
    order_id: string;
    status: string;
    recorded: boolean;
    live: number;
    voided: number;
  }>(
    `select r.order_id, r.status, p.id is not null as recorded,
       (select count(*)::int from sandbox_gateway.transactions g
         where g.orderid = r.order_id and g.kind = 'auth' and g.respstat = 'A' and g.voided_at is null) as live,
       (select count(*)::int from sandbox_gateway.transactions g
         where g.orderid = r.order_id and g.kind = 'auth' and g.respstat = 'A' and g.voided_at is not null) as voided
     from payment_requests r left join payments p on p.order_id = r.order_id
     where r.authorized_by = 'store'`,
  );
  const report: ShopperReport = {
    started: outcomes.size,
    payments: rows.length,
    approved: 0,
    refused: 0,
    unanswered: 0,
    hiddenHolds: 0,
    doubled: 0,
    refusedYetCharged: 0,
    approvedNotRecorded: 0,
    unsettled: 0,
    voidedAfterLostAnswer: 0,
    unansweredRecorded: 0,
    details: [],
  };
  for (const told of outcomes.values()) {
    report[told === 'approved' ? 'approved' : told === 'refused' ? 'refused' : 'unanswered'] += 1;
  }
  const recordedOrders = new Set(rows.map((row) => row.order_id));
  for (const [orderId, told] of outcomes) {
    if (told === 'approved' && !recordedOrders.has(orderId)) {
      report.approvedNotRecorded += 1;
      report.details.push(`${orderId} (shopper: approved): no order in the store`);
    }
  }
  for (const row of rows) {
    const told = outcomes.get(row.order_id) ?? 'no answer';
    const flag = (key: keyof ShopperReport, what: string) => {
      (report[key] as number) += 1;
      report.details.push(`${row.order_id} (shopper: ${told}, request ${row.status}): ${what}`);
    };
    if (row.live > 0 && !row.recorded) flag('hiddenHolds', 'approved at the gateway, unknown to the store');
    if (row.live > 1) flag('doubled', `${row.live} live approvals`);
    if (told === 'refused' && (row.recorded || row.live > 0)) flag('refusedYetCharged', 'charged');
    if (told === 'approved' && !row.recorded) flag('approvedNotRecorded', 'no payment in the store');
    if (row.status === 'pending') flag('unsettled', 'still pending');
    if (row.voided > 0 && !row.recorded) report.voidedAfterLostAnswer += 1;
    if (told === 'no answer' && row.recorded) report.unansweredRecorded += 1;
  }
  return report;
}

const SAVED_CARD_SHOPPERS_PER_ROUND = 3;
const GOOGLE_PAY_SHOPPERS_PER_ROUND = 3;

/**
 * Shoppers ready to pay: customers with a saved card (each from an address of its own) and Google Pay
 * tokens from the sandbox wallet. Each entry pays once when called and notes what the shopper was told.
 */
async function prepareShoppers(
  store: ChildServer,
  gatewayUrl: string,
  round: number,
  outcomes: Map<string, ShopperOutcome>,
): Promise<(() => Promise<void>)[]> {
  const told = async (orderId: string, answer: Promise<{ status: number }>) => {
    outcomes.set(orderId, 'no answer');
    try {
      outcomes.set(orderId, (await answer).status === 200 ? 'approved' : 'refused');
    } catch {
      // The store was killed before it answered.
    }
  };
  const payments: (() => Promise<void>)[] = [];
  const shoppers = shoppersAt(store);
  for (let index = 0; index < SAVED_CARD_SHOPPERS_PER_ROUND; index += 1) {
    const shopper = await shoppers.register({
      name: `Chaos Shopper ${round}.${index}`,
      email: `chaos-${round}-${index}-${Date.now()}@example.com`,
      address: `10.${round % 250}.${index}.1`,
    });
    const card = await shoppers.saveCard(shopper);
    payments.push(() => {
      const orderId = createOrderId('card');
      return told(orderId, shoppers.pay(shopper, card.id, { orderId }));
    });
  }
  for (let index = 0; index < GOOGLE_PAY_SHOPPERS_PER_ROUND; index += 1) {
    const token = await googlePayToken(gatewayUrl);
    payments.push(() => {
      const orderId = createOrderId('googlepay');
      const headers = { 'x-forwarded-for': `10.${round % 250}.100.${index + 1}` };
      return told(orderId, shoppers.payWithGooglePay(token, orderId, headers));
    });
  }
  return payments;
}

/** A Google Pay token for the sandbox's approving VISA, as Google's sheet hands it to the page. */
export async function googlePayToken(gatewayUrl: string): Promise<string> {
  const sheet = await fetch(`${gatewayUrl}/sandbox-wallet/google-pay/payment-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      cardId: 'visa',
      paymentDataRequest: {
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [
          {
            type: 'CARD',
            parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA'] },
            tokenizationSpecification: {
              type: 'PAYMENT_GATEWAY',
              parameters: { gateway: 'cardconnect', gatewayMerchantId: SANDBOX_CREDENTIALS.merchantId },
            },
          },
        ],
        transactionInfo: {
          totalPriceStatus: 'FINAL',
          totalPrice: ONE_REAM_TOTAL.toFixed(2),
          currencyCode: 'USD',
        },
      },
    }),
  });
  if (!sheet.ok) throw new Error(`Google Pay sheet: ${sheet.status}`);
  const data = (await sheet.json()) as { paymentMethodData: { tokenizationData: { token: string } } };
  return data.paymentMethodData.tokenizationData.token;
}

/** Compares every payment with the gateway's records of it and of its refunds. */
export async function compareWithGateway(
  database: Database,
): Promise<Omit<ChaosReport, 'rounds' | 'shoppers'>> {
  const { rows } = await database.sql.query<{
    order_id: string;
    capture_status: string;
    captured_cents: number;
    refunded_cents: number;
    gateway_captured_cents: number;
    gateway_voided: boolean;
    gateway_refunded_cents: number;
    gateway_refunds: number;
    store_captures: number;
    store_refunds: number;
    store_pending: number;
    store_scheduled_cents: number;
  }>(
    `select p.order_id, p.capture_status, p.captured_cents, p.refunded_cents,
       g.captured_cents as gateway_captured_cents, g.voided_at is not null as gateway_voided,
       coalesce(r.cents, 0)::int as gateway_refunded_cents, coalesce(r.count, 0)::int as gateway_refunds,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as store_captures,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as store_refunds,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.status = 'pending') as store_pending,
       (select coalesce(sum(o.amount_cents), 0)::int from money_operations o
         where o.payment_id = p.id and o.status = 'scheduled') as store_scheduled_cents
     from payments p
     join sandbox_gateway.transactions g on g.retref = p.retref
     left join (
       select parent_retref, sum(amount_cents) as cents, count(*) as count
       from sandbox_gateway.transactions
       where kind = 'refund' and respstat = 'A' and voided_at is null
       group by parent_retref
     ) r on r.parent_retref = p.retref`,
  );
  const details: string[] = [];
  let stuck = 0;
  let mismatched = 0;
  let doubled = 0;
  let scheduled = 0;
  for (const row of rows) {
    // A refund waiting for settlement (one whose request never reached the gateway before the capture
    // settled) is reserved in the store's refunded amount and not yet at the gateway: counted apart.
    if (row.store_scheduled_cents > 0) scheduled += 1;
    if (row.store_pending > 0) {
      stuck += 1;
      details.push(`${row.order_id}: ${row.store_pending} operation(s) still unconfirmed`);
    }
    const voided = row.capture_status === 'voided';
    if (
      row.captured_cents !== row.gateway_captured_cents ||
      voided !== row.gateway_voided ||
      row.refunded_cents - row.store_scheduled_cents !== row.gateway_refunded_cents
    ) {
      mismatched += 1;
      details.push(
        `${row.order_id}: store captured ${row.captured_cents}, refunded ${row.refunded_cents}, ${row.capture_status}; ` +
          `gateway captured ${row.gateway_captured_cents}, refunded ${row.gateway_refunded_cents}, ${row.gateway_voided ? 'voided' : 'not voided'}`,
      );
    }
    if (row.store_captures > 1 || row.store_refunds !== row.gateway_refunds) {
      doubled += 1;
      details.push(
        `${row.order_id}: ${row.store_captures} captures; ${row.store_refunds} refunds in the store, ${row.gateway_refunds} at the gateway`,
      );
    }
  }
  return { payments: rows.length, stuck, mismatched, doubled, scheduled, details };
}

/** The money calls an operator might be making when the fault strikes, in random order and at once. */
async function operatorCalls(store: ChildServer, database: Database, cookie: string): Promise<number> {
  const { rows } = await database.sql.query<{ id: string; capture_status: string; captured_cents: number }>(
    `select id, capture_status, captured_cents - refunded_cents as captured_cents from payments
     where capture_status in ('authorized', 'captured', 'partially_captured')`,
  );
  const calls: Promise<unknown>[] = [];
  const send = (path: string, body: unknown, key: string) =>
    calls.push(
      postJson(store.url, path, body, { cookie, headers: { 'idempotency-key': key } }).catch(() => undefined),
    );
  for (const payment of rows) {
    const pick = Math.random();
    if (payment.capture_status === 'authorized') {
      if (pick < 0.3) {
        send(
          '/api/admin/capture-payment',
          { payment: { paymentId: payment.id, amount: '50.00', originalAmount: '68.20' } },
          `partial-${payment.id}`,
        );
      } else if (pick < 0.45) {
        send('/api/admin/void-payment', { payment: { paymentId: payment.id } }, `void-${payment.id}`);
      }
    } else if (payment.captured_cents >= 500 && pick < 0.6) {
      const key = `refund-${payment.id}-${payment.captured_cents}`;
      send('/api/admin/refund', { transaction: { paymentId: payment.id }, amount: '5.00' }, key);
    }
  }
  send('/api/admin/capture-all', {}, `capture-all-${Date.now()}`);
  return calls.length;
}

/**
 * Runs `rounds` rounds against a fresh database made from `adminDatabaseUrl`: each adds payments, sends
 * the operator's calls, strikes (a SIGKILL at a random moment, or a gateway that stops answering or
 * answers 500), heals, and waits until the store's books are consistent again.
 */
export async function runChaos(options: {
  adminDatabaseUrl: string;
  rounds: number;
  onRound?: (report: RoundReport) => void;
  /** Called with the database once the books have been compared, before it is dropped (tests). */
  inspect?: (database: Database) => Promise<void>;
}): Promise<ChaosReport> {
  const database = await createPostgresTestDatabase(options.adminDatabaseUrl);
  const gateway = await startChildServer(
    'packages/sandbox-gateway/src/main.ts',
    // A merchant that takes refunds of unsettled captures: refunds are sent at once, not scheduled.
    { DATABASE_URL: database.url!, SANDBOX_UNSETTLED_REFUNDS: 'true' },
    '/cardconnect/rest',
  );
  const proxy = await faultyGateway(gateway.url, { latencyMs: 25 });
  const storeEnvironment = cardPointeStoreEnvironment({
    databaseUrl: database.url!,
    gatewayUrl: proxy.url,
    gatewayTimeoutMs: GATEWAY_TIMEOUT_MS,
    reconcileAfterMs: RECONCILE_AFTER_MS,
  });
  const direct = standaloneSandboxClient(gateway.url);
  let store: ChildServer | undefined;
  const rounds: RoundReport[] = [];
  const outcomes = new Map<string, ShopperOutcome>();
  const shopping: Promise<void>[] = [];
  try {
    store = await startChildServer('apps/server/src/main.ts', storeEnvironment, '/api/health');
    for (let round = 1; round <= options.rounds; round += 1) {
      const fault = FAULTS[(round - 1) % FAULTS.length]!;
      await seedAuthorizedPayments(database, direct, PAYMENTS_PER_ROUND);
      const cookie = await adminCookie(store.url);
      const shoppers = await prepareShoppers(store, gateway.url, round, outcomes);
      if (fault !== 'killed') proxy.fault = fault === 'gateway silent' ? 'silent' : '500';
      shopping.push(...shoppers.map((pay) => pay()));
      const requests = await operatorCalls(store, database, cookie);
      if (fault === 'killed') {
        // Strike while money calls are in flight: once an operation is reserved and a shopper's payment
        // recorded, both awaiting the gateway, at a random moment within the next 150 ms (the gateway
        // answers after 25 ms: some authorizations are approved there, their answers not yet recorded).
        const waitUntil = Date.now() + 2_000;
        while (Date.now() < waitUntil) {
          const { rows } = await database.sql.query<{ operations: number; requests: number }>(
            `select (select count(*)::int from money_operations where status = 'pending') as operations,
                    (select count(*)::int from payment_requests
                      where status = 'pending' and authorized_by = 'store') as requests`,
          );
          if (rows[0]!.operations > 0 && rows[0]!.requests > 0) break;
          await pause(5);
        }
        await pause(Math.random() * 150);
      } else {
        await pause(GATEWAY_TIMEOUT_MS + 500);
      }
      if (fault === 'killed') {
        await store.stop('SIGKILL');
        store = undefined;
      }
      const unconfirmedAtFault = await pendingOperations(database);
      proxy.fault = 'none';
      const healedAt = Date.now();
      store ??= await startChildServer('apps/server/src/main.ts', storeEnvironment, '/api/health');
      while ((await pendingOperations(database)) > 0 && Date.now() - healedAt < CONSISTENT_WITHIN_MS) {
        await pause(200);
      }
      const report = {
        round,
        fault,
        requests,
        shopperPayments: shoppers.length,
        unconfirmedAtFault,
        secondsToConsistent: (Date.now() - healedAt) / 1000,
      };
      rounds.push(report);
      options.onRound?.(report);
    }
    // Let any answer still on its way land before the books are compared.
    await Promise.all(shopping);
    await pause(GATEWAY_TIMEOUT_MS);
    const report = {
      rounds,
      ...(await compareWithGateway(database)),
      shoppers: await compareShopperPayments(database, outcomes),
    };
    await options.inspect?.(database);
    return report;
  } finally {
    await store?.stop('SIGKILL');
    await proxy.close();
    await gateway.stop();
    await database.close();
  }
}
