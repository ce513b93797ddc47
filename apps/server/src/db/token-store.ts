import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Orm } from './client';
import { cardEntries, issuedTokens } from './schema';

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

/**
 * Takes a token from the card frame for saving: true only the first time anyone saves it. The digest is
 * kept as saved, so that the token is never taken again.
 */
export async function claimFrameToken(
  orm: Orm,
  token: { tokenDigest: string; customerId: string; sessionDigest: string },
): Promise<boolean> {
  const now = new Date();
  const rows = await orm
    .insert(issuedTokens)
    .values({ ...token, issuedAt: now, savedAt: now })
    .onConflictDoNothing({ target: issuedTokens.tokenDigest })
    .returning({ tokenDigest: issuedTokens.tokenDigest });
  return rows.length > 0;
}

/** Notes that the card frame was opened for this customer's session. */
export async function recordCardEntry(
  orm: Orm,
  entry: { entryDigest: string; customerId: string; sessionDigest: string },
): Promise<void> {
  await orm.insert(cardEntries).values(entry);
}

/**
 * Takes a card entry for one save: true only when this customer's session opened it after `openedAfter`
 * and no save used it yet. Two saves with one entry at once: one of them gets it.
 */
export async function claimCardEntry(
  orm: Orm,
  entry: { entryDigest: string; customerId: string; sessionDigest: string; openedAfter: Date },
): Promise<boolean> {
  const rows = await orm
    .update(cardEntries)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(cardEntries.entryDigest, entry.entryDigest),
        eq(cardEntries.customerId, entry.customerId),
        eq(cardEntries.sessionDigest, entry.sessionDigest),
        gt(cardEntries.openedAt, entry.openedAfter),
        isNull(cardEntries.usedAt),
      ),
    )
    .returning({ entryDigest: cardEntries.entryDigest });
  return rows.length > 0;
}

/**
 * Forgets issued tokens never saved and card entries opened before `before`. A saved token's digest stays:
 * it may not be saved again.
 */
export async function deleteIssuedTokensBefore(orm: Orm, before: Date): Promise<void> {
  await orm.delete(issuedTokens).where(and(lt(issuedTokens.issuedAt, before), isNull(issuedTokens.savedAt)));
  await orm.delete(cardEntries).where(lt(cardEntries.openedAt, before));
}
