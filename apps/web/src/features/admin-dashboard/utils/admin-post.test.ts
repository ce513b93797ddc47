import { describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS } from '../../../config/payment';
import { adminCallTimeoutMs } from './admin-post';
import { CAPTURE_ALL_TIMEOUT_MS, MONEY_CALL_TIMEOUT_MS } from './polling';

describe('how long an admin call waits', () => {
  it('waits for a money call longer than the server can take: three gateway calls of 30 s', () => {
    expect(adminCallTimeoutMs({ idempotencyKey: 'k' })).toBe(MONEY_CALL_TIMEOUT_MS);
    expect(MONEY_CALL_TIMEOUT_MS).toBeGreaterThan(3 * 30_000);
    expect(MONEY_CALL_TIMEOUT_MS).toBeGreaterThan(API_TIMEOUT_MS);
  });

  it('keeps a timeout given, and the default for other calls', () => {
    expect(adminCallTimeoutMs({ idempotencyKey: 'k', timeoutMs: CAPTURE_ALL_TIMEOUT_MS })).toBe(
      CAPTURE_ALL_TIMEOUT_MS,
    );
    expect(adminCallTimeoutMs({})).toBeUndefined();
    expect(adminCallTimeoutMs({ timeoutMs: 10_000 })).toBe(10_000);
  });
});
