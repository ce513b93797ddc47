import { DISPUTED_REFUND_WARNING } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { IdempotencyKeys, isUnsettledFailure, newIdempotencyKey } from './idempotency-keys';

function counter() {
  let next = 0;
  return () => `key-${++next}`;
}

const networkError = new ApiError('Could not reach the server.', 'network');
const unconfirmed = new ApiError('The gateway did not confirm the refund.', 'http', 502, 'The gateway…');
const refused = new ApiError('The refund cannot exceed…', 'http', 400, 'The refund cannot exceed…');

describe('IdempotencyKeys', () => {
  it('reuses the key when the same action is retried after no answer, a 502 or a 409', async () => {
    const keys = new IdempotencyKeys(counter());
    const seen: string[] = [];
    for (const error of [networkError, unconfirmed, new ApiError('busy', 'http', 409, 'busy')]) {
      await expect(
        keys.run('refund:p1:1000', async (key) => {
          seen.push(key);
          throw error;
        }),
      ).rejects.toBe(error);
    }
    await keys.run('refund:p1:1000', async (key) => void seen.push(key));
    expect(seen).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
  });

  it('makes a fresh key after a final answer, success or refusal', async () => {
    const keys = new IdempotencyKeys(counter());
    const seen: string[] = [];
    await keys.run('capture:p1:full', async (key) => void seen.push(key));
    await keys.run('capture:p1:full', async (key) => void seen.push(key));
    await expect(
      keys.run('capture:p1:full', async (key) => {
        seen.push(key);
        throw refused;
      }),
    ).rejects.toBe(refused);
    await keys.run('capture:p1:full', async (key) => void seen.push(key));
    expect(seen).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('keeps a key per action: another amount or payment is another action', async () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor('refund:p1:1000')).toBe('key-1');
    expect(keys.keyFor('refund:p1:500')).toBe('key-2');
    expect(keys.keyFor('refund:p2:1000')).toBe('key-3');
    expect(keys.keyFor('refund:p1:1000')).toBe('key-1');
  });
});

describe('isUnsettledFailure', () => {
  it('treats missing or unconfirmed answers as unsettled and refusals as final', () => {
    expect(isUnsettledFailure(networkError)).toBe(true);
    expect(isUnsettledFailure(new ApiError('garbled', 'parse', 200))).toBe(true);
    expect(isUnsettledFailure(unconfirmed)).toBe(true);
    expect(isUnsettledFailure(new ApiError('oops', 'http', 500))).toBe(true);
    expect(isUnsettledFailure(new TypeError('boom'))).toBe(true);
    expect(isUnsettledFailure(refused)).toBe(false);
    expect(isUnsettledFailure(new ApiError('gone', 'http', 401, 'Authentication required'))).toBe(false);
    expect(isUnsettledFailure(new ApiError('no', 'rejected', 200, 'no'))).toBe(false);
  });

  it("takes a disputed payment's refund warning as a final answer, unlike a busy 409", () => {
    const warning = new ApiError(DISPUTED_REFUND_WARNING, 'http', 409, DISPUTED_REFUND_WARNING, 'conflict');
    expect(isUnsettledFailure(warning)).toBe(false);
    expect(isUnsettledFailure(new ApiError('busy', 'http', 409, 'The payment is busy'))).toBe(true);
  });
});

describe('a disputed refund and its confirmation', () => {
  it('gets a fresh key for the confirmed refund, and again for a new try after the warning', async () => {
    const keys = new IdempotencyKeys(counter());
    const warning = new ApiError(DISPUTED_REFUND_WARNING, 'http', 409, DISPUTED_REFUND_WARNING, 'conflict');
    const seen: string[] = [];
    await expect(
      keys.run('refund:p1:1266', async (key) => {
        seen.push(key);
        throw warning;
      }),
    ).rejects.toBe(warning);
    await keys.run('refund:p1:1266:confirmed', async (key) => void seen.push(key));
    await keys.run('refund:p1:1266', async (key) => void seen.push(key));
    expect(seen).toEqual(['key-1', 'key-2', 'key-3']);
  });
});

describe('newIdempotencyKey', () => {
  it('is a v4 UUID, different every time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
