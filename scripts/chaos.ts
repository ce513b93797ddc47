// Kills the store at random moments during money calls, and fails its gateway, then checks its books
// against the gateway's: `npm run chaos` (CHAOS_ROUNDS, default 20). PostgreSQL: CHAOS_DATABASE_URL (a
// server where it may create a database; default postgres://postgres@127.0.0.1:5432/test).
import { runChaos } from '../apps/server/src/testing/chaos';

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
for (const detail of report.details.slice(0, 20)) console.error(`  ${detail}`);
process.exit(report.stuck + report.mismatched + report.doubled === 0 ? 0 : 1);
