// Kills the store at random moments during money calls, and fails its gateway, then checks its books
// against the gateway's: `npm run chaos` (CHAOS_ROUNDS, default 20). PostgreSQL: CHAOS_DATABASE_URL (a
// server where it may create a database; default postgres://postgres@127.0.0.1:5432/test).
import { runChaos } from '../apps/server/src/runs/chaos';

const rounds = Number(process.env.CHAOS_ROUNDS ?? 20);
const adminDatabaseUrl =
  process.env.CHAOS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
console.info(`Chaos: ${rounds} rounds, the store on PostgreSQL, the sandbox gateway in its own process`);
const started = Date.now();
const report = await runChaos({
  adminDatabaseUrl,
  rounds,
  onRound: (round) =>
    console.info(
      `  round ${String(round.round).padStart(2)}: ${round.fault.padEnd(14)} ${String(round.requests).padStart(3)} calls, ` +
        `${String(round.shopperPayments).padStart(2)} shopper payments, ` +
        `${String(round.unconfirmedAtFault).padStart(3)} unconfirmed at the fault, consistent ${round.secondsToConsistent.toFixed(1)} s after healing`,
    ),
});
const unconfirmed = report.rounds.reduce((sum, round) => sum + round.unconfirmedAtFault, 0);
console.info(
  `\n${report.rounds.length} rounds in ${((Date.now() - started) / 1000).toFixed(0)} s; ${report.payments} payments compared with the gateway`,
);
console.info(`unconfirmed operations left by the faults: ${unconfirmed}`);
console.info(`stuck: ${report.stuck}`);
console.info(`mismatched: ${report.mismatched}`);
console.info(`doubled: ${report.doubled}`);
console.info(
  `payments with a refund scheduled after settlement (reserved, not yet sent): ${report.scheduled}`,
);
const { shoppers } = report;
console.info(
  `shoppers' saved-card and Google Pay payments: ${shoppers.started}, ${shoppers.payments} recorded by the store (${shoppers.approved} approved, ` +
    `${shoppers.refused} refused, ${shoppers.unanswered} unanswered: ${shoppers.voidedAfterLostAnswer} voided ` +
    `by the store after a lost answer, ${shoppers.unansweredRecorded} recorded for capture before the kill)`,
);
console.info(`hidden holds: ${shoppers.hiddenHolds}`);
console.info(`refused yet charged: ${shoppers.refusedYetCharged}`);
console.info(`approved but not recorded: ${shoppers.approvedNotRecorded}`);
console.info(`doubled authorizations: ${shoppers.doubled}`);
console.info(`unsettled: ${shoppers.unsettled}`);
for (const detail of [...report.details, ...shoppers.details].slice(0, 20)) console.error(`  ${detail}`);
const shopperFaults =
  shoppers.hiddenHolds +
  shoppers.refusedYetCharged +
  shoppers.approvedNotRecorded +
  shoppers.doubled +
  shoppers.unsettled;
process.exit(report.stuck + report.mismatched + report.doubled + shopperFaults === 0 ? 0 : 1);
