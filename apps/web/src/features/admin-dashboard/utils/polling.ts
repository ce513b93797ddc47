/** The admin lists refresh this often (product §4, §9). */
export const ADMIN_POLL_MS = 5000;

/** How long the refund dialog shows its outcome before closing (product §9). */
export const REFUND_RESULT_MS = 3000;
export const DEMO_REFUND_RESULT_MS = 5000;

/** Capture All can take a while with many payments: wait this long for its answer. */
export const CAPTURE_ALL_TIMEOUT_MS = 10 * 60 * 1000;
