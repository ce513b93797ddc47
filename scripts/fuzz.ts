// Fuzzes the store from its published API contract: `npm run fuzz` (FUZZ_RUNS, default 10,000; FUZZ_SEED to
// replay a run; FUZZ_DATABASE_URL for PostgreSQL instead of a fresh embedded database).
import { fuzzStore } from '../apps/server/src/runs/fuzz';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const databaseUrl = process.env.FUZZ_DATABASE_URL;
console.info(
  `Fuzzing the store: ${runs} requests, seed ${seed} (replay with FUZZ_SEED=${seed}), ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
);
const started = Date.now();
const report = await fuzzStore({
  runs,
  seed,
  databaseUrl,
  onProgress: (sent) => console.info(`  ${sent} sent`),
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.info(`\nSent ${report.sent} requests in ${seconds} s. Answers by status:`);
for (const [status, count] of Object.entries(report.byStatus).sort()) console.info(`  ${status}: ${count}`);
const fiveHundreds = Object.entries(report.byStatus)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
console.info(`5xx answers: ${fiveHundreds}`);
console.info(
  `Store memory: ${report.memoryMiB.warm.toFixed(0)} MiB warm, ${report.memoryMiB.end.toFixed(0)} MiB at the end`,
);
console.info(`Store alive afterwards: ${report.alive ? 'yes' : 'NO'}`);
if (report.failure) console.error(`\nFAILED (seed ${seed}):\n${report.failure}`);
process.exit(report.failure || !report.alive ? 1 : 0);
