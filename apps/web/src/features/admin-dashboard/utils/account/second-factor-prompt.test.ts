import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import {
  mustSetUpAuthenticator,
  SecondFactorPrompt,
  secondFactorNeedOf,
  withSecondFactor,
} from './second-factor-prompt';

const stepUpRefusal = () =>
  new ApiError(STAFF_FACTOR_MESSAGES.stepUp, 'http', 403, STAFF_FACTOR_MESSAGES.stepUp, 'step_up_required');
const setUpRefusal = () =>
  new ApiError(STAFF_FACTOR_MESSAGES.required, 'http', 403, STAFF_FACTOR_MESSAGES.required, 'forbidden');
const roleRefusal = () =>
  new ApiError(
    'A clerk may not refund payments',
    'http',
    403,
    'A clerk may not refund payments',
    'forbidden',
  );

/** A prompt with a page that can ask, and the question it was asked once asked. */
function promptOnPage() {
  const prompt = new SecondFactorPrompt();
  prompt.offer();
  const asked = () =>
    new Promise<string | null>((resolve) => {
      const stop = prompt.subscribe(() => {
        stop();
        resolve(prompt.current());
      });
    });
  return { prompt, asked };
}

describe('secondFactorNeedOf', () => {
  it('reads what a money call needs from its refusal', () => {
    expect(secondFactorNeedOf(stepUpRefusal())).toBe('step-up');
    expect(secondFactorNeedOf(setUpRefusal())).toBe('set-up');
    expect(secondFactorNeedOf(roleRefusal())).toBeNull();
    expect(secondFactorNeedOf(new ApiError('Could not reach the server.', 'network'))).toBeNull();
    expect(secondFactorNeedOf(new Error('step_up_required'))).toBeNull();
  });
});

describe('withSecondFactor', () => {
  it('sends the same call again once the person proved the code', async () => {
    const { prompt, asked } = promptOnPage();
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(stepUpRefusal())
      .mockResolvedValue('done');
    const question = asked();
    const result = withSecondFactor(send, prompt);
    expect(await question).toBe('step-up');
    expect(send).toHaveBeenCalledTimes(1);
    prompt.answer(true);
    await expect(result).resolves.toBe('done');
    expect(send).toHaveBeenCalledTimes(2);
    expect(prompt.current()).toBeNull();
  });

  it("fails with the store's message when the person cancels, and sends nothing more", async () => {
    const { prompt, asked } = promptOnPage();
    const refusal = stepUpRefusal();
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    const question = asked();
    const result = withSecondFactor(send, prompt);
    await question;
    prompt.answer(false);
    await expect(result).rejects.toBe(refusal);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks once for calls that need the code at the same moment, and sends each again', async () => {
    const { prompt, asked } = promptOnPage();
    const first = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(stepUpRefusal())
      .mockResolvedValue('a');
    const second = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(stepUpRefusal())
      .mockResolvedValue('b');
    const listener = vi.fn();
    const question = asked();
    const results = Promise.all([withSecondFactor(first, prompt), withSecondFactor(second, prompt)]);
    await question;
    await Promise.resolve();
    prompt.subscribe(listener);
    prompt.answer(true);
    await expect(results).resolves.toEqual(['a', 'b']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not ask for ever when the store refuses a code just proved', async () => {
    const prompt = new SecondFactorPrompt();
    prompt.offer();
    const stop = prompt.subscribe(() => {
      if (prompt.current()) queueMicrotask(() => prompt.answer(true));
    });
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(stepUpRefusal());
    await expect(withSecondFactor(send, prompt)).rejects.toBeInstanceOf(ApiError);
    expect(send).toHaveBeenCalledTimes(3);
    stop();
  });

  it('offers to set up an authenticator app and fails at once when the person has none', async () => {
    const { prompt, asked } = promptOnPage();
    const refusal = setUpRefusal();
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    const question = asked();
    await expect(withSecondFactor(send, prompt)).rejects.toBe(refusal);
    expect(await question).toBe('set-up');
    expect(send).toHaveBeenCalledTimes(1);
    prompt.answer(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('passes other refusals and successes through untouched', async () => {
    const { prompt } = promptOnPage();
    const refusal = roleRefusal();
    await expect(withSecondFactor(() => Promise.reject(refusal), prompt)).rejects.toBe(refusal);
    await expect(withSecondFactor(() => Promise.resolve(7), prompt)).resolves.toBe(7);
    expect(prompt.current()).toBeNull();
  });

  it('fails as before on a page that cannot ask', async () => {
    const prompt = new SecondFactorPrompt();
    const refusal = stepUpRefusal();
    const send = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    await expect(withSecondFactor(send, prompt)).rejects.toBe(refusal);
    expect(send).toHaveBeenCalledTimes(1);
    expect(prompt.current()).toBeNull();
  });

  it('lets the waiting calls fail when the page that asked goes', async () => {
    const prompt = new SecondFactorPrompt();
    const withdraw = prompt.offer();
    const refusal = stepUpRefusal();
    const result = withSecondFactor(() => Promise.reject(refusal), prompt);
    await Promise.resolve();
    await Promise.resolve();
    withdraw();
    await expect(result).rejects.toBe(refusal);
  });
});

describe('mustSetUpAuthenticator', () => {
  const answer = (
    secondFactorRequired: boolean,
    authenticator: { addedAt: string } | null,
    passkeys: { id: string }[] = [],
  ) => ({
    secondFactorRequired,
    security: { authenticator, passkeys },
  });

  it('is true only when the role must have a second factor and the person has none', () => {
    expect(mustSetUpAuthenticator(answer(true, null))).toBe(true);
    expect(mustSetUpAuthenticator(answer(true, { addedAt: '2026-11-28T14:00:00Z' }))).toBe(false);
    expect(mustSetUpAuthenticator(answer(false, null))).toBe(false);
    expect(mustSetUpAuthenticator(undefined)).toBe(false);
  });

  it('counts a passkey as a second factor', () => {
    expect(mustSetUpAuthenticator(answer(true, null, [{ id: 'a passkey' }]))).toBe(false);
  });
});
