import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import { centsToDecimalString } from '@store/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { logServerError, publicErrorOf } from '../errors';
import type { SandboxGateway } from '../gateway';
import { parsePaymentRequest, validateCardForm, type PaymentRequest } from '../hpp/card-form';
import { renderErrorPage, renderPaidPage, renderPaymentPage } from '../hpp/page';
import { deliverHostedPageWebhook, hostedPageWebhookOf, type HppSettingsStore } from '../hpp/webhook';

export interface HppRoutesOptions {
  gateway: SandboxGateway;
  merchantName: string;
  now: () => Date;
  allowedReturnOrigins?: readonly string[];
  /** The merchant's page settings: where its webhook posts each payment. */
  settings: HppSettingsStore;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Sends a page with a policy that runs only its own inline style and script, lets its form post only here
 * (and follow the redirect back to the store), and keeps it out of frames and caches.
 */
function sendPage(
  reply: FastifyReply,
  statusCode: number,
  page: string,
  nonce: string,
  returnUrl?: URL,
): FastifyReply {
  const formTargets = ["'self'", returnUrl?.origin].filter(Boolean).join(' ');
  return reply
    .code(statusCode)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        `script-src 'nonce-${nonce}'`,
        'img-src data:',
        `form-action ${formTargets}`,
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    })
    .send(page);
}

/**
 * The hosted payment page: a card form for one invoice, which authorizes (capture N) and sends the person
 * back to the store, approved or declined alike; the store learns the outcome from inquireByOrderid.
 */
export async function hppRoutes(fastify: FastifyInstance, options: HppRoutesOptions): Promise<void> {
  const { gateway, merchantName, now } = options;
  await fastify.register(formbody, { bodyLimit: 8 * 1024 });
  const payAction = `${fastify.prefix}/hpp/pay`;
  // Webhooks on their way: the shopper never waits for them, a shutdown does (they are short-lived).
  const deliveries = new Set<Promise<boolean>>();
  fastify.addHook('preClose', async () => {
    await Promise.allSettled(deliveries);
  });

  fastify.setErrorHandler((error, request, reply) => {
    const { statusCode, message } = publicErrorOf(error);
    if (statusCode >= 500) logServerError(request, error);
    const nonce = createNonce();
    const page = renderErrorPage({
      title: statusCode >= 500 ? 'Something went wrong' : 'Payment page unavailable',
      problems: statusCode >= 500 ? [] : [message],
      nonce,
    });
    return sendPage(reply, statusCode, page, nonce);
  });

  function sendProblems(reply: FastifyReply, problems: string[], returnUrl: URL | undefined): FastifyReply {
    const nonce = createNonce();
    const page = renderErrorPage({ title: 'Payment page unavailable', problems, nonce, returnUrl });
    return sendPage(reply, 400, page, nonce);
  }

  function sendForm(
    reply: FastifyReply,
    statusCode: number,
    request: PaymentRequest,
    extra: Pick<Parameters<typeof renderPaymentPage>[0], 'errors' | 'kept'> = {},
  ): FastifyReply {
    const nonce = createNonce();
    const page = renderPaymentPage({ merchantName, request, payAction, nonce, ...extra });
    return sendPage(reply, statusCode, page, nonce, request.returnUrl);
  }

  fastify.get('/hpp', async (request, reply) => {
    const parsed = parsePaymentRequest(
      isRecord(request.query) ? request.query : {},
      options.allowedReturnOrigins,
    );
    if (!parsed.ok) return sendProblems(reply, parsed.problems, parsed.returnUrl);
    if (await gateway.hasApprovedAuthorization(parsed.request.invoice)) {
      const nonce = createNonce();
      const page = renderPaidPage({ merchantName, request: parsed.request, nonce });
      return sendPage(reply, 200, page, nonce, parsed.request.returnUrl);
    }
    return sendForm(reply, 200, parsed.request);
  });

  fastify.post('/hpp/pay', async (request, reply) => {
    const form = isRecord(request.body) ? request.body : {};
    const parsed = parsePaymentRequest(form, options.allowedReturnOrigins);
    if (!parsed.ok) return sendProblems(reply, parsed.problems, parsed.returnUrl);
    const payment = parsed.request;
    const backToStore = payment.returnUrl.toString();

    // A second press of Pay, or a reload of the posted form, must not charge the invoice again.
    if (await gateway.hasApprovedAuthorization(payment.invoice)) return reply.redirect(backToStore, 303);

    const validation = validateCardForm(form, now());
    if (!validation.ok) {
      const kept = {
        expiry: typeof form.expiry === 'string' ? form.expiry.trim().slice(0, 7) : undefined,
        name: typeof form.name === 'string' ? form.name.trim().slice(0, 100) : undefined,
        billZip: typeof form.billZip === 'string' ? form.billZip.trim().slice(0, 10) : undefined,
      };
      return sendForm(reply, 422, payment, { errors: validation.errors, kept });
    }

    const { card } = validation;
    const outcome = await gateway.authorize(
      {
        merchid: gateway.merchantId,
        account: card.cardNumber,
        expiry: card.expiry,
        amountCents: payment.totalCents,
        currency: 'USD',
        orderid: payment.invoice,
        capture: false,
        cvv2: card.cvv,
        name: card.name,
        postal: card.postal,
        // The shopper keys the card into a web page: an online payment.
        ecomind: 'E',
      },
      'hpp',
    );
    if (outcome.kind === 'invalid') {
      throw new Error(
        `Hosted page authorization of ${centsToDecimalString(payment.totalCents)} refused as invalid`,
      );
    }
    // Each attempt the gateway answered, approved or declined, goes to the merchant's webhook, if it has
    // one, after the shopper is on the way back: a slow or failing receiver changes nothing of the payment.
    const answer = outcome.kind === 'answered' && 'amount' in outcome.response ? outcome.response : undefined;
    const webhookUrl = answer && (await options.settings.webhookUrl(gateway.merchantId));
    if (answer && webhookUrl) {
      const payload = hostedPageWebhookOf(
        {
          pageHost: request.host,
          totalText: centsToDecimalString(payment.totalCents),
          invoice: payment.invoice,
          ipAddress: request.ip,
          at: now(),
          brand: card.brand,
          last4: card.cardNumber.slice(-4),
          expiry: card.expiry,
          name: card.name,
          billZip: card.postal,
        },
        answer,
      );
      const delivery = deliverHostedPageWebhook(webhookUrl, payload, request.log);
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
    }
    // Approved, declined, or already paid by a concurrent press of Pay: the store asks the gateway which.
    return reply.redirect(backToStore, 303);
  });
}
