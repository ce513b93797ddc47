/** The counters behind every slow-down: sign-in, and what a card tester would repeat (services/accounts/throttles.ts). */

import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Orm } from './client';
import { loginThrottle } from './schema';

export interface ThrottleKey {
  key: string;
  /** Attempts this key may make, since its last success, before each further one must wait. */
  freeAttempts: number;
  /** How long the next attempt waits, past the free ones; the caller's rule when not given. */
  delayAfter?: (excess: number) => number;
}

export type ThrottleVerdict =
  | { allowed: true; slowed: { key: string; waitMs: number }[] }
  | { allowed: false; retryAfterMs: number; refusedBy: string };

/**
 * Takes one sign-in attempt against every key, *before* the password is checked, in one transaction with
 * the keys' rows locked (in key order, so two attempts never wait on each other): parallel guesses cannot
 * slip past the limit. An attempt is refused while any key must still wait; otherwise it is counted, and a
 * key past its free attempts must wait `delayAfter(attempts beyond the free ones)` before the next one.
 */
export async function takeSignInAttempt(
  orm: Orm,
  keys: ThrottleKey[],
  options: { now: Date; forgetAfterMs: number; delayAfter: (excess: number) => number },
): Promise<ThrottleVerdict> {
  const { now } = options;
  const forgotten = now.getTime() - options.forgetAfterMs;
  const ordered = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  return orm.transaction(async (tx) => {
    const rows = [];
    for (const { key, freeAttempts, delayAfter } of ordered) {
      await tx
        .insert(loginThrottle)
        .values({ key, attempts: 0, lastAttemptAt: now, nextAllowedAt: now })
        .onConflictDoNothing();
      const row = (await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update'))[0]!;
      // A key unused for long enough starts again from nothing.
      const fresh = row.lastAttemptAt.getTime() < forgotten;
      rows.push({
        key,
        freeAttempts,
        delayAfter: delayAfter ?? options.delayAfter,
        attempts: fresh ? 0 : row.attempts,
        nextAllowedAt: fresh ? now : row.nextAllowedAt,
      });
    }
    const waits = rows.map((row) => ({ key: row.key, waitMs: row.nextAllowedAt.getTime() - now.getTime() }));
    const longest = waits.reduce((a, b) => (b.waitMs > a.waitMs ? b : a), { key: '', waitMs: 0 });
    if (longest.waitMs > 0) return { allowed: false, retryAfterMs: longest.waitMs, refusedBy: longest.key };
    const slowed: { key: string; waitMs: number }[] = [];
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const excess = attempts - row.freeAttempts;
      const delayMs = excess >= 0 ? row.delayAfter(excess) : 0;
      if (delayMs > 0) slowed.push({ key: row.key, waitMs: delayMs });
      await tx
        .update(loginThrottle)
        .set({ attempts, lastAttemptAt: now, nextAllowedAt: new Date(now.getTime() + delayMs) })
        .where(eq(loginThrottle.key, row.key));
    }
    return { allowed: true, slowed };
  });
}

/**
 * After a right password: the account-and-address keys start again from nothing; a shared key (the client
 * address) only gets back the attempt that succeeded, so that signing in to one's own account does not
 * wipe out the failures made against others from the same address.
 */
export async function recordSignInSuccess(
  orm: Orm,
  input: { resetKeys: string[]; creditKeys: string[] },
): Promise<void> {
  if (input.resetKeys.length > 0) {
    await orm.delete(loginThrottle).where(inArray(loginThrottle.key, input.resetKeys));
  }
  if (input.creditKeys.length > 0) {
    await orm
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(inArray(loginThrottle.key, input.creditKeys));
  }
}

/** Forgets counters unused for longer than they are remembered. */
export async function deleteStaleThrottleKeys(orm: Orm, before: Date): Promise<void> {
  await orm.delete(loginThrottle).where(lt(loginThrottle.lastAttemptAt, before));
}
