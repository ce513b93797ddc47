import { readFile } from 'node:fs/promises';
import {
  merchantSessionResponseSchema,
  processWithApplePayRequestSchema,
  processWithGooglePayRequestSchema,
  recordGooglePayPaymentRequestSchema,
  recordGooglePayPaymentResponseSchema,
  validateMerchantRequestSchema,
  walletConfigSchema,
  walletPaymentResponseSchema,
  errorResponseSchema,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApplePayConfig, GooglePayConfig } from '../../config';
import { AppError } from '../../errors';
import {
  validateMerchant,
  type MerchantSessionClient,
} from '../../services/checkout/apple-merchant-validation';
import type { CustomerGuard } from '../../http/customer-session';
import { runIdempotent } from '../../http/idempotency';
import { answers, typed } from '../../http/contract';
import type { CheckoutDependencies } from '../../services/checkout/orders';
import { beginMerchantValidationAttempt } from '../../services/accounts/throttles';
import { noteWalletResultSeen, payWithWallet } from '../../services/checkout/wallet';

export interface WalletRouteDependencies extends CheckoutDependencies {
  customers: CustomerGuard;
  googlePay: GooglePayConfig;
  applePay: ApplePayConfig;
  /** Who gives Apple Pay merchant sessions; none when Apple Pay cannot run here. */
  merchantSessions?: MerchantSessionClient;
  /** The gateway's merchant id: Google puts it in the token for CardSecure. */
  gatewayMerchantId: string;
  /** Where the sandbox wallets are served, when the built-in sandbox gateway is in use. */
  sandboxWalletUrl?: string;
  merchantName: string;
}

/** Google Pay and Apple Pay (product §7): guests may pay; a call naming a `userId` must be that customer's. */
export function registerWalletRoutes(app: FastifyInstance, deps: WalletRouteDependencies): void {
  const { customers } = deps;
  const api = typed(app);

  /** The signed-in customer a wallet call names, or a guest (undefined) when it names none. */
  async function payer(request: FastifyRequest, userId: string | undefined) {
    if (userId === undefined || userId === '') return undefined;
    return (await customers.owner(request, userId)).id;
  }

  api.get(
    '/api/wallets/config',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'What the storefront needs to show the Google Pay and Apple Pay buttons',
        response: answers(walletConfigSchema),
      },
    },
    async () => ({
      ...(deps.sandboxWalletUrl ? { sandboxWalletUrl: deps.sandboxWalletUrl } : {}),
      googlePay: {
        environment: deps.googlePay.environment,
        ...(deps.googlePay.merchantId ? { merchantId: deps.googlePay.merchantId } : {}),
        merchantName: deps.googlePay.merchantName,
        gatewayMerchantId: deps.gatewayMerchantId,
      },
      applePay: {
        available: deps.merchantSessions !== undefined,
        merchantId: deps.applePay.merchantId ?? '',
        displayName: deps.applePay.displayName,
      },
    }),
  );

  api.post(
    '/api/validate-merchant',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'Apple Pay merchant validation: a merchant session from Apple',
        body: validateMerchantRequestSchema,
        response: answers(merchantSessionResponseSchema),
      },
    },
    async (request) => {
      const { validationURL } = request.body;
      if (!deps.merchantSessions) throw new AppError('gateway_unavailable', 'Merchant validation failed');
      await beginMerchantValidationAttempt(deps.orm, request.clientAddress);
      return validateMerchant(
        deps.merchantSessions,
        validationURL,
        {
          merchantIdentifier: deps.applePay.merchantId ?? '',
          displayName: deps.applePay.displayName,
          initiative: 'web',
          initiativeContext: new URL(deps.publicUrl).hostname,
        },
        request.log,
      );
    },
  );

  api.post(
    '/api/applepay/process-with-applepay',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'Pay with an Apple Pay token',
        body: processWithApplePayRequestSchema,
        response: answers(walletPaymentResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = await payer(request, body.userId);
      const testModeReason = deps.merchantSessions?.testModeReason;
      return runIdempotent(deps.orm, request, reply, `applepay:${customerId ?? 'guest'}`, async () => ({
        ...(await payWithWallet(deps, {
          payload: { wallet: 'applepay', paymentData: body.paymentToken },
          amountCents: body.amount,
          orderId: body.orderId,
          items: body.items,
          delivery: body.delivery,
          customerId,
          cartId: body.cartId,
        })),
        testMode: testModeReason !== undefined,
        ...(testModeReason ? { testModeReason } : {}),
      }));
    },
  );

  // Apple reads this file to confirm the store's domain belongs to the merchant identifier.
  api.get(
    '/.well-known/apple-developer-merchantid-domain-association',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'Apple Pay domain verification file',
        response: { 200: z.string(), '4xx': errorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (!deps.applePay.domainAssociationFile) throw new AppError('not_found', 'Not found');
      return reply.type('text/plain').send(await readFile(deps.applePay.domainAssociationFile, 'utf8'));
    },
  );

  api.post(
    '/api/googlepay/process-with-googlepay',
    {
      schema: {
        tags: ['Wallets'],
        summary: 'Pay with a Google Pay token',
        body: processWithGooglePayRequestSchema,
        response: answers(walletPaymentResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = await payer(request, body.userId);
      // The order id makes a retry harmless (a second try with it is refused); the key makes it answer alike.
      return runIdempotent(deps.orm, request, reply, `googlepay:${customerId ?? 'guest'}`, () =>
        payWithWallet(deps, {
          // Google's token string goes to CardSecure as it came: not parsed, not re-encoded.
          payload: { wallet: 'googlepay', token: body.paymentToken },
          amountCents: body.amount,
          orderId: body.orderId,
          items: body.items,
          delivery: body.delivery,
          customerId,
          cartId: body.cartId,
        }),
      );
    },
  );

  api.post(
    '/api/googlepay/record-payment',
    {
      schema: {
        tags: ['Wallets'],
        summary: "The browser's note of a Google Pay result",
        body: recordGooglePayPaymentRequestSchema,
        response: answers(recordGooglePayPaymentResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customerId = await payer(request, body.userId);
      const { reportedAmountDiffers, ...answer } = await noteWalletResultSeen(deps, {
        requestId: body.requestId,
        customerId,
        reportedAmount: body.amount,
      });
      if (reportedAmountDiffers) {
        request.log.warn(
          { requestId: body.requestId, reported: body.amount, amount: answer.amount },
          "record-payment: the browser's amount differs from the order's; the order's stands",
        );
      }
      return answer;
    },
  );
}
