import { randomBytes } from 'node:crypto';
import { detectCardBrand, isLuhnValid } from '@store/core';
import type { GatewayConfig } from './gateway-config';
import { createAccountToken } from './ids';
import { achReturnOf } from './money-chain';
import type { CardRow, GatewayStore } from './store';
import { cardBehaviourOf } from './test-cards';
import type { SandboxWallets } from './wallets/sandbox-wallets';

export type TokenizeOutcome = { ok: true; card: CardRow } | { ok: false; message: string };

interface OpenedWalletCard {
  pan: string;
  expirationMonth: number;
  expirationYear: number;
  /** The payload's own id: each payload gives a token of its own. */
  payloadId: string;
}

/** CardSecure's `encryptionhandler` values for wallet payloads. */
export type WalletEncryptionHandler = 'EC_GOOGLE_PAY' | 'EC_APPLE_PAY';

/** What makes a unique token new: random bytes, for a token asked to be unique. */
function saltOf(options: { unique?: boolean }): string {
  return options.unique ? `:${randomBytes(12).toString('hex')}` : '';
}

const CARD_NUMBER = /^\d{12,19}$/;
/** CardSecure's answer to a wallet payload it cannot open or will not take (error code 24). */
export const WALLET_DECRYPTION_FAILURE = 'Decryption failure.';

/** CardSecure tokens start with 9; no card number of an accepted brand does. */
export function isToken(account: string): boolean {
  return account.startsWith('9');
}

/** A bank account as CardSecure takes it: the routing number and the account number, `routing/account`. */
const BANK_ACCOUNT = /^(\d{9})\/(\d{4,17})$/;

/** The sandbox's CardSecure: card numbers, bank accounts and wallet payloads made into tokens. */
export class CardSecure {
  private tokenKey: Promise<string> | undefined;

  constructor(
    private readonly store: GatewayStore,
    private readonly wallets: SandboxWallets,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * Tokenizes a card number, or a bank account given as `routing/account`. The number itself goes nowhere:
   * only the token, brand, last 4 and expiry (and a bank account's routing number) are kept. `unique`: a new
   * token, never given before, rather than the account's usual one (the iFrame Tokenizer's `unique`).
   */
  async tokenize(
    account: string,
    expiry: string | undefined,
    options: { unique?: boolean } = {},
  ): Promise<TokenizeOutcome> {
    this.tokenKey ??= this.store.tokenKey();
    const key = await this.tokenKey;
    const now = this.config.now();
    const bank = BANK_ACCOUNT.exec(account);
    if (bank) {
      const [, routing, number] = bank as unknown as [string, string, string];
      const card = await this.store.upsertCard(
        {
          token: createAccountToken(account, key, saltOf(options)),
          kind: 'ach',
          brand: 'UNKNOWN',
          last4: number.slice(-4),
          expiry: null,
          behaviour: 'approve',
          routing,
          bin: null,
          ach_return: achReturnOf(number),
        },
        now,
      );
      return { ok: true, card };
    }
    // Numbers starting with 9 would pass for tokens; CardSecure refuses them too.
    if (!CARD_NUMBER.test(account) || isToken(account) || !isLuhnValid(account)) {
      return { ok: false, message: 'Invalid card number' };
    }
    return { ok: true, card: await this.keepCard(account, expiry, key, saltOf(options)) };
  }

  private keepCard(cardNumber: string, expiry: string | undefined, key: string, salt = ''): Promise<CardRow> {
    return this.store.upsertCard(
      {
        token: createAccountToken(cardNumber, key, salt),
        kind: 'card',
        brand: detectCardBrand(cardNumber),
        last4: cardNumber.slice(-4),
        expiry: expiry ?? null,
        behaviour: cardBehaviourOf(cardNumber),
        routing: null,
        bin: cardNumber.slice(0, 6),
        ach_return: null,
      },
      this.config.now(),
    );
  }

  /**
   * Decrypts a wallet payload and tokenizes the card inside, as CardSecure does for `EC_GOOGLE_PAY`: a
   * payload that is forged, altered, expired, made for another merchant or already used is refused. Each
   * payload gives a token of its own, good for its own payment only.
   */
  async tokenizeWalletPayload(
    handler: WalletEncryptionHandler,
    devicedata: string,
  ): Promise<TokenizeOutcome> {
    const opened =
      handler === 'EC_GOOGLE_PAY'
        ? await this.openGooglePay(devicedata)
        : await this.openApplePay(devicedata);
    if (!opened) return { ok: false, message: WALLET_DECRYPTION_FAILURE };
    const { pan, expirationMonth, expirationYear, payloadId } = opened;
    if (!isLuhnValid(pan) || isToken(pan)) return { ok: false, message: 'Invalid card number' };
    this.tokenKey ??= this.store.tokenKey();
    const expiry = `${String(expirationMonth).padStart(2, '0')}${String(expirationYear % 100).padStart(2, '0')}`;
    // The payload's own id in the token's key: the same card in two payloads gives two tokens.
    return { ok: true, card: await this.keepCard(pan, expiry, `${await this.tokenKey}:${payloadId}`) };
  }

  private async openGooglePay(devicedata: string): Promise<OpenedWalletCard | undefined> {
    const opened = await this.wallets.openGooglePay(devicedata);
    // A payload made for another merchant's gateway id is not this merchant's to charge.
    if (!opened || opened.gatewayMerchantId !== this.config.merchantId) return undefined;
    const { pan, expirationMonth, expirationYear } = opened.details;
    return { pan, expirationMonth, expirationYear, payloadId: opened.messageId };
  }

  private async openApplePay(devicedata: string): Promise<OpenedWalletCard | undefined> {
    const opened = await this.wallets.openApplePay(devicedata);
    if (!opened) return undefined;
    const { card, transactionId } = opened;
    const expiry = card.applicationExpirationDate;
    return {
      pan: card.applicationPrimaryAccountNumber,
      expirationMonth: Number(expiry.slice(2, 4)),
      expirationYear: 2000 + Number(expiry.slice(0, 2)),
      payloadId: transactionId,
    };
  }
}
