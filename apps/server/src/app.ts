import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { STORE_NAME } from '@store/core';
import { sandboxGatewayPlugin, type ApiCredentials } from '@store/sandbox-gateway';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { REPOSITORY_ROOT } from './repository-root';
import type { Database } from './db/client';
import type { PaymentGateway } from './gateway/payment-gateway';
import { canonicalPathOf } from './http/canonical-path';
import { registerCleanTextCheck } from './http/clean-text';
import { registerClientAddress } from './http/client-address';
import { registerContract } from './http/contract';
import { loggerOptions, registerRequestLog, type LogDestination } from './http/request-log';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerSameOriginCheck } from './http/same-origin';
import { cardFrameAddress } from './gateway/card-frame';
import { registerSecurityHeaders } from './http/security-headers';
import { createStorefrontPage } from './http/storefront-page';
import { registerAdminRoutes } from './routes/admin';
import { registerAdminCustomerRoutes } from './routes/admin/customers';
import { registerDepositRoutes } from './routes/admin/deposits';
import { registerAdminOrderRoutes } from './routes/admin/orders';
import { registerPaymentLinkAdminRoutes } from './routes/admin/payment-links';
import { registerPhoneOrderRoutes } from './routes/admin/phone-orders';
import { registerHostedPageWebhookRoute } from './routes/payment/hosted-page-webhook';
import { hostedPageWebhookSecretOf } from './services/checkout/hosted-page-webhook';
import { registerCatalogRoutes } from './routes/catalog';
import { registerHealthRoutes } from './routes/health';
import { registerOrderRoutes } from './routes/orders';
import { registerPaymentRoutes } from './routes/payment';
import { registerPaymentLinkRoutes } from './routes/payment-links';
import { registerPaymentMethodRoutes } from './routes/payment-methods';
import { registerUserRoutes } from './routes/users';
import { registerWalletRoutes } from './routes/wallets';
import type { MerchantSessionClient } from './services/checkout/apple-merchant-validation';
import type { CloseSandboxBatch } from './gateway/sandbox-batch';
import { createCustomerGuard } from './http/customer-session';

const SANDBOX_PREFIX = '/sandbox';
/** The kinds of file the web build writes .br and .gz copies of (apps/web/precompress-plugin.ts). */
const PRECOMPRESSED = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest|map|ico)$/;

const WEB_DIST = join(REPOSITORY_ROOT, 'apps/web/dist');

export interface AppDependencies {
  config: Config;
  database: Database;
  gateway: PaymentGateway;
  /** With the built-in sandbox: the API credentials it was given at first start; it is mounted at /sandbox. */
  sandboxCredentials?: ApiCredentials;
  /** With the built-in sandbox: closes its batch now (the console's demo control). */
  closeSandboxBatch?: CloseSandboxBatch;
  /** Who gives Apple Pay merchant sessions; none when Apple Pay cannot run. */
  merchantSessions?: MerchantSessionClient;
  /** Serve the built storefront (apps/web/dist) when present; API-only tests leave it off. */
  serveWeb?: boolean;
  /** Where the built storefront is: apps/web/dist unless a test serves a folder of its own. */
  webRoot?: string;
  /** false: no logs; a destination: JSON lines written there (tests); otherwise stdout. */
  logger?: boolean | LogDestination;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : loggerOptions(deps.config.logLevel, typeof deps.logger === 'object' ? deps.logger : undefined),
    // One line for a slow or failed request (registerRequestLog) instead of two for every request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // Only the listed proxies' X-Forwarded-For entries are believed (never `true`: docs/decisions/022).
    trustProxy: deps.config.trustedProxies.length > 0 ? deps.config.trustedProxies : false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  registerClientAddress(app);
  registerRequestLog(app, { slowRequestMs: deps.config.slowRequestMs });

