import { describe, expect, it } from 'vitest';
import { MERCHID, TEST_BACKENDS, useTestGateway } from './test-support';

/** Parsed JSON the test reaches into, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

/** A PaymentDataRequest as the storefront builds it for CardPointe. */
function paymentDataRequest(
  overrides: { gateway?: string; gatewayMerchantId?: string; networks?: string[] } = {},
) {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: overrides.networks ?? ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: {
            gateway: overrides.gateway ?? 'cardconnect',
            gatewayMerchantId: overrides.gatewayMerchantId ?? MERCHID,
          },
        },
      },
    ],
    merchantInfo: { merchantName: 'Office Supplies Store' },
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPrice: '10.49',
      currencyCode: 'USD',
      countryCode: 'US',
    },
  };
}

describe.each(TEST_BACKENDS)('the sandbox Google Pay wallet and CardSecure (%s)', (backend) => {
  const env = useTestGateway(backend);

  async function paymentData(cardId = 'visa', request: unknown = paymentDataRequest()) {
    return env.client.send<Parsed>(
      'POST',
      '/sandbox-wallet/google-pay/payment-data',
      { cardId, paymentDataRequest: request },
      {},
    );
  }

  async function walletToken(cardId = 'visa', request: unknown = paymentDataRequest()): Promise<string> {
    const answer = await paymentData(cardId, request);
    expect(answer.status).toBe(200);
    return answer.body.paymentMethodData.tokenizationData.token as string;
  }

  const tokenizeWallet = (devicedata: string, encryptionhandler = 'EC_GOOGLE_PAY') =>
    env.client.send<Parsed>('POST', '/cardsecure/api/v1/ccn/tokenize', { encryptionhandler, devicedata }, {});

  it('lists the cards of its sheet, a declining one among them, without their numbers', async () => {
    const answer = await env.client.send<{ cards: Record<string, string>[] }>(
      'GET',
      '/sandbox-wallet/cards',
      undefined,
      {},
    );
    expect(answer.status).toBe(200);
    expect(answer.body.cards.map((card) => card.network)).toEqual([
      'VISA',
      'MASTERCARD',
      'AMEX',
      'DISCOVER',
      'VISA',
    ]);
    expect(answer.body.cards.at(-1)!.outcome).toMatch(/Declined/);
    expect(JSON.stringify(answer.body)).not.toContain('4111111111111111');
  });

  it('answers PaymentData as Google does, with the card network, the last 4 and a gateway token', async () => {
    const answer = await paymentData('mastercard');
    expect(answer.status).toBe(200);
    expect(answer.body.paymentMethodData).toMatchObject({
      type: 'CARD',
      description: 'Mastercard •••• 5454',
      info: { cardNetwork: 'MASTERCARD', cardDetails: '5454' },
      tokenizationData: { type: 'PAYMENT_GATEWAY' },
    });
    expect(JSON.parse(answer.body.paymentMethodData.tokenizationData.token).protocolVersion).toBe('ECv2');
  });

  it('refuses a request for another gateway, or for networks the card is not among, as DEVELOPER_ERROR', async () => {
    const otherGateway = await paymentData('visa', paymentDataRequest({ gateway: 'example' }));
    expect(otherGateway.status).toBe(400);
    expect(otherGateway.body.statusCode).toBe('DEVELOPER_ERROR');
    const network = await paymentData('amex', paymentDataRequest({ networks: ['VISA'] }));
    expect(network.status).toBe(400);
    expect(network.body.statusMessage).toContain('AMEX');
    const malformed = await paymentData('visa', { apiVersion: 1 });
    expect(malformed.status).toBe(400);
  });

  it('tokenizes a genuine payload, and the token authorizes without an expiry, once', async () => {
    const tokenized = await tokenizeWallet(await walletToken());
    expect(tokenized.status).toBe(200);
    expect(tokenized.body).toMatchObject({ errorcode: 0 });
    expect(tokenized.body.token).toMatch(/^941\d+1111$/);
    const auth = await env.client.auth({ account: tokenized.body.token, amount: '10.49', expiry: undefined });
    expect(auth).toMatchObject({ respstat: 'A', amount: '10.49' });
  });

  it('gives each payload a token of its own, even for the same card', async () => {
    const first = await tokenizeWallet(await walletToken());
    const second = await tokenizeWallet(await walletToken());
    expect(first.body.token).not.toBe(second.body.token);
  });

  it("refuses a replayed payload with CardSecure's decryption failure (24)", async () => {
    const token = await walletToken();
    expect((await tokenizeWallet(token)).body.errorcode).toBe(0);
    const replay = await tokenizeWallet(token);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ errorcode: 24, message: 'Decryption failure.' });
    expect(replay.body.token).toBeUndefined();
  });

  it('refuses an altered, a forged or a foreign-merchant payload, and one sent with the Apple Pay handler', async () => {
    const altered = JSON.parse(await walletToken());
    const message = JSON.parse(altered.signedMessage);
    message.tag = Buffer.alloc(32).toString('base64');
    altered.signedMessage = JSON.stringify(message);
    const refusals = [
      JSON.stringify(altered),
      '{"protocolVersion":"ECv2","signature":"MEU=","signedMessage":"{}","intermediateSigningKey":{"signedKey":"{}","signatures":["MEU="]}}',
      await walletToken('visa', paymentDataRequest({ gatewayMerchantId: '800000000999' })),
      'not a payload',
    ];
    for (const devicedata of refusals) {
      expect((await tokenizeWallet(devicedata)).body).toMatchObject({
        errorcode: 24,
        message: 'Decryption failure.',
      });
    }
    expect((await tokenizeWallet(await walletToken(), 'EC_APPLE_PAY')).body.errorcode).toBe(24);
  });

  it('declines the declining wallet card at authorization, as the same card would', async () => {
    const tokenized = await tokenizeWallet(await walletToken('visa-declined'));
    expect(tokenized.body.errorcode).toBe(0);
    const auth = await env.client.auth({ account: tokenized.body.token, amount: '10.49', expiry: undefined });
    expect(auth).toMatchObject({ respstat: 'C', respcode: '05' });
  });

  it('answers 400 to a tokenize request with both account and devicedata, or an unknown handler', async () => {
    const both = await env.client.send(
      'POST',
      '/cardsecure/api/v1/ccn/tokenize',
      { account: '4111111111111111', devicedata: 'x', encryptionhandler: 'EC_GOOGLE_PAY' },
      {},
    );
    expect(both.status).toBe(400);
    const handler = await tokenizeWallet('x', 'RSA');
    expect(handler.status).toBe(400);
  });
});
