import type { GatewayConfig, SettlementSchedule } from './gateway-config';
import type { GatewayStore } from './store';

/** The latest cut-off at or before `now`: everything captured up to it is settled. */
export function latestCutoff(schedule: SettlementSchedule, now: Date): Date {
  if ('everyMinutes' in schedule) {
    const period = schedule.everyMinutes * 60_000;
    return new Date(Math.floor(now.getTime() / period) * period);
  }
  const [hours, minutes] = schedule.dailyAt.split(':').map(Number) as [number, number];
  const cutoff = new Date(now);
  cutoff.setHours(hours, minutes, 0, 0);
  if (cutoff.getTime() > now.getTime()) cutoff.setDate(cutoff.getDate() - 1);
  return cutoff;
}

/** When the merchant's captures settle: at the schedule's cut-off, or at once by the sandbox's control calls. */
export class Settlement {
  constructor(
    private readonly store: GatewayStore,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * Settles what the latest cut-off has made due. Run before every call whose answer depends on
   * settlement, so the sandbox needs no timer and a test clock moves settlement with it.
   */
  async settleDue(now: Date): Promise<void> {
    await this.store.settle(this.config.merchantId, latestCutoff(this.config.settlement, now), now);
  }

  /**
   * Closes the batches now, whatever the schedule (the sandbox's control call): a card batch and a bank
   * account batch, each only when it has transactions.
   */
  async settleNow(): Promise<{
    batchId: string | null;
    count: number;
    batches: { batchId: string; count: number }[];
  }> {
    const now = this.config.now();
    return this.store.settle(this.config.merchantId, now, now);
  }

  /**
   * Moves everything settled so far `days` days back (the sandbox's control call), so that tests and
   * demonstrations running on the real clock see deposits, ACH returns and chargebacks without waiting.
   */
  backdateSettlement(days: number, batchIds?: string[]): Promise<number> {
    return this.store.backdateSettled(this.config.merchantId, days, batchIds);
  }
}
