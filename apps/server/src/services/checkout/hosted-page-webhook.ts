import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { HostedPageWebhook } from '@store/core';
import { addAuthorizationChecks, findRequestAndPaymentOfOrder } from '../../db/checkout-store';
import { AppError } from '../../errors';
import { keptAnswerOf } from './gateway-answer';
import type { CheckoutDependencies } from './orders';

/**
 * The hosted payment page's webhook (decision 029): the only place a hosted-page payment's address (AVS)
 * and card security code (CVV) results reach the store, since the inquire answers that confirm the payment
 * carry none. CardPointe signs nothing, so two things stand between the open internet and an order's
 * badges: the secret in the address the merchant gave the page (`webhookKeyMatches`), and the store's own
 * records and the gateway's, which must name the same order, transaction and amount. The webhook adds the
 * checks to the order's payment request and nothing else: no status, no money, no message.
 */

/** The path the hosted page posts to; its query carries the secret as `key`. */
export const HOSTED_PAGE_WEBHOOK_PATH = '/api/payment/hosted-page-webhook';

/** Whether the key a webhook came with is the store's secret; in constant time, whatever their lengths. */
export function webhookKeyMatches(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * The secret for the built-in sandbox, which nobody configures: derived from the sandbox's API password,
 * made at random at the first start and kept with the data, so every start and every server on the same
 * database has the same one, and nobody can read it in a README.
 */
function sandboxWebhookSecretOf(sandboxPassword: string): string {
  return createHmac('sha256', sandboxPassword).update('hosted-page-webhook').digest('base64url');
}

/**
 * The webhook's secret: the configured one (HPP_WEBHOOK_SECRET), or with the built-in sandbox one kept with
 * its data. Without either (CardPointe with no HPP_WEBHOOK_SECRET) there is no webhook route.
 */
export function hostedPageWebhookSecretOf(
  configured: string | undefined,
  sandboxCredentials: { password: string } | undefined,
): string | undefined {
  return configured ?? (sandboxCredentials ? sandboxWebhookSecretOf(sandboxCredentials.password) : undefined);
}

/** The address to give the hosted page as its Webhook URL. */
export function hostedPageWebhookUrl(storeUrl: string, secret: string): string {
  return `${storeUrl.replace(/\/+$/, '')}${HOSTED_PAGE_WEBHOOK_PATH}?key=${encodeURIComponent(secret)}`;
}

const NO_SUCH_PAYMENT = 'No such hosted-page payment';

/** An AVS or CVV code as kept: one to four characters; blank (no check reported) or longer is left out. */
function checkCodeOf(value: string | undefined): string | undefined {
  const code = value?.trim();
  return code && code.length <= 4 ? code : undefined;
}

/**
 * Keeps the checks a hosted-page webhook reports, once its facts are the store's and the gateway's: the
 * order exists and was sent to the hosted page for exactly this total; its recorded payment, if any, is
 * this transaction; otherwise the gateway lists this transaction, of this amount, under the order. Anything
 * else is refused as not found, and nothing is written. Answers whether the request changed (a replay
 * changes nothing).
 */
export async function recordHostedPageChecks(
  deps: Pick<CheckoutDependencies, 'orm' | 'gateway'>,
  webhook: HostedPageWebhook,
): Promise<{ changed: boolean }> {
  const found = await findRequestAndPaymentOfOrder(deps.orm, webhook.invoice);
  if (!found || found.request.authorizedBy !== 'hosted_page' || found.request.amountCents !== webhook.total) {
    throw new AppError('not_found', NO_SUCH_PAYMENT);
  }
  const retref = webhook.gatewayTransactionId;
  let approval: boolean;
  if (found.payment) {
    // Confirmed already: only the recorded authorization's own checks are taken.
    if (found.payment.retref !== retref || found.payment.authorizedCents !== webhook.total) {
      throw new AppError('not_found', NO_SUCH_PAYMENT);
    }
    approval = true;
  } else {
    const inquiry = await deps.gateway.inquireByOrderId(webhook.invoice);
    if (!inquiry.ok) {
      throw new AppError(
        'gateway_unavailable',
        'The payment could not be checked with the gateway right now',
      );
    }
    const transaction = inquiry.value.find((candidate) => candidate.retref === retref);
    if (!transaction || transaction.amountCents !== webhook.total) {
      throw new AppError('not_found', NO_SUCH_PAYMENT);
    }
    approval = transaction.approved;
  }
  const kept = keptAnswerOf({
    respcode: webhook.responseCode,
    avsResponse: checkCodeOf(webhook.avsResponseCode),
    cvvResponse: checkCodeOf(webhook.cvvResponseCode),
  });
  const changed = await addAuthorizationChecks(
    deps.orm,
    found.request.requestId,
    { respcode: kept.respcode, avsResponse: kept.avsResponse, cvvResponse: kept.cvvResponse },
    { approval },
  );
  return { changed };
}