  // The gateway's card frame with the form's parameters: the same address for every page and entry.
  const cardFrame = cardFrameAddress(deps.config.gateway.cardFrameUrl);
  await registerSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    googlePayJs: !deps.sandboxCredentials,
    cardFrameUrl: cardFrame,
  });
  registerErrorHandler(app);
  await registerApiCompression(app);
  await registerContract(app, { publicUrl: deps.config.publicUrl });
  await app.register(fastifyCookie);
  registerSameOriginCheck(app, deps.config.publicUrl);
  registerCleanTextCheck(app, { skipPrefix: `${SANDBOX_PREFIX}/` });
  registerHealthRoutes(app, deps.database.sql, deps.gateway);
  const secureCookies = deps.config.publicUrl.startsWith('https:');
  const secondFactor = deps.config.staffSecondFactor;
  const customers = createCustomerGuard(deps.database.orm, secureCookies);
  // Without a mail server (SMTP_URL) messages are queued and never sent: the console says so.
  const mailServer = Boolean(deps.config.mail.smtpUrl);
  registerAdminRoutes(app, {
    orm: deps.database.orm,
    gateway: deps.gateway,
    secureCookies,
    secondFactor,
    adminIdleMs: deps.config.adminIdleMs,
    refundApprovalAboveCents: deps.config.refundApprovalAboveCents,
    reconcileAfterMs: deps.config.reconcileAfterMs,
    refundsBeforeSettlement: deps.config.refundsBeforeSettlement,
    captureAllConcurrency: deps.config.captureAllConcurrency,
    closeSandboxBatch: deps.closeSandboxBatch,
    publicUrl: deps.config.publicUrl,
    mailServer: mailServer,
    log: app.log,
  });
  registerAdminOrderRoutes(app, {
    orm: deps.database.orm,
    gateway: deps.gateway,
    secureCookies,
    secondFactor,
    refundsBeforeSettlement: deps.config.refundsBeforeSettlement,
    captureOnShipment: deps.config.captureOnShipment,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  registerAdminCustomerRoutes(app, { orm: deps.database.orm, secureCookies, secondFactor });
  registerDepositRoutes(app, { orm: deps.database.orm, secureCookies, secondFactor });
  registerUserRoutes(app, { orm: deps.database.orm, customers });
  registerOrderRoutes(app, { orm: deps.database.orm, customers });
  registerCatalogRoutes(app, { orm: deps.database.orm });
  const checkout = {
    orm: deps.database.orm,
    gateway: deps.gateway,
    publicUrl: deps.config.publicUrl,
    applePayTestModeReason: deps.merchantSessions?.testModeReason,
    log: app.log,
  };
  registerPaymentRoutes(app, { ...checkout, customers });
  registerPhoneOrderRoutes(app, { ...checkout, secureCookies, secondFactor });
  registerPaymentLinkAdminRoutes(app, { ...checkout, secureCookies, secondFactor, mailServer });
  registerPaymentLinkRoutes(app, checkout);
  // The hosted page's webhook (decision 029): only with a secret to check it by.
  const webhookSecret = hostedPageWebhookSecretOf(
    deps.config.hostedPageWebhookSecret,
    deps.sandboxCredentials,
  );
  if (webhookSecret) {
    registerHostedPageWebhookRoute(app, {
      orm: deps.database.orm,
      gateway: deps.gateway,
      secret: webhookSecret,
    });
  }
  registerPaymentMethodRoutes(app, {
    ...checkout,
    customers,
    cardFrameUrl: cardFrame,
    tokenizeProxyAcceptsCards: deps.config.tokenizeProxyAcceptsCards,
  });
  registerWalletRoutes(app, {
    ...checkout,
    customers,
    googlePay: deps.config.googlePay,
    applePay: deps.config.applePay,
    merchantSessions: deps.merchantSessions,
    gatewayMerchantId: deps.config.gateway.merchantId,
    merchantName: STORE_NAME,
    sandboxWalletUrl: deps.sandboxCredentials ? `${SANDBOX_PREFIX}/sandbox-wallet` : undefined,
  });

  if (deps.sandboxCredentials) {
    await app.register(sandboxGatewayPlugin, {
      prefix: SANDBOX_PREFIX,
      db: deps.database.sql,
      merchantId: deps.config.gateway.merchantId,
      ...deps.sandboxCredentials,
      merchantName: STORE_NAME,
      allowedReturnOrigins: [new URL(deps.config.publicUrl).origin],
      // As at CardPointe, a merchant takes refunds of unsettled captures only when set up for it.
      unsettledRefunds: deps.config.sandboxUnsettledRefunds,
    });
  }

  const webRoot = deps.webRoot ?? WEB_DIST;
  const serveWeb = deps.serveWeb !== false && existsSync(webRoot);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The page itself is the storefront page below (with the catalog in it), never the file as built.
      index: false,
      allowedPath: (pathName) => basename(pathName) !== 'index.html',
      // The build writes a .br and a .gz beside each compressible file (apps/web/precompress-plugin.ts):
      // the best one the browser accepts is sent as it is, never compressed again per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: setStaticHeaders,
    });
  }
  const sendStorefrontPage = serveWeb ? createStorefrontPage(webRoot, deps.database.orm) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Every page address belongs to the single-page app: it shows the page, or sends unknown paths to /.
    // Not a build file that is not there (a chunk of an older build): the page instead of a script
    // would be a broken module, and no cache should keep it.
    const canonical = canonicalPathOf(request);
    const page = !['/api/', '/sandbox/', '/assets/'].some((prefix) => canonical.startsWith(prefix));
    if (sendStorefrontPage && request.method === 'GET' && page) {
      return sendStorefrontPage(request, reply);
    }
    return reply
      .status(404)
      .send({ status: 'error', message: `No such endpoint: ${request.method} ${path}` });
  });
  return app;
}

/**
 * API answers (JSON, and the streamed CSV export) compressed when large, brotli or gzip as the client
 * accepts. Registered before the routes it covers (it adds itself to each route as it is declared).
 * Left alone: the static files (sent precompressed, with their Content-Encoding set, which this skips;
 * their types are not in the list either), the sandbox gateway (its own protocol, as CardPointe's: no
 * compression there) and request bodies (no decompression: a compressed body is refused as before).
 */
async function registerApiCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url?.startsWith(`${SANDBOX_PREFIX}/`)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Below about a kilobyte the headers and the work cost more than the bytes saved.
    threshold: 1024,
    customTypes: /^(?:application\/(?:[\w.-]+\+)?json|text\/csv)(?:;|$)/,
    globalDecompression: false,
  });
}

/** A year for the content-hashed build files (a new build gives new names), a check on every visit for
 * the page that names them, an hour for the rest (favicon, robots.txt). */
function setStaticHeaders(response: SetHeadersResponse, filePath: string): void {
  const servedPath = filePath.replace(/\.(?:br|gz)$/, '');
  const name = basename(servedPath);
  if (name === 'index.html') {
    response.setHeader('cache-control', 'no-cache');
  } else if (basename(dirname(servedPath)) === 'assets') {
    response.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else {
    response.setHeader('cache-control', 'public, max-age=3600');
  }
  // Whether a .br or .gz or the file itself is sent depends on Accept-Encoding: caches must know.
  if (PRECOMPRESSED.test(servedPath)) response.setHeader('vary', 'Accept-Encoding');
}
