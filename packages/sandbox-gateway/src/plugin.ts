import { textProblemOf } from '@store/core';
import type { FastifyPluginAsync } from 'fastify';
import { RequestError, sendJsonError } from './errors';
import { SandboxGateway } from './gateway';
import type { SettlementSchedule } from './gateway-config';
import { DEFAULT_SCHEMA, migrateSandboxGateway } from './migrate';
import { cardPointeRoutes } from './routes/cardpointe-routes';
import { cardSecureRoutes } from './routes/cardsecure-routes';
import { hppRoutes } from './routes/hpp-routes';
import { itokeRoutes } from './routes/itoke-routes';
import { HppSettingsStore } from './hpp/webhook';
import type { SqlClient } from './sql-client';
import { ProfileStore } from './profile-store';
import { GatewayStore } from './store';
import { SandboxWallets } from './wallets/sandbox-wallets';
import { WalletStore } from './wallets/wallet-store';
import { walletRoutes } from './routes/wallet-routes';

export interface SandboxGatewayOptions {
  db: SqlClient;
  /** PostgreSQL schema for the gateway's own tables; default 'sandbox_gateway'. */
  schema?: string;
  merchantId: string;
  username: string;
  password: string;
  /** Shown on the hosted payment page; default 'Office Supplies Store'. */
  merchantName?: string;
  /** The clock, for authorization expiry and card expiry dates. */
  now?: () => Date;
  /** How long the timeout test card takes before answering; default 0. */
  timeoutCardDelayMs?: number;
  /** When captures settle; default daily at 21:00 local time. */
  settlement?: SettlementSchedule;
  /** The merchant may refund captures before they settle; default false, as at CardPointe. */
  unsettledRefunds?: boolean;
  /**
   * The merchant's sites, when set: the hosted page sends shoppers back only to these origins (as a
   * merchant's configured return address), and only their pages may hold the iFrame Tokenizer.
   */
  allowedReturnOrigins?: readonly string[];
}

const DEFAULT_MERCHANT_NAME = 'Office Supplies Store';
/** CardPointe merchants commonly settle in the evening; the cut-off is a merchant setting. */
const DEFAULT_SETTLEMENT: SettlementSchedule = { dailyAt: '21:00' };

/**
 * The sandbox gateway as a Fastify plugin: CardPointe REST under /cardconnect/rest, CardSecure under
 * /cardsecure, the hosted payment page under /hpp, the Hosted iFrame Tokenizer under /itoke. The store mounts it with { prefix: '/sandbox' }. The
 * hosted page's webhook posts to the address `setHostedPageWebhookUrl` keeps for the merchant, if any.
 */
export const sandboxGatewayPlugin: FastifyPluginAsync<SandboxGatewayOptions> = async (fastify, options) => {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const now = options.now ?? (() => new Date());
  await migrateSandboxGateway(options.db, schema);
  const wallets = new SandboxWallets(new WalletStore(options.db, schema), now);
  const gateway = new SandboxGateway(
    new GatewayStore(options.db, schema),
    new ProfileStore(options.db, schema),
    wallets,
    {
      merchantId: options.merchantId,
      now,
      timeoutCardDelayMs: options.timeoutCardDelayMs ?? 0,
      settlement: options.settlement ?? DEFAULT_SETTLEMENT,
      unsettledRefunds: options.unsettledRefunds ?? false,
    },
  );

  fastify.setErrorHandler(sendJsonError);
  // A control character (NUL above all) in a field, a path segment or a query is refused before any
  // route runs, in the error shape of the route it was sent to.
  fastify.addHook('preValidation', async (request) => {
    const problem = textProblemOf(request.params, request.query, request.body);
    if (problem) throw new RequestError(problem);
  });
  await fastify.register(cardPointeRoutes, {
    gateway,
    username: options.username,
    password: options.password,
  });

  await fastify.register(cardSecureRoutes, { gateway });
  await fastify.register(itokeRoutes, { gateway, now, allowedFrameOrigins: options.allowedReturnOrigins });
  await fastify.register(walletRoutes, {
    wallets,
    merchantName: options.merchantName ?? DEFAULT_MERCHANT_NAME,
  });
  await fastify.register(hppRoutes, {
    gateway,
    merchantName: options.merchantName ?? DEFAULT_MERCHANT_NAME,
    now,
    allowedReturnOrigins: options.allowedReturnOrigins,
    settings: new HppSettingsStore(options.db, schema),
  });
};
