import { isIP } from 'node:net';
import {
  parseDollars,
  REFUND_APPROVAL_DEFAULT_CENTS,
  STAFF_IDLE_MINUTES,
  STAFF_SECOND_FACTOR_POLICIES,
  STAFF_STEP_UP_MINUTES,
  type SecondFactorRule,
  STORE_NAME,
  type StaffSecondFactorPolicy,
} from '@store/core';
import { SANDBOX_APPLE_MERCHANT_ID, SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import { z } from 'zod';

/**
 * How many captures Capture All keeps in flight towards the gateway at once, unless set otherwise
 * (CAPTURE_ALL_CONCURRENCY). CardPointe documents no limit for capture (its rate limits are on inquire,
 * funding, profile and settlestat, in UAT), and a capture only marks the authorization for the batch, so
 * it answers quickly: 32 at once gets 1,000 captures through in under 2 s at 50 ms a call, while asking
 * no more of the gateway than a few browsers' worth of connections.
 */
export const DEFAULT_CAPTURE_ALL_CONCURRENCY = 32;

/**
 * Typed configuration, parsed once at start from the environment. Every bad value is reported on a line
 * of its own, naming the variable, and the process stops before it listens.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlText = (name: string) =>
  optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/.test(value), {
    message: `${name} must be an http(s) URL`,
  });

/** What SMTP_URL looks like: the scheme says whether TLS starts at once (smtps) or by STARTTLS (smtp). */
const SMTP_URL_EXAMPLE = 'e.g. smtp://user:password@mail.example.com:587 or smtps://mail.example.com';

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One address, bare or with a display name: `orders@shop.example` or `Shop <orders@shop.example>`. */
const MAIL_ADDRESS = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * The host that names the store's mail: MAIL_FROM's default address and the right-hand side of every
 * Message-ID (decision 027). PUBLIC_URL's host, or localhost (PUBLIC_URL's own default) where none is known.
 */
export function mailDomainOf(publicUrl: string | undefined): string {
  if (!publicUrl) return 'localhost';
  const host = new URL(publicUrl).hostname;
  // An IPv4 address is written as a literal in brackets, as URLs already write IPv6 ones.
  return isIP(host) === 4 ? `[${host}]` : host;
}

/** proxy-addr's named ranges, which Fastify takes beside addresses and CIDR ranges. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_EXAMPLE = 'e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8,loopback';

function trustedProxiesOf(value: string | undefined): string[] {
  if (value === undefined || value.toLowerCase() === 'false') return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => (NAMED_PROXY_RANGES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function isProxyRange(entry: string): boolean {
  // Zone ids (fe80::1%eth0) are not compared by proxy-addr.
  if (entry.includes('%')) return false;
  if (NAMED_PROXY_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  const family = match ? isIP(match[1]!) : 0;
  return family !== 0 && Number(match![2]) <= (family === 4 ? 32 : 128);
}

/**
 * `true` and hop counts would take a forged left-hand X-Forwarded-For entry for the client whenever the
 * proxy appends the real one: a new "client" for every sign-in guess. Only the proxies' own addresses are
 * trusted, so the client is the last address a trusted proxy saw.
 */
