import { vi } from 'vitest';

/**
 * Runs `attempts` with the store's clock (`Date`, in this process) standing still, then lets it run again.
 * For tests that expect a short wait (a throttle's first second) to be running when their next request
 * arrives: on a busy machine, a request can take longer than the wait, which would end before it.
 */
export async function withStoreClockStill<T>(attempts: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    return await attempts();
  } finally {
    vi.useRealTimers();
  }
}
