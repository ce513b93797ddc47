import type { CardBrand } from '@store/core';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SCHEMA, migrateSandboxGateway, quoteSchema } from '../migrate';
import type { SqlClient } from '../sql-client';
import type { AuthResponse } from '../wire';

/**
 * The hosted payment page's webhook, as CardPointe's HPP developer guide describes it ("Using HPP Webhooks
 * to Retrieve Transactions"): after a payment the page POSTs the gateway's authorization answer, with the
 * page's own fields, to the Webhook URL set for the merchant on the HPP admin page (Connect →
 * Notifications), as a URL-encoded JSON string. The guide names no signature, header or retry: whoever
 * receives it can trust only what its address carries and what it can check against the gateway.
 */

/** The fields the sandbox's page sends, named as in the guide's example; every value a string. */
export interface HostedPageWebhookPayload {
  merchantId: string;
  URL: string;
  paymentType: 'CC';
  type: 'Pay';
  total: string;
  invoice: string;
  details: never[];
  ipAddress: string;
  /** The merchant's local time, "YYYY-MM-DD HH:MM:SS". */
  date: string;
  cardType: string;
  /** Never the card number: "**** " and its last four digits. */
  number: string;
  expirationDateMonth: string;
  expirationDateYear: string;
  billFName: string;
  billLName: string;
  billZip: string;
  gatewayTransactionId: string;
  avsResponseCode: string;
  cvvResponseCode: string;
  responseText: string;
  responseCode: string;
  authCode: string;
  responseProc: string;
  token: string;
}

const CARD_TYPE_NAMES: Readonly<Record<CardBrand, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
  UNKNOWN: 'Unknown',
};

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function localTimeOf(date: Date): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `${day} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

/** What the page knows of the payment besides the gateway's answer. No CVV, and of the number its last four. */
export interface HostedPagePayment {
  pageHost: string;
  totalText: string;
  invoice: string;
  ipAddress: string;
  at: Date;
  brand: CardBrand;
  last4: string;
  /** MMYY. */
  expiry: string;
  name: string;
  billZip?: string;
}

/** The webhook's body for one payment attempt, approved or declined. */
export function hostedPageWebhookOf(
  payment: HostedPagePayment,
  answer: AuthResponse,
): HostedPageWebhookPayload {
  const [first, ...rest] = payment.name.trim().split(/\s+/);
  return {
    merchantId: answer.merchid,
    URL: payment.pageHost,
    paymentType: 'CC',
    type: 'Pay',
    total: payment.totalText,
    invoice: payment.invoice,
    details: [],
    ipAddress: payment.ipAddress,
    date: localTimeOf(payment.at),
    cardType: CARD_TYPE_NAMES[payment.brand],
    number: `**** ${payment.last4}`,
    expirationDateMonth: payment.expiry.slice(0, 2),
    expirationDateYear: `20${payment.expiry.slice(2, 4)}`,
    billFName: first ?? '',
    billLName: rest.join(' '),
    billZip: payment.billZip ?? '',
    gatewayTransactionId: answer.retref,
    avsResponseCode: answer.avsresp ?? '',
    cvvResponseCode: answer.cvvresp ?? '',
    responseText: answer.resptext,
    responseCode: answer.respcode,
    authCode: answer.authcode ?? '',
    responseProc: answer.respproc,
    token: answer.token ?? '',
  };
}

/** The body as the guide says the page sends it: the JSON text, URL-encoded. */
function encodeWebhookBody(payload: HostedPageWebhookPayload): string {
  return encodeURIComponent(JSON.stringify(payload));
}

/** How long one delivery may take: the shopper never waits for it, but a shutdown does. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Posts the webhook once (the guide promises no retry, so neither does the sandbox) and reports whether
 * the receiver took it. A failure is logged with the receiver's host and path only: the address's query
 * may hold the receiver's secret, and the body is never logged.
 */
export async function deliverHostedPageWebhook(
  url: string,
  payload: HostedPageWebhookPayload,
  log: FastifyBaseLogger,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<boolean> {
  const target = new URL(url);
  const where = { host: target.host, path: target.pathname, invoice: payload.invoice };
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeWebhookBody(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return true;
    log.warn({ ...where, statusCode: response.status }, 'hosted page webhook refused');
  } catch (error) {
    log.warn({ ...where, reason: (error as Error).message }, 'hosted page webhook not delivered');
  }
  return false;
}

/** The merchant's hosted page settings, kept in the sandbox's tables as CardPointe keeps them for a merchant. */
export class HppSettingsStore {
  private readonly table: string;

  constructor(
    private readonly db: SqlClient,
    schema: string,
  ) {
    this.table = `${quoteSchema(schema)}.hpp_settings`;
  }

  async webhookUrl(merchid: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ webhook_url: string | null }>(
      `SELECT webhook_url FROM ${this.table} WHERE merchid = $1`,
      [merchid],
    );
    return rows[0]?.webhook_url ?? undefined;
  }
}

/**
 * Sets (or, with null, clears) the Webhook URL of a merchant's hosted page: what the merchant types on
 * CardPointe's HPP admin page. Only http(s) addresses are taken.
 */
export async function setHostedPageWebhookUrl(
  db: SqlClient,
  merchid: string,
  url: string | null,
  schema: string = DEFAULT_SCHEMA,
): Promise<void> {
  if (url !== null) {
    const protocol = new URL(url).protocol;
    if (protocol !== 'http:' && protocol !== 'https:') throw new Error('The webhook URL must be http(s)');
  }
  await migrateSandboxGateway(db, schema);
  await db.query(
    `INSERT INTO ${quoteSchema(schema)}.hpp_settings (merchid, webhook_url, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (merchid) DO UPDATE SET webhook_url = excluded.webhook_url, updated_at = excluded.updated_at`,
    [merchid, url],
  );
}
