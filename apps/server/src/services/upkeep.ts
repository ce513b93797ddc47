import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/client';
import { tablesToVacuum, vacuumTables } from '../db/embedded-upkeep';
import { forgetOldListChanges } from '../db/list-changes';
import { deleteExpiredSessions } from '../db/session-store';
import { releaseUpkeepLease, takeUpkeepLease } from '../db/upkeep-lease-store';
import { oldestPendingStoreRequest } from '../db/open-attempts';
import { deleteIssuedTokensBefore } from '../db/token-store';
import { confirmUnverifiedPayments } from './checkout/hosted-page';
import type { CheckoutDependencies } from './checkout/orders';
import { reconcileLostAuthorizations } from './checkout/server-payments';
import { createMailSender, type MailPass, type MailSettings } from './mail/sender';
import { ISSUED_TOKEN_LIFETIME_MS } from './accounts/payment-methods';
import { forgetStaleSignInAttempts } from './accounts/throttles';
import { deleteIdempotencyKeysBefore } from '../db/idempotency-store';
import { nextReconciliationDue } from '../db/ledger-reads';
import type { OperationsDependencies } from './money/dependencies';
import { checkOpenPaymentsAtGateway } from './money/gateway-changes';
import { reconcilePendingOperations } from './money/reconciliation';
import { followFunding } from './money/funding';
import { followSettlement, sendScheduledRefunds } from './money/settlement';
import { disableUnusedStaff } from './accounts/staff';
import { sendApprovedRefundsLeftBehind } from './money/refund-approvals';

const KEEP_IDEMPOTENT_ANSWERS_MS = 24 * 60 * 60 * 1000;
/** Open authorizations compared with the gateway's records per pass: bounded work, oldest comparison first. */
const GATEWAY_CHECKS_PER_PASS = 50;

/** What upkeep works with: checkout's dependencies and the money operations' settings. */
export type UpkeepDependencies = CheckoutDependencies &
  OperationsDependencies & {
    /** Who this server is for upkeep's leases (decision 037); the process's own by default. */
    upkeepHolder?: string;
  };

/** This process, as upkeep's leases name it unless told otherwise. */
const THIS_PROCESS = randomUUID();

/**
 * How long a server keeps the turn for the gateway's part of housekeeping and for reconciliation (decision
 * 037): a little less than the minute between passes, so one server asks the gateway each minute, and
 * another takes over within a minute if it stops.
 */
const UPKEEP_LEASE_MS = 55_000;

function holderOf(deps: UpkeepDependencies): string {
  return deps.upkeepHolder ?? THIS_PROCESS;
}

/**
 * The store's periodic housekeeping, run at start and every minute on every server (each step is safe to
 * run on several at once, and the steps that ask the gateway run on one server at a time): confirm hosted-page payments whose shopper never came back, compare open
 * authorizations with the gateway's records, learn which captures have settled and send the refunds that
 * waited for it and the approved refunds a stopped server left unsent, read and reconcile the recent deposits, forget expired sessions, day-old sign-in counters
 * and day-old idempotent answers, and disable the staff accounts unused for 90 days.
 */
export async function runHousekeeping(deps: UpkeepDependencies): Promise<void> {
  // What asks the gateway is done by one server at a time (decision 037); the rest is the database's alone.
  if (await takeUpkeepLease(deps.orm, 'housekeeping', holderOf(deps), new Date(), UPKEEP_LEASE_MS)) {
    await confirmUnverifiedPayments(deps);
    await checkOpenPaymentsAtGateway(deps, { limit: GATEWAY_CHECKS_PER_PASS });
    await followSettlement(deps, { limit: GATEWAY_CHECKS_PER_PASS });
    await sendScheduledRefunds(deps, { limit: GATEWAY_CHECKS_PER_PASS });
    await sendApprovedRefundsLeftBehind(deps);
    await followFunding(deps);
  }
  const now = new Date();
  await deleteExpiredSessions(deps.orm, now);
  await forgetStaleSignInAttempts(deps.orm, now);
  await deleteIdempotencyKeysBefore(deps.orm, new Date(now.getTime() - KEEP_IDEMPOTENT_ANSWERS_MS));
  await deleteIssuedTokensBefore(deps.orm, new Date(now.getTime() - ISSUED_TOKEN_LIFETIME_MS));
  await forgetOldListChanges(deps.orm);
  await disableUnusedStaff(deps.orm, now);
}

