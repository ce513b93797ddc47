import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configProblems as problemsOf } from './testing/config-problems';

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.gateway).toMatchObject({
      kind: 'sandbox',
      hostedPageUrl: 'http://localhost:3000/sandbox/hpp',
    });
  });

  it('reads PostgreSQL, a public address and a port', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db/shop',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://shop@db/shop',
      publicUrl: 'https://shop.example',
    });
    expect(config.gateway.hostedPageUrl).toBe('https://shop.example/sandbox/hpp');
  });

  it('configures CardPointe from its site and credentials', () => {
    const config = loadConfig({
      GATEWAY: 'cardpointe',
      CARDPOINTE_SITE: 'fts-uat',
      CARDPOINTE_MERCHANT_ID: '496160873888',
      CARDPOINTE_USERNAME: 'user',
      CARDPOINTE_PASSWORD: 'secret',
      CARDPOINTE_HPP_URL: 'https://shop.securepay.cardpointe.com/pay',
    });
    expect(config.gateway).toMatchObject({
      kind: 'cardpointe',
      baseUrl: 'https://fts-uat.cardconnect.com',
      merchantId: '496160873888',
      hostedPageUrl: 'https://shop.securepay.cardpointe.com/pay',
    });
  });

  it('names every bad value on a line of its own', () => {
    expect(
      problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', GATEWAY: 'stripe', PUBLIC_URL: 'shop' }),
    ).toEqual([
      'PORT must be a number',
      'DATABASE_URL must start with postgres:// or postgresql://',
      'PUBLIC_URL must be an http(s) URL',
      'GATEWAY must be "sandbox" or "cardpointe"',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be between 0 and 65535']);
    expect(problemsOf({ GATEWAY_TIMEOUT_MS: '5000', RECONCILE_AFTER_MS: '10000' })).toEqual([
      'RECONCILE_AFTER_MS must be at least twice GATEWAY_TIMEOUT_MS plus 1000 (11000)',
    ]);
  });

  it('schedules refunds before settlement by default, and takes the merchant settings', () => {
    expect(loadConfig({})).toMatchObject({
      refundsBeforeSettlement: 'schedule',
      sandboxUnsettledRefunds: false,
    });
    expect(
      loadConfig({ REFUNDS_BEFORE_SETTLEMENT: 'refuse', SANDBOX_UNSETTLED_REFUNDS: 'true' }),
    ).toMatchObject({ refundsBeforeSettlement: 'refuse', sandboxUnsettledRefunds: true });
    expect(problemsOf({ REFUNDS_BEFORE_SETTLEMENT: 'later', SANDBOX_UNSETTLED_REFUNDS: 'yes' })).toEqual([
      'REFUNDS_BEFORE_SETTLEMENT must be "schedule" or "refuse"',
      'SANDBOX_UNSETTLED_REFUNDS must be true or false',
    ]);
  });

  it('logs requests slower than a second by default, or slower than LOG_SLOW_REQUEST_MS', () => {
    expect(loadConfig({}).slowRequestMs).toBe(1000);
    expect(loadConfig({ LOG_SLOW_REQUEST_MS: '' }).slowRequestMs).toBe(1000);
    expect(loadConfig({ LOG_SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(loadConfig({ LOG_SLOW_REQUEST_MS: '0' }).slowRequestMs).toBe(0);
    expect(problemsOf({ LOG_SLOW_REQUEST_MS: 'slow' })).toEqual(['LOG_SLOW_REQUEST_MS must be a number']);
    expect(problemsOf({ LOG_SLOW_REQUEST_MS: '1.5' })).toEqual([
      'LOG_SLOW_REQUEST_MS must be a whole number',
    ]);
    expect(problemsOf({ LOG_SLOW_REQUEST_MS: '-1' })).toEqual(['LOG_SLOW_REQUEST_MS must not be negative']);
  });

  it('lists what CardPointe still needs', () => {
    expect(problemsOf({ GATEWAY: 'cardpointe', CARDPOINTE_USERNAME: 'user' })).toEqual([
      'CARDPOINTE_MERCHANT_ID is required when GATEWAY=cardpointe',
      'CARDPOINTE_PASSWORD is required when GATEWAY=cardpointe',
      'CARDPOINTE_HPP_URL is required when GATEWAY=cardpointe',
      'CARDPOINTE_SITE (or CARDPOINTE_URL) is required when GATEWAY=cardpointe',
    ]);
  });

  it('takes the hosted page webhook secret only long and URL-safe, and has none unless set', () => {
    expect(loadConfig({}).hostedPageWebhookSecret).toBeUndefined();
    const secret = 'f'.repeat(64);
    expect(loadConfig({ HPP_WEBHOOK_SECRET: secret }).hostedPageWebhookSecret).toBe(secret);
    expect(problemsOf({ HPP_WEBHOOK_SECRET: 'short' })).toEqual([
      'HPP_WEBHOOK_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)',
    ]);
    expect(problemsOf({ HPP_WEBHOOK_SECRET: `${'a'.repeat(32)}&key=x` })).toEqual([
      'HPP_WEBHOOK_SECRET may hold only letters, digits and . _ ~ - (it is sent in the webhook address)',
    ]);
    expect(problemsOf({ HPP_WEBHOOK_SECRET: 'a'.repeat(201) })).toEqual([
      'HPP_WEBHOOK_SECRET must be at most 200 characters',
    ]);
  });

  it("runs Google Pay in TEST by default and refuses PRODUCTION without Google's merchant id", () => {
    expect(loadConfig({}).googlePay).toEqual({
      environment: 'TEST',
      merchantId: undefined,
      merchantName: 'Paperline Office Supply',
    });
    expect(problemsOf({ GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION' })).toEqual([
      'GOOGLE_PAY_MERCHANT_ID is required when GOOGLE_PAY_ENVIRONMENT=PRODUCTION',
    ]);
    expect(problemsOf({ GOOGLE_PAY_ENVIRONMENT: 'LIVE' })).toEqual([
      'GOOGLE_PAY_ENVIRONMENT must be TEST or PRODUCTION',
    ]);
    const live = loadConfig({
      GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION',
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T0000000',
    });
    expect(live.googlePay).toMatchObject({ environment: 'PRODUCTION', merchantId: 'BCR2DN4T0000000' });
  });

  it('keeps mail in the outbox without SMTP_URL, and sends it from the store at PUBLIC_URL’s host by default', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Paperline Office Supply <orders@localhost>',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).mail.from).toBe(
      'Paperline Office Supply <orders@shop.example>',
    );
    // An address as host is written as a literal, as mail addresses take it.
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).mail.from).toBe(
      'Paperline Office Supply <orders@[127.0.0.1]>',
    );
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mailer:s%40cret@mail.shop.example:465',
        MAIL_FROM: 'orders@shop.example',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://mailer:s%40cret@mail.shop.example:465', from: 'orders@shop.example' });
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Shop <orders@shop.example>' }).mail,
    ).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Shop <orders@shop.example>',
    });
  });

  it('refuses a mail server that is not an smtp(s) URL and a sender that is not one address, never echoing the URL', () => {
    const smtpProblem =
      'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:password@mail.example.com:587 or smtps://mail.example.com';
    for (const bad of [
      'https://mailer:hunter2@mail.shop.example',
      'mail.shop.example:587',
      'smtp://',
      'smtp:hunter2',
    ]) {
      expect(problemsOf({ SMTP_URL: bad }), bad).toEqual([smtpProblem]);
    }
    expect(problemsOf({ SMTP_URL: 'https://mailer:hunter2@mail.shop.example' }).join('\n')).not.toContain(
      'hunter2',
    );
    const fromProblem =
      'MAIL_FROM must be one email address, e.g. orders@shop.example or "Shop name <orders@shop.example>"';
    for (const bad of ['orders', 'Shop <orders>', 'a@b.example, c@d.example', 'Shop <orders@shop.example']) {
      expect(problemsOf({ MAIL_FROM: bad }), bad).toEqual([fromProblem]);
    }
  });
});
