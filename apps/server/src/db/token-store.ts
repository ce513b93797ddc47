import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Orm } from './client';
import { issuedTokens } from './schema';

/** Notes that the store's tokenize-proxy gave this token to this customer in this session. */
export async function recordIssuedToken(
  orm: Orm,
  token: { tokenDigest: string; customerId: string; sessionDigest: string },
): Promise<void> {
  // CardSecure answers the same token for the same card: entering it again issues it again.
  await orm
    .insert(issuedTokens)
    .values(token)
    .onConflictDoUpdate({
      target: issuedTokens.tokenDigest,
      set: {
        customerId: token.customerId,
        sessionDigest: token.sessionDigest,
        issuedAt: new Date(),
        savedAt: null,
      },
    });
}

/**
 * Takes a token for saving, once: true only when it was issued to this customer in this session after
 * `issuedAfter` and has not been saved since. Two saves of one token at once: one of them gets it.
 */
export async function claimIssuedToken(
  orm: Orm,
  token: { tokenDigest: string; customerId: string; sessionDigest: string; issuedAfter: Date },
): Promise<boolean> {
  const rows = await orm
    .update(issuedTokens)
    .set({ savedAt: new Date() })
    .where(
      and(
        eq(issuedTokens.tokenDigest, token.tokenDigest),
        eq(issuedTokens.customerId, token.customerId),
        eq(issuedTokens.sessionDigest, token.sessionDigest),
        gt(issuedTokens.issuedAt, token.issuedAfter),
        isNull(issuedTokens.savedAt),
      ),
    )
    .returning({ tokenDigest: issuedTokens.tokenDigest });
  return rows.length > 0;
}

export async function deleteIssuedTokensBefore(orm: Orm, before: Date): Promise<void> {
  await orm.delete(issuedTokens).where(lt(issuedTokens.issuedAt, before));
}