/**
 * Everything whose answer may have been lost, `reconcileAfterMs` after it was sent: captures, voids and
 * refunds, and the payments the store authorized itself without answering the shopper.
 */
async function reconcileLostAnswers(deps: UpkeepDependencies, reconcileAfterMs: number): Promise<void> {
  // By one server at a time (decision 037): each asks the gateway about every operation it finds. The turn is
  // given back at the end, so that a server started after a crash reconciles at once.
  const holder = holderOf(deps);
  if (!(await takeUpkeepLease(deps.orm, 'reconciliation', holder, new Date(), UPKEEP_LEASE_MS))) return;
  try {
    await reconcilePendingOperations(deps, reconcileAfterMs);
    await reconcileLostAuthorizations(deps, reconcileAfterMs);
  } finally {
    await releaseUpkeepLease(deps.orm, 'reconciliation', holder);
  }
}

/** When the next lost answer falls due, if any is awaited. */
async function nextLostAnswerDue(
  deps: UpkeepDependencies,
  input: { now: Date; reconcileAfterMs: number },
): Promise<number> {
  const operation = await nextReconciliationDue(deps.orm, input);
  const request = await oldestPendingStoreRequest(
    deps.orm,
    new Date(input.now.getTime() - input.reconcileAfterMs),
  );
  return Math.min(
    operation?.getTime() ?? Infinity,
    request ? request.getTime() + input.reconcileAfterMs : Infinity,
  );
}

/** All of upkeep at once: reconciliation of what is due, then housekeeping. */
export async function runMaintenance(
  deps: UpkeepDependencies,
  options: { reconcileAfterMs: number },
): Promise<void> {
  await reconcileLostAnswers(deps, options.reconcileAfterMs);
  await runHousekeeping(deps);
}

/** How often housekeeping runs, and the longest reconciliation ever waits between two passes. */
const UPKEEP_INTERVAL_MS = 60_000;

/**
 * When the next mail pass runs: a second after one that claimed all it could (more may be waiting), else five
 * seconds after, so that a receipt leaves within seconds of its payment; a look at an empty outbox is one
 * query on its index of due messages.
 */
const MAIL_BUSY_INTERVAL_MS = 1_000;
const MAIL_IDLE_INTERVAL_MS = 5_000;

