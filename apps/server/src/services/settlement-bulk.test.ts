import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { seedSettledPayments } from '../runs/seed-history';
import { testDatabaseKinds, useTestServer } from '../testing/test-server';
import { followSettlement, SETTLEMENT_DAYS_ASKED, SETTLEMENT_RECHECK_MS } from './money/settlement';

describe.each(testDatabaseKinds())('settlement is followed in bulk, on $name', (kind) => {
  const server = useTestServer(kind);

  /** One server's upkeep: the shared database, its own count of the gateway calls it makes. */
  function upkeepServer() {
    const calls = { byDay: 0, byPayment: 0 };
    const gateway: PaymentGateway = {
      ...server.gateway,
      inquire: (retref) => {
        calls.byPayment += 1;
        return server.gateway.inquire(retref);
      },
      settlementStatus: (day) => {
        calls.byDay += 1;
        return server.gateway.settlementStatus(day);
      },
    };
    return {
      calls,
      follow: (now: Date) => followSettlement({ orm: server.database.orm, gateway }, { now, limit: 50 }),
    };
  }

  it('costs a few calls a day for 1,000 captures on two servers: one per day asked, none per payment', async () => {
    await seedSettledPayments(server.database.sql, 1000, { awaitingSettlement: true });
    const [first, second] = [upkeepServer(), upkeepServer()];
    const now = new Date();
    await Promise.all([first.follow(now), second.follow(now)]);
    const byDay = first.calls.byDay + second.calls.byDay;
    expect(byDay).toBeGreaterThanOrEqual(1);
    // Today (and yesterday, when the seeded captures straddle midnight): each day by one server only.
    expect(byDay).toBeLessThanOrEqual(2);
    expect(first.calls.byPayment + second.calls.byPayment).toBe(0);

    // Within the hour, neither server asks again.
    await Promise.all([
      first.follow(new Date(now.getTime() + 60_000)),
      second.follow(new Date(now.getTime() + 60_000)),
    ]);
    expect(first.calls.byDay + second.calls.byDay).toBe(byDay);

    // A day of hourly passes on both servers: at most one call per day asked per hour, whatever the volume.
    for (let hour = 1; hour <= 24; hour += 1) {
      const at = new Date(now.getTime() + hour * SETTLEMENT_RECHECK_MS + 1000);
      await Promise.all([first.follow(at), second.follow(at)]);
    }
    const perDay = first.calls.byDay + second.calls.byDay;
    expect(perDay).toBeLessThanOrEqual(byDay + 24 * SETTLEMENT_DAYS_ASKED);
    // None of the seeded payments exists at the gateway, so none settled; none was asked about alone either,
    // until its days were past (the last hours of this day reach the third day after the captures).
    const { rows } = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from payments where capture_status = 'captured'",
    );
    expect(Number(rows[0]!.count)).toBe(1000);
  });
});
