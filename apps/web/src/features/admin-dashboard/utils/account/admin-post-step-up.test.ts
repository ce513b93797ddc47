import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPost } from '../admin-post';
import { secondFactorPrompt } from './second-factor-prompt';

const STEP_UP_ANSWER = { status: 'error', error: 'step_up_required', message: STAFF_FACTOR_MESSAGES.stepUp };

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake fetch answering each call in turn; what was sent is kept. */
function fakeFetch(...answers: Response[]) {
  const sent: { url: string; body: unknown; key: string | null }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url, body: JSON.parse(String(init.body)), key: headers.get('Idempotency-Key') });
    return answers.shift()!;
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

/** A page that can ask, answering the question as the person would. */
function personWho(confirms: boolean) {
  const withdraw = secondFactorPrompt.offer();
  const stop = secondFactorPrompt.subscribe(() => {
    if (secondFactorPrompt.current() === 'step-up') queueMicrotask(() => secondFactorPrompt.answer(confirms));
  });
  return () => {
    stop();
    withdraw();
  };
}

let leave: (() => void) | undefined;
afterEach(() => {
  leave?.();
  leave = undefined;
  vi.unstubAllGlobals();
});

describe('a money call asked to prove the second factor again (decision 059)', () => {
  it('is sent again once confirmed, with the same body and Idempotency-Key', async () => {
    const sent = fakeFetch(
      answer(403, STEP_UP_ANSWER),
      answer(200, { status: 'success', message: 'Captured' }),
    );
    leave = personWho(true);
    const body = { payment: { paymentId: 'p-1', orderId: 'ORD-1' } };
    await expect(adminPost('/api/admin/capture-payment', body, { idempotencyKey: 'key-1' })).resolves.toEqual(
      { status: 'success', message: 'Captured' },
    );
    expect(sent).toEqual([
      { url: '/api/admin/capture-payment', body, key: 'key-1' },
      { url: '/api/admin/capture-payment', body, key: 'key-1' },
    ]);
  });

  it("fails with the store's message when the person cancels", async () => {
    const sent = fakeFetch(answer(403, STEP_UP_ANSWER));
    leave = personWho(false);
    await expect(
      adminPost('/api/admin/refund', { amount: 5 }, { idempotencyKey: 'key-2' }),
    ).rejects.toMatchObject({ status: 403, serverMessage: STAFF_FACTOR_MESSAGES.stepUp });
    expect(sent).toHaveLength(1);
  });
});
