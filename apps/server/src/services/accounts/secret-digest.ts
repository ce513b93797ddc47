import { createHash } from 'node:crypto';

/**
 * What the store keeps of a secret it hands out (a session's token, a set-up link, a recovery code, a card
 * frame's token): its SHA-256, in hex. The secret itself is never kept, and the digest is what a lookup
 * compares.
 */
export function digestOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