export interface Upkeep {
  /** Stops scheduling and waits for the passes still running. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and then again at the time `nextAt` names once it is over, never two at once, until
 * stopped. A failed pass is reported and tried again a minute later.
 */
function repeat(
  pass: () => Promise<void>,
  nextAt: () => Promise<number>,
  onError: (error: unknown) => void,
): Upkeep {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running = pass()
      .then(nextAt)
      .catch((error: unknown) => {
        onError(error);
        return Date.now() + UPKEEP_INTERVAL_MS;
      })
      .then((at) => {
        if (stopped) return;
        timer = setTimeout(tick, Math.max(50, at - Date.now()));
        timer.unref();
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Sends the outbox's due messages (decision 027) on a schedule of its own: a mail server that is slow or down
 * holds up neither reconciliation nor housekeeping, and neither of them the mail.
 */
function startMail(
  deps: UpkeepDependencies,
  settings: MailSettings,
  onError: (error: unknown) => void,
): Upkeep {
  const sender = createMailSender(deps, settings);
  let last: MailPass | undefined;
  const mail = repeat(
    async () => {
      last = await sender.sendDue();
    },
    async () => Date.now() + (last?.full ? MAIL_BUSY_INTERVAL_MS : MAIL_IDLE_INTERVAL_MS),
    onError,
  );
  return {
    stop: async () => {
      // First, so that a pass waiting on a mail server ends now rather than at its time-out.
      sender.close();
      await mail.stop();
    },
  };
}

/** How often the embedded database is looked at, and when a table is vacuumed (decision 038). */
const EMBEDDED_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const EMBEDDED_VACUUM_AFTER_CHANGES = 5_000;
const EMBEDDED_VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The embedded database's upkeep (decision 038): every ten minutes, each table changed by more than 5,000 rows
 * since its last analysis is vacuumed and analysed, and every table every six hours; one table at a time.
 */
export async function vacuumEmbeddedDatabase(
  sql: SqlClient,
  options: { everything: boolean; log?: (detail: object) => void },
): Promise<{ table: string; ms: number }[]> {
  const tables = await tablesToVacuum(sql);
  const due = tables.filter((table) => options.everything || table.changed > EMBEDDED_VACUUM_AFTER_CHANGES);
  const took = await vacuumTables(
    sql,
    due.map((table) => table.table),
  );
  if (took.length > 0) {
    options.log?.({
      tables: took.length,
      totalMs: took.reduce((sum, each) => sum + each.ms, 0),
      longestMs: Math.max(...took.map((each) => each.ms)),
    });
  }
  return took;
}

/**
 * Starts upkeep: housekeeping at start and every minute, and reconciliation on a schedule of its own, at
 * start and then at the moment the next unconfirmed operation falls due (`reconcileAfterMs` after it was
 * reserved), so that an answer lost in a crash is settled on time, not at the next minute, and a slow
 * housekeeping pass never holds it up. With a mail server (`mail`), the outbox is sent on a third schedule;
 * without one, messages stay in the outbox, pending, and nothing is sent.
 */
export function startUpkeep(
  deps: UpkeepDependencies,
  options: {
    reconcileAfterMs: number;
    onError: (error: unknown) => void;
    mail?: MailSettings;
    /** The embedded database (PGlite), which has no autovacuum of its own (decision 038). */
    embedded?: SqlClient;
    onVacuum?: (detail: object) => void;
  },
): Upkeep {
  const { reconcileAfterMs, onError } = options;
  let passStartedAt = new Date();
  const reconciliation = repeat(
    async () => {
      passStartedAt = new Date();
      await reconcileLostAnswers(deps, reconcileAfterMs);
    },
    async () => {
      // The pass tried what was due when it started; what fell due while it ran is due now. Those tried
      // and still unconfirmed are tried again at the latest a minute later, and an operation reserved from
      // now on falls due no sooner than reconcileAfterMs from now.
      const due = await nextLostAnswerDue(deps, { now: passStartedAt, reconcileAfterMs });
      return Math.min(Date.now() + Math.min(reconcileAfterMs, UPKEEP_INTERVAL_MS), due);
    },
    onError,
  );
  const housekeeping = repeat(
    () => runHousekeeping(deps),
    async () => Date.now() + UPKEEP_INTERVAL_MS,
    onError,
  );
  const mail = options.mail ? startMail(deps, options.mail, onError) : undefined;
  const embedded = options.embedded;
  let lastFullVacuum = Date.now();
  const vacuum = embedded
    ? repeat(
        async () => {
          const everything = Date.now() - lastFullVacuum >= EMBEDDED_VACUUM_EVERY_MS;
          await vacuumEmbeddedDatabase(embedded, { everything, log: options.onVacuum });
          if (everything) lastFullVacuum = Date.now();
        },
        async () => Date.now() + EMBEDDED_CHECK_INTERVAL_MS,
        onError,
      )
    : undefined;
  return {
    stop: async () => {
      await Promise.all([reconciliation.stop(), housekeeping.stop(), mail?.stop(), vacuum?.stop()]);
    },
  };
}
