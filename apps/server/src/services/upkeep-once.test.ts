import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import {
  authorizedPayment,
  capturedPayment,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../testing/test-server';
import { runHousekeeping, runMaintenance } from './upkeep';

describe.each(testDatabaseKinds())(
  "upkeep's gateway calls are made once across servers, on $name",
  (kind) => {
    const server = useTestServer(kind);
    const admin = useAdminSession(server);

    /** One server's upkeep: the shared database, and a count of every gateway call it makes. */
    function upkeepServer(holder: string) {
      const counted = { calls: 0 };
      const gateway = new Proxy(server.gateway, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (typeof value !== 'function' || property === 'hostedPaymentUrl') return value;
          return (...args: unknown[]) => {
            counted.calls += 1;
            return (value as (...all: unknown[]) => unknown).apply(target, args);
          };
        },
      }) as PaymentGateway;
      const deps = {
        orm: server.database.orm,
        gateway,
        publicUrl: server.config.publicUrl,
        upkeepHolder: holder,
      };
      return {
        counted,
        housekeeping: () => runHousekeeping(deps),
        maintenance: () => runMaintenance(deps, { reconcileAfterMs: 0 }),
      };
    }

    it('asks the gateway from one server of two per turn, and the other takes over when the turn lapses', async () => {
      // Work that asks the gateway: an authorization to compare with its records, a capture awaiting settlement.
      await authorizedPayment(server);
      await capturedPayment(server, admin.cookie);
      await server.database.sql.query('delete from upkeep_leases');
      await server.database.sql.query('update payments set gateway_checked_at = null');
      const [first, second] = [upkeepServer('server-a'), upkeepServer('server-b')];
      await Promise.all([first.housekeeping(), second.housekeeping()]);
      const callers = [first, second].filter((each) => each.counted.calls > 0);
      expect(callers).toHaveLength(1);
      const [holder] = callers;
      const other = holder === first ? second : first;

      // Within the turn, the other server asks nothing, however often it runs.
      await other.housekeeping();
      await other.housekeeping();
      expect(other.counted.calls).toBe(0);

      // The first server stops: once its turn lapses, the other one does the work.
      await server.database.sql.query("update upkeep_leases set leased_until = now() - interval '1 second'");
      await server.database.sql.query('update payments set gateway_checked_at = null');
      await other.housekeeping();
      expect(other.counted.calls).toBeGreaterThan(0);
    });

    it('reconciles on one server at a time, and gives the turn back when done', async () => {
      const [first, second] = [upkeepServer('server-c'), upkeepServer('server-d')];
      await server.database.sql.query('delete from upkeep_leases');
      // Another server is reconciling right now: this one leaves it to it.
      await server.database.sql.query(
        "insert into upkeep_leases (name, holder, leased_until) values ('reconciliation', 'server-c', now() + interval '1 minute')",
      );
      await second.maintenance();
      const { rows: held } = await server.database.sql.query<{ holder: string }>(
        "select holder from upkeep_leases where name = 'reconciliation'",
      );
      expect(held).toEqual([{ holder: 'server-c' }]);
      await server.database.sql.query("delete from upkeep_leases where name = 'reconciliation'");
      await first.maintenance();
      // Its pass over, it holds the turn no more (this store's own upkeep may have taken it since).
      const { rows: after } = await server.database.sql.query<{ holder: string }>(
        "select holder from upkeep_leases where name = 'reconciliation'",
      );
      expect(after.map((row) => row.holder)).not.toContain('server-c');
    });
  },
);
