import { randomBytes, sign, verify } from 'node:crypto';
import { detectCardBrand } from '@store/core';
import { SANDBOX_TEST_CARDS } from '../test-cards';
import {
  createGooglePayMessageId,
  openGooglePayToken,
  sealGooglePayToken,
  type GooglePayCardDetails,
  type OpenedGooglePayToken,
} from './google-pay';
import {
  openApplePayToken,
  sealApplePayToken,
  type ApplePayCardData,
  type ApplePayPaymentData,
} from './apple-pay';
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

/**
 * The sandbox wallet holder's contacts: what Google's and Apple's sheets hand over when a store asks for
 * an email and a shipping address (Google's `email` and `shippingAddress`, Apple's `shippingContact`).
 */
export interface WalletContact {
  id: string;
  name: string;
  email: string;
  phone?: string;
  addressLines: string[];
  locality: string;
  administrativeArea: string;
  postalCode: string;
  countryCode: 'US' | 'CA' | 'MX';
}

export const WALLET_CONTACTS: readonly WalletContact[] = [
  {
    id: 'home-austin',
    name: 'Jordan Wallet',
    email: 'jordan.wallet@example.com',
    phone: '512-555-0147',
    addressLines: ['500 Congress Ave', 'Apt 12'],
    locality: 'Austin',
    administrativeArea: 'TX',
    postalCode: '78701',
    countryCode: 'US',
  },
  {
    id: 'office-toronto',
    name: 'Jordan Wallet',
    email: 'jordan.wallet@example.com',
    addressLines: ['100 King St W'],
    locality: 'Toronto',
    administrativeArea: 'ON',
    postalCode: 'M5X 1A9',
    countryCode: 'CA',
  },
];

/**
 * The Apple merchant identifier of the sandbox's payment processing key. With CardPointe the processing
 * certificate is made from CardPointe's CSR for your merchant identifier; the sandbox has one of its own.
 */
export const SANDBOX_APPLE_MERCHANT_ID = 'merchant.com.cardpointe.sandbox';
/** Apple's merchant sessions last five minutes. */
const MERCHANT_SESSION_LIFETIME_MS = 5 * 60 * 1000;

/** A merchant session as Apple's server answers one: opaque to the store, checked by the wallet. */
export interface MerchantSession {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
}

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

  /** A merchant session for a store's Apple Pay sheet, signed by the sandbox (Apple's server, played). */
  async createMerchantSession(input: {
    displayName: string;
    initiativeContext: string;
  }): Promise<MerchantSession> {
    const key = await this.store.keyPair('apple-session');
    const now = this.now().getTime();
    const session = {
      epochTimestamp: now,
      expiresAt: now + MERCHANT_SESSION_LIFETIME_MS,
      merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
      nonce: randomBytes(4).toString('hex'),
      merchantIdentifier: SANDBOX_APPLE_MERCHANT_ID,
      domainName: input.initiativeContext,
      displayName: input.displayName,
    };
    const signature = sign('sha256', Buffer.from(JSON.stringify(session)), key.privateKey).toString('base64');
    return { ...session, signature };
  }

  /** Whether a merchant session is one this sandbox made, unaltered and not expired. */
  async isMerchantSessionValid(session: unknown): Promise<boolean> {
    if (typeof session !== 'object' || session === null) return false;
    const { signature, ...fields } = session as MerchantSession;
    const ordered = {
      epochTimestamp: fields.epochTimestamp,
      expiresAt: fields.expiresAt,
      merchantSessionIdentifier: fields.merchantSessionIdentifier,
      nonce: fields.nonce,
      merchantIdentifier: fields.merchantIdentifier,
      domainName: fields.domainName,
      displayName: fields.displayName,
    };
    if (typeof signature !== 'string' || !(Number(fields.expiresAt) > this.now().getTime())) return false;
    const key = await this.store.keyPair('apple-session');
    try {
      return verify(
        'sha256',
        Buffer.from(JSON.stringify(ordered)),
        key.publicKey,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      return false;
    }
  }

  /** An Apple Pay token for a card of the sheet, as Apple's servers make it for the processing key. */
  async sealApplePay(input: { cardNumber: string; amountCents: number }): Promise<ApplePayPaymentData> {
    const now = this.now();
    const [processing, chain] = await Promise.all([
      this.store.keyPair('apple-processing'),
      this.store.appleSigningChain(now),
    ]);
    const year = String((now.getUTCFullYear() + EXPIRY_YEARS_AHEAD) % 100).padStart(2, '0');
    const card: ApplePayCardData = {
      applicationPrimaryAccountNumber: input.cardNumber,
      applicationExpirationDate: `${year}1231`,
      currencyCode: '840',
      transactionAmount: input.amountCents,
      deviceManufacturerIdentifier: '040010030273',
      paymentDataType: '3DSecure',
      paymentData: { onlinePaymentCryptogram: randomBytes(20).toString('base64'), eciIndicator: '7' },
    };
    return sealApplePayToken({
      card,
      merchantIdentifier: SANDBOX_APPLE_MERCHANT_ID,
      processingPublicKey: processing.publicKey,
      chain,
      now,
    });
  }

  /** CardSecure's side for EC_APPLE_PAY: the card, or undefined when not genuine, too old or already used. */
  async openApplePay(
    devicedata: string,
  ): Promise<{ card: ApplePayCardData; transactionId: string } | undefined> {
    const paymentData = paymentDataOfDeviceData(devicedata);
    if (!paymentData) return undefined;
    const now = this.now();
    const [processing, chain] = await Promise.all([
      this.store.keyPair('apple-processing'),
      this.store.appleSigningChain(now),
    ]);
    const card = await openApplePayToken(
      paymentData,
      {
        processingPrivateKey: processing.privateKey,
        merchantIdentifier: SANDBOX_APPLE_MERCHANT_ID,
        rootCertificate: chain.rootCertificate,
      },
      now,
    );
    const { transactionId } = paymentData.header;
    if (!card || !(await this.store.firstUseOf('apple', transactionId, now))) return undefined;
    return { card, transactionId };
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

/**
 * CardPointe's `devicedata` for Apple Pay: the encrypted data first and unlabelled, then
 * `ectype=apple&ecsig=…&eckey=…&ectid=…&echash=…&ecpublickeyhash=…` (base64 never holds `&`).
 */
export function paymentDataOfDeviceData(devicedata: string): ApplePayPaymentData | undefined {
  const [data, ...pairs] = devicedata.split('&');
  const fields = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) return undefined;
    fields.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const signature = fields.get('ecsig');
  const ephemeralPublicKey = fields.get('eckey');
  const transactionId = fields.get('ectid');
  const publicKeyHash = fields.get('ecpublickeyhash');
  if (!data || fields.get('ectype') !== 'apple' || !signature || !ephemeralPublicKey || !transactionId) {
    return undefined;
  }
  if (!publicKeyHash || !/^[0-9a-f]{1,128}$/i.test(transactionId)) return undefined;
  const applicationData = fields.get('echash');
  return {
    version: 'EC_v1',
    data,
    signature,
    header: {
      ephemeralPublicKey,
      publicKeyHash,
      transactionId,
      ...(applicationData ? { applicationData } : {}),
    },
  };
}
