import { ConfigError } from '../config';
import type { MerchantCheckFailure, PaymentGateway } from './payment-gateway';

/** What a person must put right, by the gateway's reason for refusing the merchant account. */
function problemOf(failure: MerchantCheckFailure, merchantId: string, baseUrl: string): string | undefined {
  switch (failure.kind) {
    case 'wrong-credentials':
      return (
        `CardPointe (${baseUrl}) refused the API credentials for merchant ${merchantId}. ` +
        'Check CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD: they must be the API credentials issued for this ' +
        'merchant on this site.'
      );
    case 'unknown-merchant':
      return (
        `CardPointe (${baseUrl}) does not know merchant ${merchantId}. Check CARDPOINTE_MERCHANT_ID, and that ` +
        'CARDPOINTE_SITE (or CARDPOINTE_URL) is the site this merchant is boarded to.'
      );
    case 'merchant-disabled':
      return (
        `Merchant ${merchantId} is not enabled at CardPointe (${baseUrl}). Check CARDPOINTE_MERCHANT_ID, or ` +
        'have CardPointe enable the merchant account.'
      );
    case 'unavailable':
      return undefined;
  }
}

/**
 * Asks CardPointe once, at start, whether the configured credentials and merchant id can be used
 * (inquireMerchant). A refusal is a configuration error: the store does not start, and says which setting
 * to check. A gateway that does not answer is not: the store starts, `/readyz` reports the gateway, and
 * every payment call tries again.
 */
export async function checkMerchantAtStart(
  gateway: PaymentGateway,
  settings: { merchantId: string; baseUrl: string },
  warn: (message: string) => void,
): Promise<void> {
  const check = await gateway.inquireMerchant();
  if (check.ok) return;
  const problem = problemOf(check, settings.merchantId, settings.baseUrl);
  if (problem) throw new ConfigError([problem]);
  warn(
    `CardPointe (${settings.baseUrl}) could not be asked about merchant ${settings.merchantId} at start ` +
      `(${check.message}); starting anyway, /readyz reports the gateway until it answers.`,
  );
}
