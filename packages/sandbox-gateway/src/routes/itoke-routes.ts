import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxGateway } from '../gateway';
import { frameOptionsOf } from '../itoke/frame-options';
import { renderTokenizerPage } from '../itoke/page';

export interface ItokeRoutesOptions {
  gateway: SandboxGateway;
  now: () => Date;
  /** The pages that may hold the frame (a merchant's sites); any page when none are set. */
  allowedFrameOrigins?: readonly string[];
}

/** CardSecure's error code for a number that is not a card number. */
const INVALID_CARD_ERROR_CODE = 11;

const tokenizeSchema = z.object({
  account: z.string().min(1).max(40),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\d{2}$/)
    .optional(),
  cvv: z
    .string()
    .regex(/^\d{3,4}$/)
    .optional(),
  unique: z.boolean().optional(),
});

/**
 * The Hosted iFrame Tokenizer: the page a store embeds where its customers type a card number, which the
 * page tokenizes here, beside it, and posts the token to the store's page. The number never reaches the
 * store. The page runs only its own style and script, talks only to this origin, and may be framed by the
 * merchant's pages.
 */
export async function itokeRoutes(fastify: FastifyInstance, options: ItokeRoutesOptions): Promise<void> {
  const ancestors = options.allowedFrameOrigins?.length ? options.allowedFrameOrigins.join(' ') : '*';

  fastify.get('/itoke/ajax-tokenizer.html', async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
    const page = renderTokenizerPage(frameOptionsOf(query as Record<string, unknown>), nonce, options.now());
    // Whatever the server around it set: this page is made to be framed, and only by the merchant's pages.
    reply.removeHeader('x-frame-options');
    return reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': [
          "default-src 'none'",
          `style-src 'nonce-${nonce}'`,
          `script-src 'nonce-${nonce}'`,
          "connect-src 'self'",
          "form-action 'none'",
          "base-uri 'none'",
          `frame-ancestors ${ancestors}`,
        ].join('; '),
        'cross-origin-resource-policy': 'cross-origin',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      })
      .send(page);
  });

  // The frame's own call, from its page on this origin: CardSecure's tokenization, as the frame uses it.
  fastify.post('/itoke/tokenize', { bodyLimit: 1024 }, async (request, reply) => {
    const parsed = tokenizeSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ token: '', errorCode: INVALID_CARD_ERROR_CODE, errorMessage: 'Invalid request' });
    }
    const { account, expiry, unique } = parsed.data;
    const outcome = await options.gateway.tokenize(account, expiry, { unique: unique ?? false });
    if (!outcome.ok) {
      return { token: '', errorCode: INVALID_CARD_ERROR_CODE, errorMessage: outcome.message };
    }
    return { token: outcome.card.token, errorCode: 0, errorMessage: '' };
  });
}
