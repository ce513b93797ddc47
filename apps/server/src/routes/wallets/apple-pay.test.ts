import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { SANDBOX_APPLE_PAY_REASON } from '../../server';
import {
  TEST_DELIVERY,
  countRows,
  PGLITE,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

/** Parsed JSON the test reaches into, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

const TWO_REAMS = [{ productId: 'paper-ream-500', quantity: 2 }];
const APPLE_URL = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';

describe.each(testDatabaseKinds())('Apple Pay on $name', (kind) => {
  const server = useTestServer(kind);

  const merchantSession = async () => {
    const answer = await server.post('/api/validate-merchant', { validationURL: APPLE_URL });
    expect(answer.status).toBe(200);
    return answer.body as Parsed;
  };

  /** What the sandbox wallet's sheet gives `onpaymentauthorized`: `event.payment.token`. */
  async function applePayToken(cardId = 'visa', session?: unknown): Promise<Parsed> {
    const response = await fetch(`${server.url}/sandbox/sandbox-wallet/apple-pay/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: JSON.stringify({
        cardId,
        merchantSession: session ?? (await merchantSession()),
        amount: '20.98',
      }),
    });
    const body = (await response.json()) as Parsed;
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.token as Parsed;
  }

  const pay = async (overrides: Record<string, unknown> = {}) =>
    server.post('/api/applepay/process-with-applepay', {
      paymentToken: await applePayToken(),
      amount: 20.98,
      orderId: createOrderId('applepay'),
      email: 'shopper@example.com',
      items: TWO_REAMS,
      delivery: TEST_DELIVERY,
      ...overrides,
    });

  it('gives a merchant session for an Apple URL, from the sandbox wallet, and says Apple Pay is available', async () => {
    const session = await merchantSession();
    expect(session).toMatchObject({ domainName: '127.0.0.1', displayName: 'Paperline Office Supply' });
    expect(session.merchantSessionIdentifier).toMatch(/^SSH/);
    const config = (await (await fetch(`${server.url}/api/wallets/config`)).json()) as Parsed;
    expect(config.applePay).toMatchObject({ available: true, displayName: 'Paperline Office Supply' });
  });

  it('refuses validation URLs off Apple\u2019s list with a 400, and malformed bodies too', async () => {
    for (const validationURL of [
      'https://evil.example.com/paymentservices/startSession',
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://17.0.0.1/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com.evil.example/paymentservices/startSession',
    ]) {
      const answer = await server.post('/api/validate-merchant', { validationURL });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The validation URL is not one of Apple Pay\u2019s servers');
    }
    expect((await server.post('/api/validate-merchant', {})).status).toBe(400);
    expect((await server.post('/api/validate-merchant', '{"validationURL":')).status).toBe(400);
  });

  it('pays with the sheet\u2019s token: authorized for the operator, in test mode, verified as Apple Pay', async () => {
    const orderId = createOrderId('applepay');
    const answer = await pay({ orderId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      testMode: true,
      testModeReason: SANDBOX_APPLE_PAY_REASON,
    });
    const verified = await server.post('/api/payment/verify-payment', { requestId: answer.body.requestId });
    expect(verified.body).toMatchObject({
      status: 'success',
      paymentDetails: {
        orderId,
        wallet: 'Apple Pay',
        paymentMethod: 'VISA',
        last4: '1111',
        amount: 20.98,
        testMode: true,
        testModeReason: SANDBOX_APPLE_PAY_REASON,
      },
    });
    const { rows } = await server.database.sql.query<{ capture_status: string }>(
      'select capture_status from payments where order_id = $1',
      [orderId],
    );
    expect(rows).toEqual([{ capture_status: 'authorized' }]);
  });

  it('takes the token as JSON text as well as an object', async () => {
    const answer = await pay({ paymentToken: JSON.stringify(await applePayToken('mastercard')) });
    expect(answer.status).toBe(200);
  });

  it('refuses a replayed, an altered or a foreign token with "Apple Pay payment failed", charging nothing', async () => {
    const payments = await countRows(server.database, 'payments');
    const token = await applePayToken();
    expect((await pay({ paymentToken: token })).status).toBe(200);
    const altered = structuredClone(await applePayToken());
    const data = Buffer.from(altered.paymentData.data, 'base64');
    data[3] = data[3]! ^ 0xff;
    altered.paymentData.data = data.toString('base64');
    const swappedKey = structuredClone(await applePayToken());
    swappedKey.paymentData.header.ephemeralPublicKey = (
      await applePayToken()
    ).paymentData.header.ephemeralPublicKey;
    for (const paymentToken of [token, altered, swappedKey]) {
      const answer = await pay({ paymentToken });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Apple Pay payment failed: Decryption failure.');
    }
    expect(await countRows(server.database, 'payments')).toBe(payments + 1);
  });

  it('gives no token for a merchant session it did not make', async () => {
    const forged = { ...(await merchantSession()), displayName: 'Someone Else' };
    const response = await fetch(`${server.url}/sandbox/sandbox-wallet/apple-pay/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardId: 'visa', merchantSession: forged, amount: '20.98' }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a tampered amount, a missing token, a card order id; declines the declining card', async () => {
    expect((await pay({ amount: 1 })).body.message).toBe('Order total does not match the cart');
    const missing = await pay({ paymentToken: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('No payment token found in Google Pay or Apple Pay response');
    expect((await pay({ orderId: createOrderId('googlepay') })).body.message).toBe('Order ID is not valid');
    const declined = await pay({ paymentToken: await applePayToken('visa-declined') });
    expect(declined.status).toBe(422);
    expect(declined.body.message).toMatch(/^Apple Pay payment failed: /);
  });

  it('serves no domain-association file when none is configured', async () => {
    const response = await fetch(`${server.url}/.well-known/apple-developer-merchantid-domain-association`);
    expect(response.status).toBe(404);
  });
});

describe('Apple Pay merchant validation, limited per address', () => {
  const server = useTestServer(PGLITE, { TRUST_PROXY: 'loopback' });

  it('slows down an address that starts Apple Pay sessions past what shoppers need', async () => {
    const { FREE_MERCHANT_VALIDATIONS_PER_ADDRESS } = await import('../../services/accounts/throttles');
    const validate = (address: string) =>
      server.post(
        '/api/validate-merchant',
        { validationURL: APPLE_URL },
        { headers: { 'x-forwarded-for': address } },
      );
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= FREE_MERCHANT_VALIDATIONS_PER_ADDRESS; attempt += 1) {
      statuses.push((await validate('203.0.113.9')).status);
    }
    expect(statuses).toEqual([...Array<number>(FREE_MERCHANT_VALIDATIONS_PER_ADDRESS).fill(200), 429]);
    // Another shopper, elsewhere, is not held up.
    expect((await validate('203.0.113.10')).status).toBe(200);
  });
});
