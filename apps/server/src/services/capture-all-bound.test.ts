import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { seedAuthorizedPayments } from '../runs/seed-payments';
import { testDatabaseKinds, useTestServer } from '../testing/test-server';
import { DEFAULT_CAPTURE_ALL_CONCURRENCY } from '../config';
import { captureAll } from './money/capture-all';

/** The gateway, with each capture held 20 ms and counted while in flight. */
function countingGateway(gateway: PaymentGateway) {
  const seen = { inFlight: 0, most: 0, calls: 0 };
  const counting: PaymentGateway = {
    ...gateway,
    capture: async (request) => {
      seen.calls += 1;
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await gateway.capture(request);
      } finally {
        seen.inFlight -= 1;
      }
    },
  };
  return { counting, seen };
}

describe('Capture All keeps a bounded number of captures in flight', () => {
  it('is set by CAPTURE_ALL_CONCURRENCY, 32 unless set, and refuses a bound outside 1 to 100', () => {
    expect(DEFAULT_CAPTURE_ALL_CONCURRENCY).toBe(32);
    expect(loadConfig({}).captureAllConcurrency).toBe(32);
    expect(loadConfig({ CAPTURE_ALL_CONCURRENCY: '8' }).captureAllConcurrency).toBe(8);
    expect(() => loadConfig({ CAPTURE_ALL_CONCURRENCY: '0' })).toThrow(
      'CAPTURE_ALL_CONCURRENCY must be between 1 and 100',
    );
    expect(() => loadConfig({ CAPTURE_ALL_CONCURRENCY: 'many' })).toThrow(
      'CAPTURE_ALL_CONCURRENCY must be a number',
    );
  });

  describe.each(testDatabaseKinds())('on $name', (kind) => {
    const server = useTestServer(kind);

    it('never has more captures at the gateway than the bound, and captures every payment once', async () => {
      await seedAuthorizedPayments(server.database, server.gateway, 15);
      const { counting, seen } = countingGateway(server.gateway);
      const outcome = await captureAll(
        { orm: server.database.orm, gateway: counting, captureAllConcurrency: 4 },
        'admin',
      );
      expect(outcome).toMatchObject({ successCount: 15, failureCount: 0 });
      expect(seen.calls).toBe(15);
      expect(seen.most).toBe(4);
      const { rows } = await server.database.sql.query<{ captured: number }>(
        "select count(*)::int as captured from payments where capture_status = 'captured'",
      );
      expect(rows[0]?.captured).toBe(15);
    });
  });
});
