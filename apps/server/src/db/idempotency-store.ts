import { and, eq, lt } from 'drizzle-orm';
import type { Orm } from './client';
import { idempotencyKeys } from './schema';

/** Idempotency-Key claims and the answers stored for retries (see `http/idempotency.ts`). */

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; code: number; body: string }
  | { state: 'in_progress' }
  | { state: 'mismatch' };

/**
 * Claims an Idempotency-Key for one request. The first claim wins; a replay gets the stored answer; the
 * same key with another body is a mismatch; a claim left in progress longer than `staleAfterMs` (its server
 * died) may be taken over.
 */
export async function claimIdempotencyKey(
  orm: Orm,
  input: { scope: string; key: string; fingerprint: string; staleAfterMs: number },
): Promise<IdempotencyClaim> {
  const inserted = await orm
    .insert(idempotencyKeys)
    .values({ scope: input.scope, key: input.key, fingerprint: input.fingerprint, status: 'in_progress' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { state: 'claimed' };
  const existing = (
    await orm
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)))
      .limit(1)
  )[0];
  if (!existing) return claimIdempotencyKey(orm, input);
  if (existing.fingerprint !== input.fingerprint) return { state: 'mismatch' };
  if (existing.status === 'done')
    return { state: 'replay', code: existing.responseCode ?? 200, body: existing.responseBody ?? '' };
  const staleBefore = new Date(Date.now() - input.staleAfterMs);
  if (existing.lockedAt < staleBefore) {
    const taken = await orm
      .update(idempotencyKeys)
      .set({ lockedAt: new Date() })
      .where(
        and(
          eq(idempotencyKeys.scope, input.scope),
          eq(idempotencyKeys.key, input.key),
          eq(idempotencyKeys.status, 'in_progress'),
          lt(idempotencyKeys.lockedAt, staleBefore),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { state: 'claimed' };
  }
  return { state: 'in_progress' };
}

export async function storeIdempotentAnswer(
  orm: Orm,
  input: { scope: string; key: string; code: number; body: string },
): Promise<void> {
  await orm
    .update(idempotencyKeys)
    .set({ status: 'done', responseCode: input.code, responseBody: input.body })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
}

export async function refreshIdempotencyClaim(
  orm: Orm,
  input: { scope: string; key: string },
): Promise<void> {
  await orm
    .update(idempotencyKeys)
    .set({ lockedAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.scope, input.scope),
        eq(idempotencyKeys.key, input.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}

/** Stored answers are kept a day: long enough for any retry, not for ever. */
export async function deleteIdempotencyKeysBefore(orm: Orm, before: Date): Promise<void> {
  await orm.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

/** Forgets a claim whose request ended without a final answer, so that a retry runs again. */
export async function releaseIdempotencyKey(orm: Orm, input: { scope: string; key: string }): Promise<void> {
  await orm
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, input.scope),
        eq(idempotencyKeys.key, input.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}
