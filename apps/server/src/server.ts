import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ensureSandboxCredentials, setHostedPageWebhookUrl } from '@store/sandbox-gateway';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { LogDestination } from './http/request-log';
import { createCardPointeGateway } from './gateway/cardpointe-gateway';
import type { PaymentGateway } from './gateway/payment-gateway';
import { checkMerchantAtStart } from './gateway/merchant-check';
import { createSandboxBatchControl } from './gateway/sandbox-batch';
import { provisionFirstAdmin } from './services/accounts/admin-accounts';
import {
  createAppleMerchantSessionClient,
  createSandboxMerchantSessionClient,
  type MerchantSessionClient,
} from './services/checkout/apple-merchant-validation';
import { startUpkeep } from './services/upkeep';
import { hostedPageWebhookSecretOf, hostedPageWebhookUrl } from './services/checkout/hosted-page-webhook';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  gateway: PaymentGateway;
  /** Set when this start created the first admin with a generated password, to be shown once. */
  firstAdmin?: { username: string; generatedPassword?: string };
  close(): Promise<void>;
}

/**
 * Opens the database, wires the gateway and starts listening. With the built-in sandbox, the gateway is
 * mounted at /sandbox in this process and still spoken to over HTTP, at the address the server listens on.
 */
export async function startServer(
  config: Config,
  options: {
    database?: Database;
    serveWeb?: boolean;
    /** false: no logs; a destination: JSON lines written there (tests); otherwise stdout. */
    logger?: boolean | LogDestination;
    /** Off only for tests that run each upkeep step themselves, at the moment they choose. */
    upkeep?: boolean;
  } = {},
): Promise<RunningServer> {
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  let listeningAt = '';
  const settings = config.gateway;
  const sandboxCredentials =
    settings.kind === 'sandbox' ? await ensureSandboxCredentials(database.sql) : undefined;
  const gateway = createCardPointeGateway(
    settings.kind === 'cardpointe'
      ? { ...settings, baseUrl: () => settings.baseUrl, movesRealMoney: true }
      : {
          ...settings,
          ...sandboxCredentials!,
          baseUrl: () => `${listeningAt}/sandbox`,
          movesRealMoney: false,
        },
  );
  if (settings.kind === 'cardpointe') {
    try {
      await checkMerchantAtStart(gateway, settings, (message) => console.warn(message));
    } catch (error) {
      if (!options.database) await database.close();
      throw error;
    }
  }
  const firstAdmin = await provisionFirstAdmin(database.orm, config.firstAdmin);
  const app = await buildApp({
    config,
    database,
    gateway,
    merchantSessions: merchantSessionClient(config, () => `${listeningAt}/sandbox`),
    sandboxCredentials,
    closeSandboxBatch: sandboxCredentials
      ? createSandboxBatchControl(() => `${listeningAt}/sandbox`, sandboxCredentials, settings.timeoutMs)
      : undefined,
    serveWeb: options.serveWeb,
    logger: options.logger,
  });
  const webhookSecret = hostedPageWebhookSecretOf(config.hostedPageWebhookSecret, sandboxCredentials);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if (!options.database) await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const loopbackHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  listeningAt = `http://${loopbackHost.includes(':') ? `[${loopbackHost}]` : loopbackHost}:${port}`;
  if (sandboxCredentials && webhookSecret) {
    // As a merchant sets the Webhook URL on CardPointe's HPP admin page: the sandbox posts to this server,
    // at the address it listens on (the last server started on a shared database).
    try {
      await setHostedPageWebhookUrl(
        database.sql,
        settings.merchantId,
        hostedPageWebhookUrl(listeningAt, webhookSecret),
      );
    } catch (error) {
      await app.close();
      if (!options.database) await database.close();
      throw error;
    }
  }

  const upkeep =
    options.upkeep === false
      ? undefined
      : startUpkeep(
          {
            orm: database.orm,
            gateway,
            publicUrl: config.publicUrl,
            refundsBeforeSettlement: config.refundsBeforeSettlement,
            log: app.log,
          },
          {
            reconcileAfterMs: config.reconcileAfterMs,
            onError: (error) => app.log.error({ err: error }, 'upkeep failed'),
            ...(database.kind === 'pglite'
              ? {
                  embedded: database.sql,
                  onVacuum: (detail: object) => app.log.info(detail, 'embedded database vacuumed'),
                }
              : {}),
            ...(config.mail.smtpUrl
              ? { mail: { smtpUrl: config.mail.smtpUrl, from: config.mail.from } }
              : {}),
          },
        );
  return {
    ...(firstAdmin ? { firstAdmin } : {}),
    app,
    url: listeningAt,
    gateway,
    close: async () => {
      await upkeep?.stop();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** The sandbox's wallet gives Apple Pay merchant sessions and tokens: nothing it approves is a real card. */
export const SANDBOX_APPLE_PAY_REASON =
  'The store runs on the sandbox gateway, so Apple Pay used the sandbox wallet.';

/**
 * Who gives Apple Pay merchant sessions: the sandbox wallet with the sandbox gateway; Apple, over mutual TLS
 * with the merchant identity certificate, with CardPointe; nobody (no Apple Pay) with CardPointe and no
 * certificate, since no session could be had.
 */
function merchantSessionClient(config: Config, sandboxUrl: () => string): MerchantSessionClient | undefined {
  if (config.gateway.kind === 'sandbox') {
    return createSandboxMerchantSessionClient(sandboxUrl, SANDBOX_APPLE_PAY_REASON);
  }
  const identity = config.applePay.identity;
  if (!identity) return undefined;
  return createAppleMerchantSessionClient({
    certificate: readFileSync(identity.certificateFile),
    key: readFileSync(identity.keyFile),
    timeoutMs: config.gateway.timeoutMs,
  });
}
