/** The admin lists refresh this often (product §4, §9). */
export const ADMIN_POLL_MS = 5000;

/** How long the refund dialog shows its outcome before closing (product §9). */
export const REFUND_RESULT_MS = 3000;
export const DEMO_REFUND_RESULT_MS = 5000;

/**
 * A money call (one with an Idempotency-Key) waits this long for the server's answer: longer than the
 * server can take (at most three gateway calls in a row, each given up after 30 s), so the operator reads
 * the server's own answer, "not confirmed: do not do it again" included, never a guess made in the browser.
 */
export const MONEY_CALL_TIMEOUT_MS = 2 * 60 * 1000;

/** Capture All can take a while with many payments: wait this long for its answer. */
export const CAPTURE_ALL_TIMEOUT_MS = 10 * 60 * 1000;
