import { randomUUID } from 'node:crypto';
import { createOrderId, type CartLine, type SavedPaymentMethod } from '@store/core';
import { postJson, TEST_DELIVERY, TEST_PUBLIC_URL, type Answer, type TestServer } from './test-server';

/**
 * Customers of the store as the storefront makes them: registered (signed in by it), with cards and bank
 * accounts entered in the Add Payment Method form (a card typed in the gateway's frame, a bank account
 * tokenized at the store's proxy, then saved), paying with them. Over HTTP, against any running store: one in the test's process or one in a child process.
 */

/** The password every test customer registers with. */
export const PASSPHRASE = 'a perfectly fine passphrase';
/** The sandbox's approving VISA, as a shopper types it. */
export const VISA = '4111 1111 1111 1111';
/** The sandbox's VISA its issuer declines (05 Do not honor). */
export const DECLINING_VISA = '4387 7511 1111 1038';
export const ONE_REAM: CartLine[] = [{ productId: 'paper-ream-500', quantity: 1 }];
/** $9.99 + 5% tax. */
export const ONE_REAM_TOTAL = 10.49;

/** Where the test customer lives, as the forms ask for it. */
const ADDRESS = { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
/** The billing details of the Add Payment Method form. */
export const BILLING = { name: 'Pat Shopper', email: 'pat@example.com', ...ADDRESS };

/** A checking account at the sandbox's bank, as the form takes it. */
export const BANK_ACCOUNT = {
  routingNumber: '036001808',
  accountNumber: '9876543210',
  bankName: 'First Sandbox Bank',
  accountType: 'CHECKING',
};

/** The form for a card, as the storefront posts it to the tokenize proxy. */
export function cardForm(accountNumber = VISA, billing: Partial<typeof BILLING> = {}) {
  return { ...BILLING, ...billing, mode: 'CC', accountNumber, expiryMonth: '12', expiryYear: '2030' };
}

/** The form for a bank account (`BANK_ACCOUNT` unless other details are given). */
export function bankForm(account: Partial<typeof BANK_ACCOUNT> = {}, billing: Partial<typeof BILLING> = {}) {
  return { ...BILLING, ...billing, mode: 'ACH', ...BANK_ACCOUNT, ...account };
}

/** What the form saves with a card's token. The store takes the brand and last 4 from the gateway. */
function cardDetails(tokenId: string): Record<string, unknown> {
  return {
    paymentType: 'CC',
    holderName: 'Pat Shopper',
    cardType: 'VISA',
    last4: tokenId.slice(-4),
    expiryMonth: '12',
    expiryYear: '2030',
  };
}

/** What the form saves with the token of `BANK_ACCOUNT`. */
const BANK_DETAILS = {
  paymentType: 'ACH',
  holderName: 'Pat Shopper',
  bankName: BANK_ACCOUNT.bankName,
  accountType: BANK_ACCOUNT.accountType,
  last4: '3210',
  routingNumberLast4: '1808',
};

export interface Shopper {
  id: string;
  email: string;
  /** Its session cookie (`name=value`). */
  cookie: string;
  /** The address it speaks from (X-Forwarded-For, for a store behind a proxy); none: the connection's. */
  address?: string;
}

/** The session cookie an answer sets, as `name=value`. */
function sessionCookie(answer: Answer): string {
  return (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
}

function succeeded(answer: Answer, what: string): Answer {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * The calls a customer makes, at the store `store` (read when called, so a store a hook starts later will
 * do). The ones that make a fixture throw when the store refuses; the others return the store's answer.
 */
export function shoppersAt(store: { url: string }) {
  const as = (shopper: Shopper, path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(store.url, path, body, {
      cookie: shopper.cookie,
      headers: { ...(shopper.address ? { 'x-forwarded-for': shopper.address } : {}), ...headers },
    });

  const tokenize = (shopper: Shopper, form: object = cardForm(), headers?: Record<string, string>) =>
    as(shopper, '/api/payment/tokenize-proxy', form, headers);

  const save = (shopper: Shopper, tokenId: string, details = cardDetails(tokenId)) =>
    as(shopper, '/api/payment/save-payment-token', { userId: shopper.id, tokenId, ...details });

  /** Opens the card frame for the shopper's session: its address and the entry to save the card with. */
  const openCardEntry = (shopper: Shopper) => as(shopper, '/api/payment/card-entry', {});

  /**
   * A card number typed in the frame at `frameUrl`, as the frame's page sends it to the gateway's
   * tokenizer beside it (the mounted sandbox's on the store's address, or a standalone gateway's): its answer.
   */
  const typeInFrame = async (frameUrl: string, number: string, unique = true) => {
    const tokenizer = new URL('tokenize', frameUrl);
    // The mounted sandbox is on the store's public address, which a test store does not listen on.
    const at = tokenizer.origin === TEST_PUBLIC_URL ? store.url + tokenizer.pathname : tokenizer.href;
    const answer = await fetch(at, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: number.replace(/\s/g, ''), unique }),
    });
    return (await answer.json()) as { token: string; errorCode: number; errorMessage: string };
  };

  /** A card typed in a frame the shopper's session opened, saved with `details`. */
  async function saveCardThroughFrame(
    shopper: Shopper,
    number: string,
    details: (tokenId: string) => Record<string, unknown>,
  ): Promise<SavedPaymentMethod> {
    const entry = succeeded(await openCardEntry(shopper), 'open the card frame').body;
    const typed = await typeInFrame(entry.frameUrl as string, number);
    if (!typed.token) throw new Error(`the card frame did not tokenize ${number}: ${typed.errorMessage}`);
    const saved = succeeded(
      await save(shopper, typed.token, { ...details(typed.token), cardEntryId: entry.entryId }),
      'save the token',
    );
    return saved.body.paymentMethod as SavedPaymentMethod;
  }

  /** Tokenizes `form` at the store's proxy, then saves the token with `details`. */
  async function saveMethod(
    shopper: Shopper,
    form: object,
    details: (tokenId: string) => Record<string, unknown>,
  ): Promise<SavedPaymentMethod> {
    const tokenized = succeeded(await tokenize(shopper, form), 'tokenize');
    const tokenId = tokenized.body.tokenid as string;
    const saved = succeeded(await save(shopper, tokenId, details(tokenId)), 'save the token');
    return saved.body.paymentMethod as SavedPaymentMethod;
  }

  return {
    /** A new customer, signed in; from `address` if given. Its email is a new one unless one is given. */
    async register(options: { name?: string; email?: string; address?: string } = {}): Promise<Shopper> {
      const email = options.email ?? `shopper-${randomUUID()}@example.com`;
      const answer = succeeded(
        await postJson(
          store.url,
          '/api/users/register',
          { name: options.name ?? 'Pat Shopper', email, password: PASSPHRASE },
          { headers: options.address ? { 'x-forwarded-for': options.address } : {} },
        ),
        `register ${email}`,
      );
      const id = (answer.body.user as { id: string }).id;
      return { id, email, cookie: sessionCookie(answer), address: options.address };
    },

    /** The same customer signed in again, from the same address: a session of its own. */
    async signIn(shopper: Shopper): Promise<Shopper> {
      const answer = await as({ ...shopper, cookie: '' }, '/api/users/login', {
        email: shopper.email,
        password: PASSPHRASE,
      });
      return { ...shopper, cookie: sessionCookie(succeeded(answer, `sign in ${shopper.email}`)) };
    },

    /** POSTs as the shopper: with its session, from its address (unless `headers` say otherwise). */
    as,
    tokenize,
    save,
    openCardEntry,
    typeInFrame,

    /** A card saved as the form saves it (`details` change what the form sends with the token). */
    saveCard: (shopper: Shopper, number = VISA, details: Record<string, unknown> = {}) =>
      saveCardThroughFrame(shopper, number, (tokenId) => ({ ...cardDetails(tokenId), ...details })),

    /** A card saved through the tokenize-proxy, for a store that takes card numbers there (SAQ D). */
    saveCardThroughProxy: (shopper: Shopper, number = VISA) =>
      saveMethod(shopper, cardForm(number), cardDetails),

    /** `BANK_ACCOUNT` (or another account number at its bank) saved as the form saves it. */
    saveBankAccount: (shopper: Shopper, account: Partial<typeof BANK_ACCOUNT> = {}) =>
      saveMethod(shopper, bankForm(account), () => ({
        ...BANK_DETAILS,
        ...(account.accountNumber ? { last4: account.accountNumber.slice(-4) } : {}),
      })),

    /** Pays for one ream with a saved method, as the checkout does (`extra` changes the body). */
    pay: (
      shopper: Shopper,
      methodId: string,
      extra: Record<string, unknown> = {},
      headers?: Record<string, string>,
    ) =>
      as(
        shopper,
        '/api/payment/process-with-token',
        {
          userId: shopper.id,
          paymentMethodId: methodId,
          amount: ONE_REAM_TOTAL,
          orderId: createOrderId('card'),
          items: ONE_REAM,
          delivery: TEST_DELIVERY,
          ...extra,
        },
        headers,
      ),

    /** Pays for one ream as a guest with a Google Pay token, as the checkout's Google Pay button does. */
    payWithGooglePay: (paymentToken: string, orderId: string, headers?: Record<string, string>) =>
      postJson(
        store.url,
        '/api/googlepay/process-with-googlepay',
        {
          paymentToken,
          amount: ONE_REAM_TOTAL,
          orderId,
          email: 'shopper@example.com',
          gateway: 'cardconnect',
          items: ONE_REAM,
          delivery: TEST_DELIVERY,
        },
        { headers },
      ),
  };
}

/**
 * What Google hands the storefront: the built-in sandbox wallet's token for one of its cards (`visa`,
 * `mastercard`, `visa-declined` …), for a payment of `totalPrice` to `gatewayMerchantId` (the store's own
 * merchant unless a test names another).
 */
export async function googlePayToken(
  server: Pick<TestServer, 'url'> & { config: { gateway: { merchantId: string } } },
  options: { cardId?: string; totalPrice?: string; gatewayMerchantId?: string } = {},
): Promise<string> {
  const config = (await (await fetch(`${server.url}/api/wallets/config`)).json()) as {
    sandboxWalletUrl: string;
  };
  const response = await fetch(`${server.url}${config.sandboxWalletUrl}/google-pay/payment-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
    body: JSON.stringify({
      cardId: options.cardId ?? 'visa',
      paymentDataRequest: {
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [
          {
            type: 'CARD',
            parameters: {
              allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
              allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'],
            },
            tokenizationSpecification: {
              type: 'PAYMENT_GATEWAY',
              parameters: {
                gateway: 'cardconnect',
                gatewayMerchantId: options.gatewayMerchantId ?? server.config.gateway.merchantId,
              },
            },
          },
        ],
        transactionInfo: {
          totalPriceStatus: 'FINAL',
          totalPrice: options.totalPrice ?? '20.98',
          currencyCode: 'USD',
        },
      },
    }),
  });
  const data = (await response.json()) as { paymentMethodData: { tokenizationData: { token: string } } };
  return data.paymentMethodData.tokenizationData.token;
}
