import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminSessionLapse,
  endAdminSession,
  offerInPlaceSignIn,
  readAdminSession,
  saveAdminSession,
} from '../../../lib/admin-session';
import { recordActivity, rememberIdleLimit, startActivityTracking } from './activity';
import { adminPost } from './admin-post';

const IDLE_HEADER = 'x-console-idle-ms';
const MINUTE = 60_000;

function answer(status: number, body: unknown = { status: 'success' }): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The console calls' headers, as the browser would send them. */
function headersOf(fetchMock: ReturnType<typeof vi.fn>, call = -1): Record<string, string> {
  const init = fetchMock.mock.calls.at(call)?.[1] as RequestInit;
  return init.headers as Record<string, string>;
}

describe('what each console call tells the server of its person', () => {
  const fetchMock = vi.fn();
  let stopTracking: (() => void) | undefined;
  let days = 0;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Each test a day after the last one's activity (the clock of activity never goes back).
    days += 1;
    vi.setSystemTime(Date.now() + days * 24 * 60 * MINUTE);
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(answer(200)));
  });

  afterEach(() => {
    stopTracking?.();
    stopTracking = undefined;
    rememberIdleLimit(null);
    endAdminSession('signed-out');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says nothing where no console page tracks activity: the server counts the call as activity', async () => {
    await adminPost('/api/admin/session', undefined, { method: 'GET' });
    expect(headersOf(fetchMock)).not.toHaveProperty(IDLE_HEADER);
  });

  it('says how long the person has been idle, so that lists refreshing by themselves keep nobody signed in', async () => {
    stopTracking = startActivityTracking();
    await adminPost('/api/admin/list-pending-payments', {});
    expect(headersOf(fetchMock)[IDLE_HEADER]).toBe('0');

    vi.advanceTimersByTime(5 * MINUTE);
    await adminPost('/api/admin/list-pending-payments', {}, { idempotencyKey: 'key-1' });
    expect(headersOf(fetchMock)).toMatchObject({
      [IDLE_HEADER]: String(5 * MINUTE),
      'Idempotency-Key': 'key-1',
    });

    recordActivity();
    vi.advanceTimersByTime(1_500);
    await adminPost('/api/admin/list-pending-payments', {});
    expect(headersOf(fetchMock)[IDLE_HEADER]).toBe('1500');
  });

  it('takes no made-up event for a person', async () => {
    stopTracking = startActivityTracking();
    vi.advanceTimersByTime(MINUTE);
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('pointerdown'));
    await adminPost('/api/admin/list-pending-payments', {});
    expect(headersOf(fetchMock)[IDLE_HEADER]).toBe(String(MINUTE));
  });

  it('asks for the password over the page on a 401, and calls made meanwhile wait for it', async () => {
    saveAdminSession('ops');
    stopTracking = startActivityTracking();
    const withdraw = offerInPlaceSignIn();
    try {
      fetchMock.mockImplementationOnce(() =>
        Promise.resolve(answer(401, { message: 'Authentication required' })),
      );
      await expect(adminPost('/api/admin/refund', {}, { idempotencyKey: 'k' })).rejects.toMatchObject({
        status: 401,
      });
      expect(adminSessionLapse()).toBe('ended');
      expect(readAdminSession()).toBe('ops');

      const waiting = adminPost<{ status: string }>('/api/admin/list-pending-payments', {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      saveAdminSession('ops');
      await expect(waiting).resolves.toEqual({ status: 'success' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      withdraw();
    }
  });

  it('names the idle limit as the reason when a 401 comes at it', async () => {
    saveAdminSession('ops');
    stopTracking = startActivityTracking();
    rememberIdleLimit(15 * 60);
    const withdraw = offerInPlaceSignIn();
    try {
      vi.advanceTimersByTime(15 * MINUTE - 3_000);
      fetchMock.mockImplementationOnce(() => Promise.resolve(answer(401)));
      await expect(adminPost('/api/admin/list-pending-payments', {})).rejects.toMatchObject({ status: 401 });
      expect(adminSessionLapse()).toBe('idle');
      // Signing out instead fails the calls that waited.
      const waiting = adminPost('/api/admin/list-pending-payments', {});
      endAdminSession('signed-out');
      await expect(waiting).rejects.toMatchObject({ status: 401 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      withdraw();
    }
  });

  it('lapses at the first activity past the limit, however late the page looked', () => {
    saveAdminSession('ops');
    stopTracking = startActivityTracking();
    rememberIdleLimit(15 * 60);
    const withdraw = offerInPlaceSignIn();
    try {
      vi.advanceTimersByTime(20 * MINUTE);
      recordActivity();
      expect(adminSessionLapse()).toBe('idle');
    } finally {
      withdraw();
    }
  });
});
