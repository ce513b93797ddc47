import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { AppError } from '../errors';
import { ERROR_STATUS } from './errors';
import {
  claimIdempotencyKey,
  refreshIdempotencyClaim,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from '../db/idempotency-store';

/**
 * A claim not refreshed for this long belongs to a request that died; a retry may take it over. A running
 * request refreshes its claim every third of that, however long it takes (Capture All of many payments).
 */
const STALE_CLAIM_MS = 60_000;
const REPLAY_WAIT_MS = 15_000;
const REPLAY_POLL_MS = 50;

/** Credentials in the body (the spec's client sends them) do not make two requests different. */
function fingerprintOf(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key]) => key !== 'username' && key !== 'password' && key !== 'credentials')
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, item]) => [key, canonical(item)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('invalid', 'The Idempotency-Key header must be 1 to 255 visible characters');
  }
  return key;
}

/**
 * Runs a money-moving handler at most once per Idempotency-Key (Stripe's semantics): a replay gets the
 * first answer, the same key with another body gets 422, a replay while the first is still running waits
 * for its answer. Answers whose outcome is unknown (502) are not stored, so a retry runs again and
 * settles the operation from the gateway's record; nor are "too many, try again in …" (429) and "another
 * operation on this payment is in progress" (409, busy), refusals to start that did nothing, so the same
 * send is tried again later.
 */
export async function runIdempotent(
  orm: Orm,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (scopedKey: string | undefined) => Promise<unknown>,
): Promise<unknown> {
  const key = idempotencyKeyOf(request);
  if (!key) return handler(undefined);
  const fingerprint = fingerprintOf(request.body);
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const claim = await claimIdempotencyKey(orm, { scope, key, fingerprint, staleAfterMs: STALE_CLAIM_MS });
    if (claim.state === 'mismatch') {
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request');
    }
    if (claim.state === 'replay') {
      reply.header('idempotent-replayed', 'true');
      return reply.status(claim.code).type('application/json; charset=utf-8').send(claim.body);
    }
    if (claim.state === 'claimed') break;
    if (Date.now() > deadline) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still in progress');
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }

  let code = 200;
  let body: unknown;
  const heartbeat = setInterval(() => {
    refreshIdempotencyClaim(orm, { scope, key }).catch(() => {});
  }, STALE_CLAIM_MS / 3);
  try {
    body = await handler(`${scope}:${key}`);
  } catch (error) {
    if (
      !(error instanceof AppError) ||
      error.kind === 'gateway_unavailable' ||
      error.kind === 'too_many_requests' ||
      error.kind === 'busy'
    ) {
      await releaseIdempotencyKey(orm, { scope, key });
      throw error;
    }
    code = ERROR_STATUS[error.kind];
    body = { status: 'error', message: error.message, error: error.kind };
  } finally {
    clearInterval(heartbeat);
  }
  // Kept as the route's contract serializes it, so a replay is byte for byte the first answer.
  reply.status(code);
  const text = String(reply.serialize(body));
  await storeIdempotentAnswer(orm, { scope, key, code, body: text });
  return reply.type('application/json; charset=utf-8').send(text);
}
