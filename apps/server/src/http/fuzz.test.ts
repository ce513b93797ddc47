import { describe, expect, it } from 'vitest';
import { fuzzStore } from '../runs/fuzz';

/**
 * The contract fuzz run, short: `npm run fuzz` sends 10,000 requests; CI sends 1,000 with a fixed seed
 * (FUZZ_SEED replays another), to the store in its own process on a fresh embedded database.
 */
const RUNS = Number(process.env.FUZZ_CI_RUNS ?? 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

describe('fuzzing the API from its contract', () => {
  it(`answers ${RUNS} generated hostile requests without a 5xx, a leak or another error shape (seed ${SEED})`, async () => {
    const report = await fuzzStore({ runs: RUNS, seed: SEED });
    console.info(`fuzz: seed ${SEED}, ${report.sent} requests, by status ${JSON.stringify(report.byStatus)}`);
    expect(report.failure).toBeUndefined();
    expect(report.sent).toBe(RUNS);
    expect(Object.keys(report.byStatus).filter((status) => Number(status) >= 500)).toEqual([]);
    // Refusals of every kind and answers that went through: the run reached the routes, not only the guards.
    for (const status of ['200', '400', '401', '404'])
      expect(report.byStatus[Number(status)]).toBeGreaterThan(0);
    // Every call of the customer's address book is in the document the requests are drawn from.
    expect(report.operations).toEqual(
      expect.arrayContaining([
        'GET /api/users/addresses',
        'POST /api/users/addresses',
        'PUT /api/users/addresses/{id}',
        'DELETE /api/users/addresses/{id}',
        'POST /api/users/addresses/{id}/default',
        'POST /api/admin/emails',
        'GET /api/admin/emails/{id}/html',
      ]),
    );
    expect(report.alive).toBe(true);
    expect(report.memoryMiB.end - report.memoryMiB.warm).toBeLessThan(200);
  }, 240_000);
});
