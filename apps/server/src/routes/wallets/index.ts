import { readFile } from 'node:fs/promises';
import {
  processWithApplePayRequestSchema,
  processWithGooglePayRequestSchema,
  recordGooglePayPaymentRequestSchema,
  validateMerchantRequestSchema,
  type WalletConfig,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplePayConfig, GooglePayConfig } from '../../config';
import { AppError } from '../../http/errors';
import { validateMerchant, type MerchantSessionClient } from '../../services/apple-merchant-validation';
import type { CustomerGuard } from '../../http/customer-session';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/parse';
import type { CheckoutDependencies } from '../../services/checkout';
import { noteWalletResultSeen, payWithWallet } from '../../services/wallet-payments';

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

/** Google Pay and Apple Pay (SPEC §7): guests may pay; a call naming a `userId` must be that customer's. */
export function registerWalletRoutes(app: FastifyInstance, deps: WalletRouteDependencies): void {
  const { customers } = deps;

  /** The signed-in customer a wallet call names, or a guest (undefined) when it names none. */
  async function payer(request: FastifyRequest, userId: string | undefined) {
    if (userId === undefined || userId === '') return undefined;
    return (await customers.owner(request, userId)).id;
  }

  app.get('/api/wallets/config', async (): Promise<WalletConfig> => ({
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
  }));

  app.post('/api/validate-merchant', async (request) => {
    const { validationURL } = parseBody(validateMerchantRequestSchema, request.body);
    if (!deps.merchantSessions) throw new AppError('gateway_unavailable', 'Merchant validation failed');
    return validateMerchant(deps.merchantSessions, validationURL, {
      merchantIdentifier: deps.applePay.merchantId ?? '',
      displayName: deps.applePay.displayName,
      initiative: 'web',
      initiativeContext: new URL(deps.publicUrl).hostname,
    });
  });

  app.post('/api/applepay/process-with-applepay', async (request, reply) => {
    const body = parseBody(processWithApplePayRequestSchema, request.body);
    const customerId = await payer(request, body.userId);
    const testModeReason = deps.merchantSessions?.testModeReason;
    return runIdempotent(deps.orm, request, reply, `applepay:${customerId ?? 'guest'}`, async () => ({
      ...(await payWithWallet(deps, {
        payload: { wallet: 'applepay', paymentData: body.paymentToken },
        amountCents: body.amount,
        orderId: body.orderId,
        items: body.items,
        customerId,
      })),
      testMode: testModeReason !== undefined,
      ...(testModeReason ? { testModeReason } : {}),
    }));
  });

  // Apple reads this file to confirm the store's domain belongs to the merchant identifier.
  app.get('/.well-known/apple-developer-merchantid-domain-association', async (_request, reply) => {
    if (!deps.applePay.domainAssociationFile) throw new AppError('not_found', 'Not found');
    return reply.type('text/plain').send(await readFile(deps.applePay.domainAssociationFile));
  });

  app.post('/api/googlepay/process-with-googlepay', async (request, reply) => {
    const body = parseBody(processWithGooglePayRequestSchema, request.body);
    const customerId = await payer(request, body.userId);
    // The order id makes a retry harmless (a second try with it is refused); the key makes it answer alike.
    return runIdempotent(deps.orm, request, reply, `googlepay:${customerId ?? 'guest'}`, () =>
      payWithWallet(deps, {
        // Google's token string goes to CardSecure as it came: not parsed, not re-encoded.
        payload: { wallet: 'googlepay', token: body.paymentToken },
        amountCents: body.amount,
        orderId: body.orderId,
        items: body.items,
        customerId,
      }),
    );
  });

  app.post('/api/googlepay/record-payment', async (request) => {
    const body = parseBody(recordGooglePayPaymentRequestSchema, request.body);
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
  });
}
