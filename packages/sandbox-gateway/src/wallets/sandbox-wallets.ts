import { detectCardBrand } from '@store/core';
import { SANDBOX_TEST_CARDS } from '../test-cards';
import {
  createGooglePayMessageId,
  openGooglePayToken,
  sealGooglePayToken,
  type GooglePayCardDetails,
  type OpenedGooglePayToken,
} from './google-pay';
import type { WalletStore } from './wallet-store';

/** A card in the sandbox wallet's sheet. */
export interface WalletCard {
  id: string;
  network: 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER';
  last4: string;
  /** What the gateway will do with it. */
  outcome: string;
}

const WALLET_CARD_NUMBERS: Record<string, string> = {
  visa: '4111111111111111',
  mastercard: '5454545454545454',
  amex: '378282246310005',
  discover: '6011000995500000',
  'visa-declined': '4387751111111038',
};

export const WALLET_CARDS: readonly WalletCard[] = Object.entries(WALLET_CARD_NUMBERS).map(
  ([id, number]) => ({
    id,
    network: detectCardBrand(number) as WalletCard['network'],
    last4: number.slice(-4),
    outcome: SANDBOX_TEST_CARDS.find((card) => card.number === number)?.outcome ?? 'Approved',
  }),
);

/** How long a Google Pay payload may wait before CardSecure opens it. */
const GOOGLE_PAY_PAYLOAD_LIFETIME_MS = 5 * 60 * 1000;
/** Wallet cards expire at the end of the year after next: always valid, never a real date to rely on. */
const EXPIRY_YEARS_AHEAD = 2;

/**
 * The sandbox's wallets: the sealing side stands in for Google's servers (what the sandbox wallet sheet in
 * the storefront asks for), the opening side is CardSecure's decryption.
 */
export class SandboxWallets {
  constructor(
    private readonly store: WalletStore,
    private readonly now: () => Date,
  ) {}

  cardNumberOf(cardId: string): string | undefined {
    return Object.hasOwn(WALLET_CARD_NUMBERS, cardId) ? WALLET_CARD_NUMBERS[cardId] : undefined;
  }

  /** A Google Pay token for a card of the sheet, encrypted for CardSecure, as Google's servers make it. */
  async sealGooglePay(input: { cardNumber: string; gatewayMerchantId: string }): Promise<string> {
    const [root, recipient] = await Promise.all([
      this.store.keyPair('google-root'),
      this.store.keyPair('google-recipient'),
    ]);
    const now = this.now();
    const details: GooglePayCardDetails = {
      pan: input.cardNumber,
      expirationMonth: 12,
      expirationYear: now.getUTCFullYear() + EXPIRY_YEARS_AHEAD,
      authMethod: 'PAN_ONLY',
    };
    return sealGooglePayToken({
      details,
      gatewayMerchantId: input.gatewayMerchantId,
      messageId: createGooglePayMessageId(),
      rootSigningKey: root.privateKey,
      recipientPublicKey: recipient.publicKey,
      now,
      lifetimeMs: GOOGLE_PAY_PAYLOAD_LIFETIME_MS,
    });
  }

  /** CardSecure's side: the payload's card, or undefined when it is not genuine, has expired or was used. */
  async openGooglePay(devicedata: string): Promise<OpenedGooglePayToken | undefined> {
    const [root, recipient] = await Promise.all([
      this.store.keyPair('google-root'),
      this.store.keyPair('google-recipient'),
    ]);
    const now = this.now();
    const opened = openGooglePayToken(
      devicedata,
      { rootPublicKey: root.publicKey, recipientPrivateKey: recipient.privateKey },
      now,
    );
    if (!opened || !(await this.store.firstUseOf('google', opened.messageId, now))) return undefined;
    return opened;
  }
}
