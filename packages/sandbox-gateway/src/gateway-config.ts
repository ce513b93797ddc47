/**
 * When captured transactions are settled: daily at the merchant's cut-off (local time, "HH:MM"), or every
 * N minutes for demonstrations. A batch can also be closed at once (the sandbox's control call).
 */
export type SettlementSchedule = { dailyAt: string } | { everyMinutes: number };

/** How the sandbox's merchant is set up, and the gateway's clock. */
export interface GatewayConfig {
  merchantId: string;
  now: () => Date;
  timeoutCardDelayMs: number;
  settlement: SettlementSchedule;
  /** The merchant is set up to refund captures that are not settled yet (off at CardPointe by default). */
  unsettledRefunds: boolean;
}
