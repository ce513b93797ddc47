import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RequestError } from '../errors';
import { WALLET_CARDS, WALLET_CONTACTS, type SandboxWallets } from '../wallets/sandbox-wallets';

export interface WalletRoutesOptions {
  wallets: SandboxWallets;
  merchantName: string;
}

/**
 * Google's checks on a PaymentDataRequest that matter to a gateway integration: a card payment method
 * tokenized for a payment gateway with its merchant id, the networks the card must be among, and a final
 * total in a currency. Google answers a malformed request with DEVELOPER_ERROR; so does the sandbox.
 */
const paymentDataRequestSchema = z.object({
  apiVersion: z.literal(2, { error: 'apiVersion must be 2' }),
  apiVersionMinor: z.literal(0, { error: 'apiVersionMinor must be 0' }),
  allowedPaymentMethods: z
    .array(
      z.object({
        type: z.literal('CARD', { error: 'allowedPaymentMethods[].type must be CARD' }),
        parameters: z.object({
          allowedAuthMethods: z.array(z.enum(['PAN_ONLY', 'CRYPTOGRAM_3DS'])).min(1),
          allowedCardNetworks: z
            .array(z.enum(['AMEX', 'DISCOVER', 'INTERAC', 'JCB', 'MASTERCARD', 'VISA']))
            .min(1),
        }),
        tokenizationSpecification: z.object({
          type: z.literal('PAYMENT_GATEWAY', {
            error: 'tokenizationSpecification.type must be PAYMENT_GATEWAY',
          }),
          parameters: z.object({
            gateway: z.string().min(1),
            gatewayMerchantId: z.string().min(1).max(32),
          }),
        }),
      }),
    )
    .length(1, 'allowedPaymentMethods must hold one CARD method'),
  merchantInfo: z.object({ merchantName: z.string().max(100).optional() }).optional(),
  transactionInfo: z.object({
    totalPriceStatus: z.literal('FINAL', { error: 'transactionInfo.totalPriceStatus must be FINAL' }),
    totalPrice: z.string().regex(/^\d+(\.\d{1,2})?$/, 'transactionInfo.totalPrice must be a price'),
    currencyCode: z.string().regex(/^[A-Z]{3}$/, 'transactionInfo.currencyCode must be ISO 4217'),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  }),
});

const sheetPaymentSchema = z.object({
  cardId: z.string().max(40),
  paymentDataRequest: z.unknown(),
});

const GATEWAY_NAME = 'cardconnect';

const merchantSessionRequestSchema = z.object({
  merchantIdentifier: z.string().min(1).max(200),
  displayName: z.string().min(1).max(64),
  initiative: z.literal('web'),
  initiativeContext: z.string().min(1).max(253),
});

const applePaymentSchema = z.object({
  cardId: z.string().max(40),
  merchantSession: z.unknown(),
  /** ApplePayPaymentRequest.total.amount, e.g. "20.98". */
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
});

const APPLE_NETWORK_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'MasterCard',
  AMEX: 'AmEx',
  DISCOVER: 'Discover',
};

/**
 * The sandbox wallet, the part that stands in for Google's servers: the storefront's sandbox payment sheet
 * lists these cards and asks for the payment data of the one chosen, with a token encrypted for CardSecure.
 */
export async function walletRoutes(fastify: FastifyInstance, { wallets, merchantName }: WalletRoutesOptions) {
  fastify.get('/sandbox-wallet/cards', async () => ({
    merchantName,
    cards: WALLET_CARDS,
    contacts: WALLET_CONTACTS,
  }));

  fastify.post(
    '/sandbox-wallet/google-pay/payment-data',
    { bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const body = sheetPaymentSchema.safeParse(request.body);
      if (!body.success) throw new RequestError('Send cardId and paymentDataRequest');
      const parsed = paymentDataRequestSchema.safeParse(body.data.paymentDataRequest);
      if (!parsed.success) {
        return reply.code(400).send({
          statusCode: 'DEVELOPER_ERROR',
          statusMessage: parsed.error.issues.map((issue) => issue.message).join('; '),
        });
      }
      const method = parsed.data.allowedPaymentMethods[0]!;
      const cardNumber = wallets.cardNumberOf(body.data.cardId);
      const card = WALLET_CARDS.find((item) => item.id === body.data.cardId);
      if (!cardNumber || !card) throw new RequestError('Unknown sandbox wallet card');
      if (method.tokenizationSpecification.parameters.gateway !== GATEWAY_NAME) {
        return reply.code(400).send({
          statusCode: 'DEVELOPER_ERROR',
          statusMessage: `This sandbox tokenizes for the gateway "${GATEWAY_NAME}" only`,
        });
      }
      if (!method.parameters.allowedCardNetworks.includes(card.network)) {
        return reply.code(400).send({
          statusCode: 'DEVELOPER_ERROR',
          statusMessage: `${card.network} is not among the allowed card networks`,
        });
      }
      const token = await wallets.sealGooglePay({
        cardNumber,
        gatewayMerchantId: method.tokenizationSpecification.parameters.gatewayMerchantId,
      });
      const networkName = card.network.charAt(0) + card.network.slice(1).toLowerCase();
      return {
        apiVersion: 2,
        apiVersionMinor: 0,
        paymentMethodData: {
          type: 'CARD',
          description: `${networkName} •••• ${card.last4}`,
          info: { cardNetwork: card.network, cardDetails: card.last4 },
          tokenizationData: { type: 'PAYMENT_GATEWAY', token },
        },
      };
    },
  );

  // Apple's merchant session endpoint, played: the store sends what it would send Apple over mutual TLS.
  fastify.post('/sandbox-wallet/apple-pay/session', async (request) => {
    const body = merchantSessionRequestSchema.safeParse(request.body);
    if (!body.success)
      throw new RequestError('Send merchantIdentifier, displayName, initiative web and initiativeContext');
    return wallets.createMerchantSession(body.data);
  });

  // The sheet's payment: only with a merchant session this sandbox gave (Apple's sheet will not open without).
  fastify.post('/sandbox-wallet/apple-pay/payment', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const body = applePaymentSchema.safeParse(request.body);
    if (!body.success) throw new RequestError('Send cardId, merchantSession and amount');
    if (!(await wallets.isMerchantSessionValid(body.data.merchantSession))) {
      return reply.code(403).send({ statusCode: 403, message: 'The merchant session is not valid' });
    }
    const cardNumber = wallets.cardNumberOf(body.data.cardId);
    const card = WALLET_CARDS.find((item) => item.id === body.data.cardId);
    if (!cardNumber || !card) throw new RequestError('Unknown sandbox wallet card');
    const paymentData = await wallets.sealApplePay({
      cardNumber,
      amountCents: Math.round(Number(body.data.amount) * 100),
    });
    const network = APPLE_NETWORK_NAMES[card.network] ?? card.network;
    return {
      token: {
        paymentData,
        paymentMethod: { displayName: `${network} ${card.last4}`, network, type: 'credit' },
        transactionIdentifier: paymentData.header.transactionId.toUpperCase(),
      },
    };
  });
}
