import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { RequestError } from '../errors';
import type { SandboxGateway } from '../gateway';
import { GATEWAY_RESPONSES } from '../response-codes';
import { answerOf, profileAnswerOf } from '../wire';
import {
  parseAuthorizationRequest,
  parseBackdateRequest,
  parseProfileRequest,
  parseCaptureRequest,
  parseFundingQuery,
  parseRefundRequest,
  parseSettlestatQuery,
  parseVoidByOrderIdRequest,
  parseVoidRequest,
} from '../requests';

export interface CardPointeRoutesOptions {
  gateway: SandboxGateway;
  username: string;
  password: string;
}

const BODY_LIMIT_BYTES = 16 * 1024;
const MONEY_METHODS: HTTPMethods[] = ['PUT', 'POST'];
/** The error code in CardPointe's "Data not found" answers. */
const MERCHANT_NOT_FOUND = 49;

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares in constant time, so response timing does not reveal how much of a guess was right. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function credentialsOf(request: FastifyRequest): { username: string; password: string } | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return undefined;
  return { username: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** CardPointe's REST API: HTTP Basic authentication, JSON in and out, PUT or POST for the money calls. */
export async function cardPointeRoutes(
  fastify: FastifyInstance,
  options: CardPointeRoutesOptions,
): Promise<void> {
  const { gateway } = options;

  // CardPointe's "is the gateway there" check answers without credentials.
  for (const url of ['/cardconnect/rest', '/cardconnect/rest/']) {
    fastify.get(url, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send('CardConnect REST Servlet'),
    );
  }

  await fastify.register(async (authenticated) => {
    authenticated.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const credentials = credentialsOf(request);
      // Both comparisons always run, so a right username is not told apart from a wrong one by timing.
      const usernameMatches = sameSecret(credentials?.username ?? '', options.username);
      const passwordMatches = sameSecret(credentials?.password ?? '', options.password);
      if (credentials && usernameMatches && passwordMatches) return;
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="CardPointe sandbox", charset="UTF-8"')
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Invalid or missing credentials' });
    });

    const money = { method: MONEY_METHODS, bodyLimit: BODY_LIMIT_BYTES };

    // Not CardPointe's: the sandbox's own control, with the same credentials. Closes the batch now, as the
    // merchant's cut-off would, so tests and demonstrations need not wait for it.
    // Cards and bank accounts settle in batches of their own: `batchid` is the first (cards), `batchids` all.
    authenticated.post('/sandbox-control/settle', async () => {
      const { batchId, count, batches } = await gateway.settleNow();
      return { batchid: batchId, settled: count, batchids: batches.map((batch) => batch.batchId) };
    });

    // Not CardPointe's: moves every settled transaction (or those of the batches named in `batchids`) `days`
    // (1 to 31) days back, as if its batch had closed then, so that funding (the day after), ACH returns and
    // chargebacks can be seen on the real clock.
    authenticated.post('/sandbox-control/backdate-settlement', async (request) => {
      const { days, batchIds } = parseBackdateRequest(request.body);
      return { backdated: await gateway.backdateSettlement(days, batchIds) };
    });

    // Not CardPointe's either: what the sandbox recorded of a transaction that CardPointe's answers do not
    // show (its origin, ecomind, and stored-credential indicators, cof and cofscheduled), for tests.
    authenticated.get<{ Params: { retref: string } }>(
      '/sandbox-control/transactions/:retref',
      async (request, reply) => {
        const recorded = await gateway.recordedTransaction(request.params.retref);
        if (recorded) return recorded;
        return reply.code(404).send({ message: 'Txn not found' });
      },
    );

    authenticated.route({
      ...money,
      url: '/cardconnect/rest/auth',
      handler: async (request) => {
        const outcome = await gateway.authorize(parseAuthorizationRequest(request.body), 'api');
        switch (outcome.kind) {
          case 'answered':
            return outcome.response;
          case 'invalid':
            throw new RequestError(outcome.message);
          case 'already-paid':
            // Only authorizations from the hosted payment page are limited to one per invoice.
            throw new Error('An API authorization was refused as a repeated hosted-page payment');
        }
      },
    });

    authenticated.route({
      ...money,
      url: '/cardconnect/rest/capture',
      handler: async (request) => {
        const { merchid, retref, amountCents } = parseCaptureRequest(request.body);
        return gateway.capture(merchid, retref, amountCents);
      },
    });

    authenticated.route({
      ...money,
      url: '/cardconnect/rest/void',
      handler: async (request) => {
        const { merchid, retref, amountCents } = parseVoidRequest(request.body);
        return gateway.void(merchid, retref, amountCents);
      },
    });

    authenticated.route({
      ...money,
      url: '/cardconnect/rest/voidByOrderId',
      handler: async (request) => {
        const { merchid, orderid, amountCents } = parseVoidByOrderIdRequest(request.body);
        return gateway.voidByOrderId(merchid, orderid, amountCents);
      },
    });

    authenticated.route({
      ...money,
      url: '/cardconnect/rest/refund',
      handler: async (request) => {
        const { merchid, retref, amountCents } = parseRefundRequest(request.body);
        return gateway.refund(merchid, retref, amountCents);
      },
    });

    authenticated.get<{ Params: { retref: string; merchid: string } }>(
      '/cardconnect/rest/inquire/:retref/:merchid',
      async (request) => gateway.inquire(request.params.merchid, request.params.retref),
    );

    // CardPointe's profile service: stored customer accounts, by profile id and account id.
    authenticated.route({
      ...money,
      url: '/cardconnect/rest/profile',
      handler: async (request) => {
        const { merchid: id, ...profile } = parseProfileRequest(request.body);
        const saved = await gateway.saveProfile(id, profile);
        if (saved.ok) return profileAnswerOf(saved.account);
        if ('invalid' in saved) throw new RequestError(saved.invalid);
        return answerOf(saved.refusal, id);
      },
    });

    authenticated.get<{ Params: { profileid: string; acctid: string; merchid: string } }>(
      '/cardconnect/rest/profile/:profileid/:acctid/:merchid',
      async (request) => {
        const { profileid, acctid, merchid: id } = request.params;
        const found = await gateway.findProfileAccount(id, `${profileid}/${acctid}`);
        if (found.ok) return [profileAnswerOf(found.account)];
        return 'invalid' in found
          ? answerOf(GATEWAY_RESPONSES.profileNotFound, id)
          : answerOf(found.refusal, id);
      },
    );

    authenticated.delete<{ Params: { profileid: string; acctid: string; merchid: string } }>(
      '/cardconnect/rest/profile/:profileid/:acctid/:merchid',
      async (request) => {
        const { profileid, acctid, merchid: id } = request.params;
        return answerOf(await gateway.deleteProfileAccount(id, profileid, acctid), id);
      },
    );

    // An unknown merchant id is CardPointe's documented 400 with its "not found" error body.
    authenticated.get<{ Params: { merchid: string } }>(
      '/cardconnect/rest/inquireMerchant/:merchid',
      async (request, reply) => {
        const merchant = gateway.inquireMerchant(request.params.merchid);
        if (merchant) return merchant;
        return reply.code(400).send({ message: 'Data not found', errorcode: MERCHANT_NOT_FOUND });
      },
    );

    // funding?merchid=…&date=MMDD or YYYYMMDD; an unknown merchant id is the documented 400 "not found".
    authenticated.get('/cardconnect/rest/funding', async (request, reply) => {
      const { merchid, day } = parseFundingQuery(request.query, gateway.now());
      const funding = await gateway.funding(merchid, day);
      if (funding) return funding;
      return reply.code(400).send({ message: 'Data not found', errorcode: MERCHANT_NOT_FOUND });
    });

    // settlestat?merchid=…&date=MMDD, &batchid=…, or merchid alone (batches not reported yet). The batches
    // are an array; none is CardPointe's "Null Batches", sent as a JSON string (see settlestat.ts).
    authenticated.get('/cardconnect/rest/settlestat', async (request, reply) => {
      const { merchid, query } = parseSettlestatQuery(request.query, gateway.now());
      const batches = await gateway.settlestat(merchid, query);
      if (batches === undefined) {
        return reply.code(400).send({ message: 'Data not found', errorcode: MERCHANT_NOT_FOUND });
      }
      if (typeof batches === 'string') {
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(batches));
      }
      return batches;
    });

    authenticated.get<{ Params: { merchid: string; token: string } }>(
      '/cardconnect/rest/bin/:merchid/:token',
      async (request) => gateway.binOf(request.params.merchid, request.params.token),
    );

    // The optional last segment is CardPointe's "set": 1 limits the search to this merchant, the only one here.
    authenticated.get<{ Params: { orderid: string; merchid: string } }>(
      '/cardconnect/rest/inquireByOrderid/:orderid/:merchid/:set?',
      async (request) => gateway.inquireByOrderId(request.params.merchid, request.params.orderid),
    );
  });
}
