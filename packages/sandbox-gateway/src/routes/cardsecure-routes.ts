import type { FastifyInstance } from 'fastify';
import type { SandboxGateway } from '../gateway';
import { parseTokenizeRequest } from '../requests';

export interface CardSecureRoutesOptions {
  gateway: SandboxGateway;
}

/** CardSecure's error code for a number that is not a card number (the sandbox uses one code for all). */
const INVALID_CARD_ERROR_CODE = 11;

/** CardSecure tokenization. Like CardSecure's own endpoint it takes no credentials: it returns only a token. */
export async function cardSecureRoutes(
  fastify: FastifyInstance,
  { gateway }: CardSecureRoutesOptions,
): Promise<void> {
  fastify.route({
    method: ['PUT', 'POST'],
    url: '/cardsecure/api/v1/ccn/tokenize',
    bodyLimit: 4 * 1024,
    handler: async (request) => {
      const { account, expiry } = parseTokenizeRequest(request.body);
      const outcome = await gateway.tokenize(account, expiry);
      if (!outcome.ok) return { message: outcome.message, errorcode: INVALID_CARD_ERROR_CODE };
      return { message: '', errorcode: 0, token: outcome.card.token };
    },
  });
}
