import type { FastifyInstance } from 'fastify';
import { WALLET_DECRYPTION_FAILURE } from '../cardsecure';
import type { SandboxGateway } from '../gateway';
import { parseEchoRequest, parseTokenizeRequest } from '../requests';

export interface CardSecureRoutesOptions {
  gateway: SandboxGateway;
}

/** CardSecure's error code for a number that is not a card number. */
const INVALID_CARD_ERROR_CODE = 11;
/** CardSecure's "Decryption failure." (0024): a wallet payload it cannot open or will not take. */
const DECRYPTION_FAILURE_ERROR_CODE = 24;

/** CardSecure tokenization. Like CardSecure's own endpoint it takes no credentials: it returns only a token. */
export async function cardSecureRoutes(
  fastify: FastifyInstance,
  { gateway }: CardSecureRoutesOptions,
): Promise<void> {
  fastify.route({
    method: ['PUT', 'POST'],
    url: '/cardsecure/api/v1/ccn/tokenize',
    // A wallet payload (an Apple Pay one above all) is a few kilobytes.
    bodyLimit: 16 * 1024,
    handler: async (request) => {
      const parsed = parseTokenizeRequest(request.body);
      if (parsed.kind === 'wallet') {
        const outcome = await gateway.tokenizeWalletPayload(parsed.encryptionhandler, parsed.devicedata);
        if (!outcome.ok) {
          const errorcode =
            outcome.message === WALLET_DECRYPTION_FAILURE
              ? DECRYPTION_FAILURE_ERROR_CODE
              : INVALID_CARD_ERROR_CODE;
          return { message: outcome.message, errorcode };
        }
        return { message: 'No Error', errorcode: 0, token: outcome.card.token };
      }
      const outcome = await gateway.tokenize(parsed.account, parsed.expiry);
      if (!outcome.ok) return { message: outcome.message, errorcode: INVALID_CARD_ERROR_CODE };
      return { message: '', errorcode: 0, token: outcome.card.token };
    },
  });

  // CardSecure's echo: answers the message it was sent, to show the connection works. No credentials.
  fastify.post('/cardsecure/api/v1/echo', { bodyLimit: 16 * 1024 }, async (request) => {
    const { message } = parseEchoRequest(request.body);
    return { message, errorcode: 0 };
  });
}
