import {
  hostedPageWebhookQuerySchema,
  hostedPageWebhookResponseSchema,
  hostedPageWebhookSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { answers, typed } from '../../http/contract';
import {
  HOSTED_PAGE_WEBHOOK_PATH,
  recordHostedPageChecks,
  webhookKeyMatches,
} from '../../services/checkout/hosted-page-webhook';
import type { CheckoutDependencies } from '../../services/checkout/orders';

/** A webhook is a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 32 * 1024;
const NOT_A_WEBHOOK = 'The body must be a JSON object, or one sent URL-encoded';

/**
 * The body as CardPointe's guide says the hosted page sends it, a URL-encoded JSON string: the JSON text
 * percent-encoded as the whole body, or as the one field of a form. Plain JSON is taken as well.
 */
export function parseWebhookBody(text: string): unknown {
  const body = text.trim();
  const jsonText = (candidate: string) => (candidate.trimStart().startsWith('{') ? candidate : undefined);
  let decoded: string | undefined;
  try {
    decoded = jsonText(body) ?? jsonText(decodeURIComponent(body.replace(/\+/g, ' ')));
    if (decoded === undefined) {
      const fields = [...new URLSearchParams(body)];
      if (fields.length === 1) {
        const [name, value] = fields[0]!;
        decoded = jsonText(value) ?? (value === '' ? jsonText(name) : undefined);
      }
    }
    if (decoded !== undefined) return JSON.parse(decoded) as unknown;
  } catch {
    // Undecodable or not JSON: refused below, as anything else that is not a webhook.
  }
  throw new AppError('invalid', NOT_A_WEBHOOK);
}

/**
 * POST /api/payment/hosted-page-webhook?key=…: where the hosted payment page reports each payment's
 * checks (decision 029). Registered only where the store has a secret for it: the built-in sandbox's,
 * or HPP_WEBHOOK_SECRET with CardPointe. A server-to-server call: no cookie, no Origin, so the same-origin
 * check leaves this one path alone and the secret in the address stands in for it.
 */
export function registerHostedPageWebhookRoute(
  app: FastifyInstance,
  deps: Pick<CheckoutDependencies, 'orm' | 'gateway'> & { secret: string },
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      async (_request: unknown, body: string | Buffer) => parseWebhookBody(String(body)),
    );
    typed(scope).post(
      HOSTED_PAGE_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['Checkout'],
          summary:
            "The hosted payment page's webhook: adds a payment's address and card security code results to its order",
          description:
            'Called by the gateway, not by browsers. The address given to the hosted page carries the ' +
            "store's secret as `key`; the order, the transaction and the amount must be the store's and " +
            "the gateway's, or nothing is written. Only the checks are kept; a repeated call changes nothing.",
          querystring: hostedPageWebhookQuerySchema,
          body: hostedPageWebhookSchema,
          response: answers(hostedPageWebhookResponseSchema),
        },
      },
      async (request) => {
        if (!webhookKeyMatches(request.query.key, deps.secret)) {
          throw new AppError('unauthorized', 'Unknown webhook key');
        }
        const { changed } = await recordHostedPageChecks(deps, request.body);
        return {
          status: 'success' as const,
          message: changed ? 'Checks recorded' : 'Nothing to change',
        };
      },
    );
  });
}
