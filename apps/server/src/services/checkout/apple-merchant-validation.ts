import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AppError } from '../../errors';
import { quietLog, type Log } from '../../log';

/**
 * Apple Pay merchant validation: the browser's `onvalidatemerchant` gives a URL on one of Apple's Apple Pay
 * servers; the store asks it for a merchant session over mutual TLS, with the merchant identity
 * certificate. The URL comes from the browser, so it is checked against Apple's published hosts before
 * anything is sent: no other host, no plain HTTP, no address, no credentials, no other port, ever.
 */
function pods(prefix: string, count: number, disasterRecovery: boolean): string[] {
  return Array.from({ length: count }, (_, index) => [
    `${prefix}${index + 1}.apple.com`,
    ...(disasterRecovery ? [`${prefix}${index + 1}-dr.apple.com`] : []),
  ]).flat();
}

/** Apple's Apple Pay servers for merchant validation, as Apple lists them (production and sandbox). */
const APPLE_PAY_VALIDATION_HOSTS: ReadonlySet<string> = new Set([
  'apple-pay-gateway.apple.com',
  ...pods('apple-pay-gateway-nc-pod', 5, true),
  ...pods('apple-pay-gateway-pr-pod', 5, true),
  'cn-apple-pay-gateway.apple.com',
  ...pods('cn-apple-pay-gateway-sh-pod', 3, true),
  ...pods('cn-apple-pay-gateway-tj-pod', 3, true),
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
]);

const VALIDATION_PATHS = new Set(['/paymentservices/startSession', '/paymentservices/paymentSession']);
const NOT_APPLE = 'The validation URL is not one of Apple Pay\u2019s servers';

/** The validation URL, if it is one of Apple's; a 400 otherwise. */
export function checkValidationUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid', NOT_APPLE);
  }
  const host = url.hostname.toLowerCase();
  if (
    url.protocol !== 'https:' ||
    url.username !== '' ||
    url.password !== '' ||
    url.port !== '' ||
    isIP(host.replace(/^\[|\]$/g, '')) !== 0 ||
    !APPLE_PAY_VALIDATION_HOSTS.has(host) ||
    !VALIDATION_PATHS.has(url.pathname) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new AppError('invalid', NOT_APPLE);
  }
  return url;
}

export interface MerchantSessionRequest {
  merchantIdentifier: string;
  displayName: string;
  initiative: 'web';
  /** The store's host name, as registered with Apple. */
  initiativeContext: string;
}

/** Who gives merchant sessions: Apple over mutual TLS, or the sandbox wallet. */
export interface MerchantSessionClient {
  /** True when Apple Pay does not run for real (sandbox wallet, or no merchant certificate). */
  readonly testModeReason?: string;
  requestSession(url: URL, body: MerchantSessionRequest): Promise<unknown>;
}

/** Apple's merchant session endpoint over mutual TLS, with the merchant identity certificate and key. */
export function createAppleMerchantSessionClient(options: {
  certificate: string | Buffer;
  key: string | Buffer;
  /** Trusted roots; the system's by default (a test passes its own). */
  ca?: string | Buffer;
  timeoutMs: number;
}): MerchantSessionClient {
  return {
    requestSession: (url, body) =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const outgoing = httpsRequest(
          url,
          {
            method: 'POST',
            cert: options.certificate,
            key: options.key,
            ...(options.ca ? { ca: options.ca } : {}),
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
            timeout: options.timeoutMs,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if ((incoming.statusCode ?? 500) >= 300) {
                reject(new Error(`Apple answered HTTP ${incoming.statusCode}`));
                return;
              }
              try {
                resolve(JSON.parse(text) as unknown);
              } catch {
                reject(new Error('Apple answered something that is not JSON'));
              }
            });
            incoming.on('error', reject);
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error('Apple did not answer in time')));
        outgoing.on('error', reject);
        outgoing.end(payload);
      }),
  };
}

/**
 * The sandbox wallet's merchant sessions: the same request, sent to the sandbox gateway instead of Apple.
 * The URL the browser gave was checked like any other; it only says which Apple server would have answered.
 */
export function createSandboxMerchantSessionClient(
  gatewayUrl: () => string,
  testModeReason: string,
): MerchantSessionClient {
  return {
    testModeReason,
    async requestSession(_url, body) {
      const response = await fetch(`${gatewayUrl()}/sandbox-wallet/apple-pay/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The sandbox wallet answered HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
  };
}

/** Asks for a merchant session for the browser's Apple Pay sheet; 502 "Merchant validation failed" when none comes. */
export async function validateMerchant(
  client: MerchantSessionClient,
  validationUrl: string,
  merchant: MerchantSessionRequest,
  log: Log = quietLog,
): Promise<unknown> {
  const url = checkValidationUrl(validationUrl);
  try {
    return await client.requestSession(url, merchant);
  } catch (error) {
    log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'Apple Pay merchant validation failed',
    );
    throw new AppError('gateway_unavailable', 'Merchant validation failed');
  }
}