function trustedProxyProblems(value: string | undefined): string[] {
  if (value === undefined) return [];
  if (value.toLowerCase() === 'true') {
    return [
      `TRUST_PROXY=true would believe whatever X-Forwarded-For a client sends: list the proxies' addresses instead, ${TRUST_PROXY_EXAMPLE}`,
    ];
  }
  if (/^\d+$/.test(value)) {
    return [
      `TRUST_PROXY=${value} (a number of hops) cannot tell a proxy from a client: list the proxies' addresses instead, ${TRUST_PROXY_EXAMPLE}`,
    ];
  }
  return trustedProxiesOf(value)
    .filter((entry) => !isProxyRange(entry))
    .map(
      (entry) =>
        `TRUST_PROXY entry "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
}

const environmentSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: optionalText.default('127.0.0.1'),
    DATA_DIR: optionalText.default('./data'),
    DATABASE_URL: optionalText.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      'DATABASE_URL must start with postgres:// or postgresql://',
    ),
    PUBLIC_URL: urlText('PUBLIC_URL'),
    GATEWAY: z
      .enum(['sandbox', 'cardpointe'], { error: 'GATEWAY must be "sandbox" or "cardpointe"' })
      .default('sandbox'),
    CARDPOINTE_SITE: optionalText.refine(
      (value) => value === undefined || /^[a-z0-9-]+$/i.test(value),
      'CARDPOINTE_SITE must be the site name only, e.g. "fts-uat"',
    ),
    CARDPOINTE_URL: urlText('CARDPOINTE_URL'),
    CARDPOINTE_MERCHANT_ID: optionalText,
    CARDPOINTE_USERNAME: optionalText,
    CARDPOINTE_PASSWORD: optionalText,
    CARDPOINTE_HPP_URL: urlText('CARDPOINTE_HPP_URL'),
    HPP_WEBHOOK_SECRET: optionalText
      .refine(
        (value) => value === undefined || value.length >= 32,
        'HPP_WEBHOOK_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)',
      )
      .refine(
        (value) => value === undefined || /^[A-Za-z0-9._~-]*$/.test(value),
        'HPP_WEBHOOK_SECRET may hold only letters, digits and . _ ~ - (it is sent in the webhook address)',
      )
      .refine(
        (value) => value === undefined || value.length <= 200,
        'HPP_WEBHOOK_SECRET must be at most 200 characters',
      ),
    GATEWAY_TIMEOUT_MS: z.coerce
      .number({ error: 'GATEWAY_TIMEOUT_MS must be a number' })
      .int('GATEWAY_TIMEOUT_MS must be a whole number')
      .min(1000, 'GATEWAY_TIMEOUT_MS must be at least 1000')
      .default(30_000),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.refine(
      (value) => value === undefined || value.length >= 12,
      'ADMIN_PASSWORD must have at least 12 characters',
    ),
    REFUND_APPROVAL_ABOVE: optionalText.transform((value, context) => {
      if (value === undefined) return REFUND_APPROVAL_DEFAULT_CENTS;
      if (value === 'off') return null;
      const parsed = /^\d{1,7}(\.\d{1,2})?$/.test(value) ? parseDollars(value) : undefined;
      if (!parsed?.ok) {
        context.addIssue({
          code: 'custom',
          message: 'REFUND_APPROVAL_ABOVE must be an amount in dollars (e.g. 250 or 99.50) or off',
        });
        return z.NEVER;
      }
      return parsed.cents;
    }),
    STAFF_SECOND_FACTOR: z
      .enum([...STAFF_SECOND_FACTOR_POLICIES, ''], {
        error: 'STAFF_SECOND_FACTOR must be owners-and-managers, everyone or off',
      })
      .optional()
      .transform((value): StaffSecondFactorPolicy => (value ? value : 'owners-and-managers')),
    ADMIN_STEP_UP_MINUTES: z.coerce
      .number({ error: 'ADMIN_STEP_UP_MINUTES must be a number' })
      .int('ADMIN_STEP_UP_MINUTES must be a whole number')
      .min(1, `ADMIN_STEP_UP_MINUTES must be between 1 and ${STAFF_STEP_UP_MINUTES}`)
      .max(STAFF_STEP_UP_MINUTES, `ADMIN_STEP_UP_MINUTES must be between 1 and ${STAFF_STEP_UP_MINUTES}`)
      .default(STAFF_STEP_UP_MINUTES),
    ADMIN_IDLE_MINUTES: z.coerce
      .number({ error: 'ADMIN_IDLE_MINUTES must be a number' })
      .int('ADMIN_IDLE_MINUTES must be a whole number')
      .min(2, `ADMIN_IDLE_MINUTES must be between 2 and ${STAFF_IDLE_MINUTES}`)
      .max(STAFF_IDLE_MINUTES, `ADMIN_IDLE_MINUTES must be between 2 and ${STAFF_IDLE_MINUTES}`)
      .default(STAFF_IDLE_MINUTES),
    TRUST_PROXY: optionalText.transform((value, context) => {
      const problems = trustedProxyProblems(value);
      for (const message of problems) context.addIssue({ code: 'custom', message });
      return problems.length > 0 ? z.NEVER : trustedProxiesOf(value);
    }),
    CAPTURE_ALL_CONCURRENCY: z.coerce
      .number({ error: 'CAPTURE_ALL_CONCURRENCY must be a number' })
      .int('CAPTURE_ALL_CONCURRENCY must be a whole number')
      .min(1, 'CAPTURE_ALL_CONCURRENCY must be between 1 and 100')
      .max(100, 'CAPTURE_ALL_CONCURRENCY must be between 1 and 100')
      .default(DEFAULT_CAPTURE_ALL_CONCURRENCY),
    RECONCILE_AFTER_MS: z.coerce
      .number({ error: 'RECONCILE_AFTER_MS must be a number' })
      .int('RECONCILE_AFTER_MS must be a whole number')
      .min(0, 'RECONCILE_AFTER_MS must not be negative')
      .optional(),
    REFUNDS_BEFORE_SETTLEMENT: z
      .enum(['schedule', 'refuse', ''], {
        error: 'REFUNDS_BEFORE_SETTLEMENT must be "schedule" or "refuse"',
      })
      .optional()
      .transform((value) => (value === 'refuse' ? 'refuse' : 'schedule')),
    CAPTURE_ON_SHIPMENT: z
      .enum(['true', 'false', ''], { error: 'CAPTURE_ON_SHIPMENT must be true or false' })
      .optional()
      .transform((value) => value !== 'false'),
    TOKENIZE_PROXY_ACCEPTS_CARDS: z
      .enum(['true', 'false', ''], { error: 'TOKENIZE_PROXY_ACCEPTS_CARDS must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    SANDBOX_UNSETTLED_REFUNDS: z
      .enum(['true', 'false', ''], { error: 'SANDBOX_UNSETTLED_REFUNDS must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    GOOGLE_PAY_ENVIRONMENT: z
      .enum(['TEST', 'PRODUCTION', ''], { error: 'GOOGLE_PAY_ENVIRONMENT must be TEST or PRODUCTION' })
      .optional()
      .transform((value) => (value === 'PRODUCTION' ? 'PRODUCTION' : 'TEST')),
    GOOGLE_PAY_MERCHANT_ID: optionalText,
    GOOGLE_PAY_MERCHANT_NAME: optionalText.default(STORE_NAME),
    APPLE_PAY_MERCHANT_ID: optionalText,
    APPLE_PAY_DISPLAY_NAME: optionalText.default(STORE_NAME),
    APPLE_PAY_CERTIFICATE_FILE: optionalText,
    APPLE_PAY_KEY_FILE: optionalText,
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: optionalText,
    // Never echoed back: the URL may hold the mail server's password.
    SMTP_URL: optionalText.refine(
      (value) => value === undefined || isSmtpUrl(value),
      `SMTP_URL must be an smtp:// or smtps:// URL with a host, ${SMTP_URL_EXAMPLE}`,
    ),
    MAIL_FROM: optionalText.refine(
      (value) => value === undefined || MAIL_ADDRESS.test(value),
      'MAIL_FROM must be one email address, e.g. orders@shop.example or "Shop name <orders@shop.example>"',
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    // Empty means unset, as for the text settings (a bare number coercion would read it as 0).
    LOG_SLOW_REQUEST_MS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ error: 'LOG_SLOW_REQUEST_MS must be a number' })
        .int('LOG_SLOW_REQUEST_MS must be a whole number')
        .min(0, 'LOG_SLOW_REQUEST_MS must not be negative')
        .default(1000),
    ),
  })
  .superRefine((env, context) => {
    // A request may spend a gateway time-out on the money call and another on asking what happened:
    // reconciliation must never take an operation that is still being worked on for a lost one.
    const reconcileFloor = 2 * env.GATEWAY_TIMEOUT_MS + 1000;
    if (env.RECONCILE_AFTER_MS !== undefined && env.RECONCILE_AFTER_MS < reconcileFloor) {
      context.addIssue({
        code: 'custom',
        path: ['RECONCILE_AFTER_MS'],
        message: `RECONCILE_AFTER_MS must be at least twice GATEWAY_TIMEOUT_MS plus 1000 (${reconcileFloor})`,
      });
    }
    if (env.GOOGLE_PAY_ENVIRONMENT === 'PRODUCTION' && !env.GOOGLE_PAY_MERCHANT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_PAY_MERCHANT_ID'],
        message: 'GOOGLE_PAY_MERCHANT_ID is required when GOOGLE_PAY_ENVIRONMENT=PRODUCTION',
      });
    }
    if (Boolean(env.APPLE_PAY_CERTIFICATE_FILE) !== Boolean(env.APPLE_PAY_KEY_FILE)) {
      context.addIssue({
        code: 'custom',
        path: ['APPLE_PAY_KEY_FILE'],
        message: 'APPLE_PAY_CERTIFICATE_FILE and APPLE_PAY_KEY_FILE go together: set both or neither',
      });
    }
    if (env.APPLE_PAY_CERTIFICATE_FILE && !env.APPLE_PAY_MERCHANT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['APPLE_PAY_MERCHANT_ID'],
        message: 'APPLE_PAY_MERCHANT_ID is required with an Apple Pay merchant certificate',
      });
    }
    if (env.GATEWAY !== 'cardpointe') return;
    const required = [
      'CARDPOINTE_MERCHANT_ID',
      'CARDPOINTE_USERNAME',
      'CARDPOINTE_PASSWORD',
      'CARDPOINTE_HPP_URL',
    ] as const;
    for (const key of required) {
      if (!env[key])
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when GATEWAY=cardpointe`,
        });
    }
    if (!env.CARDPOINTE_SITE && !env.CARDPOINTE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['CARDPOINTE_SITE'],
        message: 'CARDPOINTE_SITE (or CARDPOINTE_URL) is required when GATEWAY=cardpointe',
      });
    }
  });

interface GatewaySettings {
  merchantId: string;
  /** The hosted payment page; for the mounted sandbox, `${publicUrl}/sandbox/hpp`. */
  hostedPageUrl: string;
  /**
   * CardPointe's Hosted iFrame Tokenizer, where a customer types a card number to save it: on the
   * merchant's CardPointe site, or `${publicUrl}/sandbox/itoke/ajax-tokenizer.html` for the mounted sandbox.
   */
  cardFrameUrl: string;
  timeoutMs: number;
}

type GatewayConfig =
  | (GatewaySettings & {
      kind: 'cardpointe';
      /** Base URL of the CardPointe REST API and CardSecure. */
      baseUrl: string;
      username: string;
      password: string;
    })
  /** The mounted sandbox: its address is known once listening, its credentials are made at first start. */
  | (GatewaySettings & { kind: 'sandbox' });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The address shoppers use; redirects after payment must point back here. */
  publicUrl: string;
  gateway: GatewayConfig;
  /**
   * The secret the hosted payment page's webhook address carries (HPP_WEBHOOK_SECRET): without one, the
   * store takes no webhook from CardPointe; the built-in sandbox makes its own when none is set.
   */
  hostedPageWebhookSecret?: string;
  logLevel: string;
  /** Requests that take at least this long are logged (warn); 0 logs every request. */
  slowRequestMs: number;
  /** The first admin, created at start when the store has none. */
  firstAdmin: { username?: string; password?: string };
  /** Who must have a second factor, and prove it again after 15 minutes, before moving money (decision 059). */
  /** Who must prove a second factor before moving money, and for how long a proof lasts. */
  staffSecondFactor: SecondFactorRule;
  /** A refund above this many cents needs a second person's approval (decision 058); null: none does. */
  refundApprovalAboveCents: number | null;
  /** A console session ends after this long without activity (PCI DSS 4.0.1 8.2.8: at most 15 minutes). */
  adminIdleMs: number;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, proxy-addr's named
   * ranges); none: the client is the connection's address.
   */
  trustedProxies: string[];
  /** Money operations left unconfirmed this long are settled from the gateway's records. */
  reconcileAfterMs: number;
  /** How many captures Capture All keeps in flight towards the gateway at once. */
  captureAllConcurrency: number;
  /** A refund of a capture not settled yet, declined by the gateway: kept and sent after settlement, or refused. */
  refundsBeforeSettlement: 'schedule' | 'refuse';
  /** Marking an authorized order shipped captures it in the same action (on unless CAPTURE_ON_SHIPMENT=false). */
  captureOnShipment: boolean;
  /** The built-in sandbox merchant takes refunds of unsettled captures (off, as CardPointe's default). */
  sandboxUnsettledRefunds: boolean;
  /**
   * `tokenize-proxy` takes card numbers too (TOKENIZE_PROXY_ACCEPTS_CARDS=true): the store's server then
   * receives cardholder data, and the shop files PCI DSS SAQ D rather than SAQ A. Off by default.
   */
  tokenizeProxyAcceptsCards: boolean;
  googlePay: GooglePayConfig;
  applePay: ApplePayConfig;
  mail: MailConfig;
}

/** How the store's messages leave the outbox (decision 027). */
interface MailConfig {
  /** The mail server (SMTP_URL); without one, messages stay in the outbox and nothing is sent. */
  smtpUrl?: string;
  /** The sender every message names (MAIL_FROM). */
  from: string;
}

export interface ApplePayConfig {
  /** The merchant identifier registered with Apple, e.g. merchant.com.example.store. */
  merchantId?: string;
  displayName: string;
  /** The merchant identity certificate and its key (PEM files), for merchant validation over mutual TLS. */
  identity?: { certificateFile: string; keyFile: string };
  /** Apple's domain-association file, served at /.well-known/apple-developer-merchantid-domain-association. */
  domainAssociationFile?: string;
}

export interface GooglePayConfig {
  /** Google's TEST environment gives dummy cards; PRODUCTION charges real ones. */
  environment: 'TEST' | 'PRODUCTION';
  /** The merchant id Google issues (Google Pay & Wallet Console); required in PRODUCTION. */
  merchantId?: string;
  merchantName: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const cardpointeUrl = (env.CARDPOINTE_URL ?? `https://${env.CARDPOINTE_SITE}.cardconnect.com`).replace(
    /\/+$/,
    '',
  );
  const gateway: GatewayConfig =
    env.GATEWAY === 'cardpointe'
      ? {
          kind: 'cardpointe',
          baseUrl: cardpointeUrl,
          cardFrameUrl: `${cardpointeUrl}/itoke/ajax-tokenizer.html`,
          merchantId: env.CARDPOINTE_MERCHANT_ID!,
          username: env.CARDPOINTE_USERNAME!,
          password: env.CARDPOINTE_PASSWORD!,
          hostedPageUrl: env.CARDPOINTE_HPP_URL!,
          timeoutMs: env.GATEWAY_TIMEOUT_MS,
        }
      : {
          kind: 'sandbox',
          merchantId: SANDBOX_CREDENTIALS.merchantId,
          hostedPageUrl: `${publicUrl}/sandbox/hpp`,
          cardFrameUrl: `${publicUrl}/sandbox/itoke/ajax-tokenizer.html`,
          timeoutMs: env.GATEWAY_TIMEOUT_MS,
        };
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    gateway,
    ...(env.HPP_WEBHOOK_SECRET ? { hostedPageWebhookSecret: env.HPP_WEBHOOK_SECRET } : {}),
    logLevel: env.LOG_LEVEL,
    slowRequestMs: env.LOG_SLOW_REQUEST_MS,
    firstAdmin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    adminIdleMs: env.ADMIN_IDLE_MINUTES * 60 * 1000,
    refundApprovalAboveCents: env.REFUND_APPROVAL_ABOVE,
    staffSecondFactor: { policy: env.STAFF_SECOND_FACTOR, stepUpMs: env.ADMIN_STEP_UP_MINUTES * 60 * 1000 },
    trustedProxies: env.TRUST_PROXY,
    reconcileAfterMs: env.RECONCILE_AFTER_MS ?? 2 * env.GATEWAY_TIMEOUT_MS + 30_000,
    captureAllConcurrency: env.CAPTURE_ALL_CONCURRENCY,
    refundsBeforeSettlement: env.REFUNDS_BEFORE_SETTLEMENT,
    captureOnShipment: env.CAPTURE_ON_SHIPMENT,
    sandboxUnsettledRefunds: env.SANDBOX_UNSETTLED_REFUNDS,
    tokenizeProxyAcceptsCards: env.TOKENIZE_PROXY_ACCEPTS_CARDS,
    applePay: {
      // The sandbox wallet's processing key belongs to a merchant identifier of its own.
      merchantId:
        env.APPLE_PAY_MERCHANT_ID ?? (env.GATEWAY === 'sandbox' ? SANDBOX_APPLE_MERCHANT_ID : undefined),
      displayName: env.APPLE_PAY_DISPLAY_NAME,
      ...(env.APPLE_PAY_CERTIFICATE_FILE && env.APPLE_PAY_KEY_FILE
        ? { identity: { certificateFile: env.APPLE_PAY_CERTIFICATE_FILE, keyFile: env.APPLE_PAY_KEY_FILE } }
        : {}),
      domainAssociationFile: env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE,
    },
    googlePay: {
      environment: env.GOOGLE_PAY_ENVIRONMENT,
      merchantId: env.GOOGLE_PAY_MERCHANT_ID,
      merchantName: env.GOOGLE_PAY_MERCHANT_NAME,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${STORE_NAME} <orders@${mailDomainOf(publicUrl)}>`,
    },
  };
}
