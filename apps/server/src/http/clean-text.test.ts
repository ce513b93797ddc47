import { randomUUID } from 'node:crypto';
import { createOrderId } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOME } from '../testing/address-book';
import { registeredRoutes } from '../testing/routes';
import { TEST_DELIVERY, PGLITE, TEST_ADMIN, TEST_PUBLIC_URL, useTestServer } from '../testing/test-server';

/**
 * A NUL (or any control character) in any string a route takes is refused with a 400 that names the field,
 * never a 500 from the database. The routes are read from the running server, so a new route without a
 * sample here fails the test instead of going unchecked.
 */
interface Sample {
  /** A JSON body, or a form for the hosted payment page. */
  body?: Record<string, unknown>;
  form?: Record<string, string>;
  query?: Record<string, string>;
  /** Values for the route's path parameters. */
  params?: Record<string, string>;
}

const NUL = 'a\u0000b';
const PAYMENT_ID = randomUUID();
const USER_ID = randomUUID();
const ORDER_ID = createOrderId('card');
const RETREF = '123456789012';
const MERCHID = '800000000001';
const CREDENTIALS = { username: TEST_ADMIN.username, password: TEST_ADMIN.password };
const ADDRESS_ID = randomUUID();
const PASSKEY_ANSWER = { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'x' } };

const SAMPLES: Record<string, Sample> = {
  'GET /api/health': { query: { probe: 'x' } },
  'GET /api/openapi.json': { query: { probe: 'x' } },
  'GET /api/docs': { query: { probe: 'x' } },
  'GET /api/docs/': { query: { probe: 'x' } },
  'GET /api/docs/static/index.html': { query: { probe: 'x' } },
  'GET /api/docs/static/swagger-initializer.js': { query: { probe: 'x' } },
  'GET /api/docs/*': { query: { probe: 'x' } },
  'GET /api/docs/json': { query: { probe: 'x' } },
  'GET /api/docs/yaml': { query: { probe: 'x' } },
  'GET /healthz': { query: { probe: 'x' } },
  'GET /readyz': { query: { probe: 'x' } },
  'GET /api/admin/session': { query: { probe: 'x' } },
  'POST /api/admin/login': { body: CREDENTIALS },
  'POST /api/admin/logout': { body: CREDENTIALS },
  'POST /api/admin/payments': { body: { ...CREDENTIALS, cursor: 'x' } },
  'POST /api/admin/transactions': { body: { ...CREDENTIALS, search: 'CC-', status: 'all', cursor: 'x' } },
  'GET /api/admin/transactions.csv': { query: { status: 'all', search: 'CC-' } },
  'POST /api/admin/capture-payment': {
    body: { ...CREDENTIALS, payment: { paymentId: PAYMENT_ID, amount: '1.00', originalAmount: '2.00' } },
  },
  'POST /api/admin/capture-all': { body: CREDENTIALS },
  'POST /api/admin/void-payment': { body: { ...CREDENTIALS, payment: { paymentId: PAYMENT_ID } } },
  'POST /api/admin/cancel-charge': { body: { ...CREDENTIALS, payment: { paymentId: PAYMENT_ID } } },
  'POST /api/admin/sandbox/settle': { body: CREDENTIALS },
  'POST /api/admin/refund': {
    body: { ...CREDENTIALS, transaction: { paymentId: PAYMENT_ID }, amount: '1.00', reason: 'x' },
  },
  'POST /api/admin/reconcile': { body: CREDENTIALS },
  'POST /api/admin/audit-log': { body: { ...CREDENTIALS, cursor: 'x', person: 'x' } },
  'GET /api/admin/staff': { query: { probe: 'x' } },
  'POST /api/admin/refund-approvals': { body: { status: 'pending', probe: 'x' } },
  'POST /api/admin/refund-approvals/:requestId/approve': {
    params: { requestId: PAYMENT_ID },
    body: { reason: 'x' },
  },
  'POST /api/admin/refund-approvals/:requestId/decline': {
    params: { requestId: PAYMENT_ID },
    body: { reason: 'x' },
  },
  'POST /api/admin/refund-approvals/:requestId/withdraw': {
    params: { requestId: PAYMENT_ID },
    body: { reason: 'x' },
  },
  'POST /api/admin/staff': { body: { name: 'Pat', email: 'pat@example.com', role: 'clerk' } },
  'POST /api/admin/staff/setup-link': { body: { username: 'pat@example.com' } },
  'POST /api/admin/staff/role': { body: { username: 'pat@example.com', role: 'clerk' } },
  'POST /api/admin/staff/disable': { body: { username: 'pat@example.com' } },
  'POST /api/admin/staff/enable': { body: { username: 'pat@example.com' } },
  'POST /api/admin/setup/check': { body: { token: 'x' } },
  'POST /api/admin/login/second-factor': { body: { code: '123456' } },
  'GET /api/admin/account/security': { query: { probe: 'x' } },
  'POST /api/admin/account/authenticator': { body: { probe: 'x' } },
  'POST /api/admin/account/authenticator/confirm': { body: { code: '123456' } },
  'POST /api/admin/account/authenticator/remove': { body: { code: '123456' } },
  'POST /api/admin/account/recovery-codes': { body: { code: '123456' } },
  'POST /api/admin/step-up': { body: { code: '123456' } },
  'POST /api/admin/account/passkeys/options': { body: { probe: 'x' } },
  'POST /api/admin/account/passkeys': { body: { response: PASSKEY_ANSWER, name: 'Work laptop' } },
  'POST /api/admin/account/passkeys/remove': { body: { id: PAYMENT_ID } },
  'POST /api/admin/passkey/options': { body: { probe: 'x' } },
  'POST /api/admin/passkey/sign-in': { body: { response: PASSKEY_ANSWER } },
  'POST /api/admin/step-up/passkey/options': { body: { probe: 'x' } },
  'POST /api/admin/step-up/passkey': { body: { response: PASSKEY_ANSWER } },
  'POST /api/admin/setup': { body: { token: 'x', password: 'a password long enough' } },
  'POST /api/admin/emails': { body: { ...CREDENTIALS, cursor: 'x' } },
  'GET /api/admin/emails/:id/html': { params: { id: PAYMENT_ID }, query: { probe: 'x' } },
  'GET /api/admin/orders/:orderId': { params: { orderId: ORDER_ID }, query: { probe: 'x' } },
  'POST /api/admin/customers/:customerId/phone-orders': {
    params: { customerId: '100001' },
    body: {
      ...CREDENTIALS,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      amount: '10.49',
      addressId: ADDRESS_ID,
      methodId: PAYMENT_ID,
    },
  },
  'POST /api/admin/payment-links': {
    body: {
      ...CREDENTIALS,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      amount: '10.49',
      customerId: '100001',
      addressId: ADDRESS_ID,
    },
  },
  'GET /api/admin/payment-links': { query: { customerId: '100001' } },
  'GET /api/admin/deposits': { query: { to: '2026-11-26', days: '30' } },
  'GET /api/admin/deposits/:day': { params: { day: '2026-11-26' }, query: { probe: 'x' } },
  'GET /api/admin/disputes': { query: { probe: 'x' } },
  'GET /api/admin/money-summary': { query: { days: '30' } },
  'GET /api/admin/deposits.csv': { query: { to: '2026-11-26', days: '30' } },
  'POST /api/admin/payment-links/:linkId/cancel': { params: { linkId: ADDRESS_ID }, body: CREDENTIALS },
  'POST /api/admin/orders/:orderId/ship': {
    params: { orderId: ORDER_ID },
    body: { ...CREDENTIALS, carrier: 'UPS', trackingNumber: '1Z999' },
  },
  'POST /api/admin/customers': { body: { ...CREDENTIALS, search: 'ada', cursor: 'x' } },
  'GET /api/admin/products': { query: { probe: 'x' } },
  'POST /api/admin/products': {
    body: {
      name: 'Stapler',
      sku: 'STAPLER-1',
      price: '12.50',
      description: 'Holds 20 sheets',
      features: ['Metal'],
    },
  },
  'PUT /api/admin/products/:id': {
    params: { id: 'pen-pack-100' },
    body: {
      name: 'Pens',
      sku: 'PEN-BP-200',
      price: '14.99',
      description: 'Blue ink',
      features: ['200 pens'],
    },
  },
  'POST /api/admin/orders/:orderId/restock': { params: { orderId: ORDER_ID }, body: { note: 'x' } },
  'GET /api/catalog': { query: { probe: 'x' } },
  'GET /api/products/:id/image': { params: { id: 'pen-pack-100' }, query: { v: 'x' } },
  'PUT /api/admin/products/:id/image': { params: { id: 'pen-pack-100' }, body: { file: 'iVBORw0KGgo=' } },
  'DELETE /api/admin/products/:id/image': { params: { id: 'pen-pack-100' }, body: { note: 'x' } },
  'GET /api/admin/products.csv': { query: { probe: 'x' } },
  'POST /api/admin/products/import': { body: { file: 'c2t1LG5hbWUKQSxCCg==', previewToken: 'x' } },
  'GET /api/admin/customers/:customerId': { params: { customerId: '100001' }, query: { probe: 'x' } },
  'POST /api/payment/create-payment': {
    body: {
      amount: '9.99',
      orderId: ORDER_ID,
      customerName: 'Guest',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      userId: 'someone',
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    },
  },
  'POST /api/payment/verify-payment': { body: { requestId: randomUUID() } },
  'POST /api/payment/cancel-payment': { body: { requestId: randomUUID() } },
  'POST /api/payment/hosted-page-webhook': {
    query: { key: 'not-the-secret' },
    body: {
      invoice: ORDER_ID,
      total: '9.99',
      gatewayTransactionId: RETREF,
      avsResponseCode: 'Y',
      cvvResponseCode: 'M',
      responseCode: '00',
      billLName: 'Shopper',
    },
  },
  'POST /api/users/register': {
    body: { name: 'Ada', email: 'ada@example.com', password: 'long enough pass' },
  },
  'POST /api/users/login': { body: { email: 'ada@example.com', password: 'long enough pass' } },
  'POST /api/users/logout': { body: { userId: USER_ID } },
  'GET /api/users/session': { query: { probe: 'x' } },
  'GET /api/users/profile': { query: { userId: USER_ID } },
  'PUT /api/users/profile': { body: { userId: USER_ID, name: 'Ada', email: 'ada@example.com' } },
  'GET /api/users/orders': { query: { cursor: 'x' } },
  'GET /api/receipts/:token': { params: { token: 'x'.repeat(43) }, query: { probe: 'x' } },
  'GET /api/payment-links/:token': { params: { token: 'x'.repeat(43) }, query: { probe: 'x' } },
  'POST /api/payment-links/:token/pay': {
    params: { token: 'x'.repeat(43) },
    body: { redirectUrl: 'http://127.0.0.1:3999/payment-complete' },
  },
  'GET /api/users/addresses': { query: { probe: 'x' } },
  'POST /api/users/addresses': { body: HOME },
  'PUT /api/users/addresses/:id': { params: { id: ADDRESS_ID }, body: HOME },
  'DELETE /api/users/addresses/:id': { params: { id: ADDRESS_ID }, body: { note: 'x' } },
  'POST /api/users/addresses/:id/default': { params: { id: ADDRESS_ID }, body: { note: 'x' } },
  'POST /api/payment/card-entry': { body: { note: 'x' } },
  'POST /api/payment/tokenize-proxy': {
    body: {
      mode: 'ACH',
      name: 'Ada',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      email: 'ada@example.com',
      phone: '123-456-7890',
      accountNumber: '1234567890',
      routingNumber: '036001808',
      bankName: 'First Bank',
      accountType: 'CHECKING',
    },
  },
  'POST /api/payment/save-payment-token': {
    body: {
      userId: USER_ID,
      tokenId: '9036001808567890',
      paymentType: 'ACH',
      holderName: 'Ada',
      bankName: 'First Bank',
      accountType: 'CHECKING',
      routingNumberLast4: '1808',
    },
  },
  'POST /api/payment/payment-methods': { body: { userId: USER_ID } },
  'POST /api/users/payment-methods/remove': { body: { userId: USER_ID, paymentMethodId: PAYMENT_ID } },
  'POST /api/users/payment-methods/set-default': { body: { userId: USER_ID, paymentMethodId: PAYMENT_ID } },
  'POST /api/payment/process-with-token': {
    body: {
      userId: USER_ID,
      paymentMethodId: PAYMENT_ID,
      amount: '10.49',
      orderId: ORDER_ID,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    },
  },
  'GET /sandbox/cardconnect/rest': { query: { probe: 'x' } },
  'GET /sandbox/cardconnect/rest/': { query: { probe: 'x' } },
  'PUT /sandbox/cardconnect/rest/auth': {
    body: {
      merchid: MERCHID,
      account: '4111111111111111',
      expiry: '1230',
      amount: '1.00',
      currency: 'USD',
      orderid: ORDER_ID,
      capture: 'N',
      cvv2: '123',
      name: 'Pat',
      postal: '10001',
      ecomind: 'E',
    },
  },
  'PUT /sandbox/cardconnect/rest/capture': { body: { merchid: MERCHID, retref: RETREF, amount: '1.00' } },
  'PUT /sandbox/cardconnect/rest/void': { body: { merchid: MERCHID, retref: RETREF, amount: '0' } },
  'PUT /sandbox/cardconnect/rest/refund': { body: { merchid: MERCHID, retref: RETREF, amount: '1.00' } },
  'GET /sandbox/cardconnect/rest/inquire/:retref/:merchid': { params: { retref: RETREF, merchid: MERCHID } },
  'PUT /sandbox/cardconnect/rest/voidByOrderId': { body: { merchid: MERCHID, orderid: ORDER_ID } },
  'POST /sandbox/cardconnect/rest/voidByOrderId': { body: { merchid: MERCHID, orderid: ORDER_ID } },
  'GET /sandbox/cardconnect/rest/inquireMerchant/:merchid': { params: { merchid: MERCHID } },
  'GET /sandbox/cardconnect/rest/funding': { query: { merchid: MERCHID, date: '0615' } },
  'GET /sandbox/cardconnect/rest/settlestat': { query: { merchid: MERCHID, date: '0615' } },
  'GET /sandbox/cardconnect/rest/inquireByOrderid/:orderid/:merchid': {
    params: { orderid: ORDER_ID, merchid: MERCHID },
  },
  'GET /sandbox/cardconnect/rest/inquireByOrderid/:orderid/:merchid/:set': {
    params: { orderid: ORDER_ID, merchid: MERCHID, set: '1' },
  },
  'GET /sandbox/cardconnect/rest/bin/:merchid/:token': {
    params: { merchid: MERCHID, token: '9411111111111111' },
  },
  'PUT /sandbox/cardconnect/rest/profile': {
    body: {
      merchid: MERCHID,
      profile: '12345678901234567890',
      account: '9411111111111111',
      accttype: 'ECHK',
      expiry: '1230',
      defaultacct: 'Y',
      profileupdate: 'Y',
      name: 'Pat',
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      postal: '78701',
      phone: '123-456-7890',
      email: 'pat@example.com',
    },
  },
  'GET /sandbox/cardconnect/rest/profile/:profileid/:acctid/:merchid': {
    params: { profileid: '12345678901234567890', acctid: '1', merchid: MERCHID },
  },
  'DELETE /sandbox/cardconnect/rest/profile/:profileid/:acctid/:merchid': {
    params: { profileid: '12345678901234567890', acctid: '1', merchid: MERCHID },
  },
  'PUT /sandbox/cardsecure/api/v1/ccn/tokenize': { body: { account: '4111111111111111', expiry: '1230' } },
  'POST /sandbox/cardsecure/api/v1/echo': { body: { message: 'Hello?' } },
  'GET /sandbox/itoke/ajax-tokenizer.html': { query: { css: 'input{color:red}' } },
  'POST /sandbox/itoke/tokenize': { body: { account: '4111111111111111' } },
  'GET /api/wallets/config': { query: { probe: 'x' } },
  'POST /api/googlepay/process-with-googlepay': {
    body: {
      paymentToken: '{"protocolVersion":"ECv2"}',
      amount: '10.49',
      orderId: 'GP-0123456789AB',
      userId: USER_ID,
      email: 'ada@example.com',
      gateway: 'cardconnect',
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    },
  },
  'POST /api/googlepay/record-payment': {
    body: { requestId: PAYMENT_ID, amount: '10.49', userId: USER_ID, timestamp: '1700000000000' },
  },
  'POST /api/validate-merchant': {
    body: { validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' },
  },
  'POST /api/applepay/process-with-applepay': {
    body: {
      paymentToken: {
        paymentData: { version: 'EC_v1', data: 'AA==', signature: 'AA==', header: { transactionId: 'ab' } },
      },
      amount: '10.49',
      orderId: 'AP-0123456789AB',
      userId: USER_ID,
      email: 'ada@example.com',
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    },
  },
  'GET /.well-known/apple-developer-merchantid-domain-association': { query: { probe: 'x' } },
  'POST /sandbox/sandbox-wallet/apple-pay/session': {
    body: {
      merchantIdentifier: 'merchant.x',
      displayName: 'Paperline',
      initiative: 'web',
      initiativeContext: 'shop',
    },
  },
  'POST /sandbox/sandbox-wallet/apple-pay/payment': {
    body: { cardId: 'visa', merchantSession: { nonce: 'ab' }, amount: '10.49' },
  },
  'POST /sandbox/sandbox-control/settle': { body: { note: 'x' } },
  'POST /sandbox/sandbox-control/backdate-settlement': { body: { days: 1, note: 'x' } },
  'GET /sandbox/sandbox-control/transactions/:retref': { params: { retref: RETREF }, query: { probe: 'x' } },
  'GET /sandbox/sandbox-wallet/cards': { query: { probe: 'x' } },
  'POST /sandbox/sandbox-wallet/google-pay/payment-data': {
    body: {
      cardId: 'visa',
      paymentDataRequest: { apiVersion: 2, merchantInfo: { merchantName: 'Paperline' } },
    },
  },
  'GET /sandbox/hpp': {
    query: { total: '9.99', invoice: ORDER_ID, returnUrl: `${TEST_PUBLIC_URL}/payment-complete` },
  },
  'POST /sandbox/hpp/pay': {
    form: {
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvv: '123',
      name: 'Pat',
      total: '9.99',
      invoice: ORDER_ID,
      returnUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    },
  },
};
// The CardPointe money calls take POST as well as PUT, with the same bodies.
for (const call of ['auth', 'capture', 'void', 'refund', 'profile']) {
  SAMPLES[`POST /sandbox/cardconnect/rest/${call}`] = SAMPLES[`PUT /sandbox/cardconnect/rest/${call}`]!;
}
SAMPLES['POST /sandbox/cardsecure/api/v1/ccn/tokenize'] =
  SAMPLES['PUT /sandbox/cardsecure/api/v1/ccn/tokenize']!;

/** One variant of a sample per string field, with a NUL in that field. */
function variantsOf(sample: Sample): { field: string; sample: Sample }[] {
  const variants: { field: string; sample: Sample }[] = [];
  const walk = (value: unknown, path: string, replace: (next: unknown) => Sample) => {
    if (typeof value === 'string') variants.push({ field: path, sample: replace(NUL) });
    else if (Array.isArray(value))
      value.forEach((item, index) =>
        walk(item, `${path}[${index}]`, (next) =>
          replace(value.map((old, at) => (at === index ? next : old))),
        ),
      );
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        walk(item, path ? `${path}.${key}` : key, (next) => replace({ ...value, [key]: next }));
  };
  for (const part of ['body', 'form', 'query', 'params'] as const) {
    if (sample[part]) walk(sample[part], '', (next) => ({ ...sample, [part]: next }) as Sample);
  }
  return variants;
}

describe('control characters are refused on every route', () => {
  const server = useTestServer(PGLITE);
  let sandboxAuthorization: string;

  beforeAll(async () => {
    const { rows } = await server.database.sql.query<{ username: string; password: string }>(
      'select username, password from sandbox_gateway.api_credentials',
    );
    const credentials = `${rows[0]!.username}:${rows[0]!.password}`;
    sandboxAuthorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  });

  async function send(
    route: string,
    sample: Sample,
  ): Promise<{ status: number; text: string; type: string }> {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(sample.params![name]!));
    const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
    const headers: Record<string, string> = { origin: TEST_PUBLIC_URL, authorization: sandboxAuthorization };
    let body: string | undefined;
    if (sample.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(sample.body);
    } else if (sample.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(sample.form).toString();
    }
    const answer = await fetch(`${server.url}${path}${query}`, { method, headers, body, redirect: 'manual' });
    return {
      status: answer.status,
      text: await answer.text(),
      type: answer.headers.get('content-type') ?? '',
    };
  }

  it('has a sample for every route the server answers', () => {
    const routes = registeredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((route) => !SAMPLES[route])).toEqual([]);
  });

  it('answers every string field of every route holding a NUL with a 400 naming that field', async () => {
    let checked = 0;
    for (const route of registeredRoutes(server.app)) {
      for (const { field, sample } of variantsOf(SAMPLES[route]!)) {
        const answer = await send(route, sample);
        const message = `${field} must not contain control characters`;
        const context = `${route} with a NUL in ${field}: ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBe(400);
        if (route.startsWith('GET /sandbox/hpp') || route.startsWith('POST /sandbox/hpp')) {
          expect(answer.type, context).toMatch(/^text\/html/);
          expect(answer.text, context).toContain(message);
        } else if (route.includes(' /sandbox/')) {
          expect(JSON.parse(answer.text), context).toEqual({
            statusCode: 400,
            error: 'Bad Request',
            message,
          });
        } else {
          expect(JSON.parse(answer.text), context).toEqual({ status: 'error', message, error: 'invalid' });
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s in a field as it refuses NUL', async (_name, text) => {
    const answer = await server.post('/api/admin/login', { username: text, password: 'xxxxxxxxxxxx' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 'error',
      message: 'username must not contain control characters',
      error: 'invalid',
    });
  });

  it('writes nothing for a refused request', async () => {
    const before = await server.database.sql.query<{ count: number }>(
      'select (select count(*) from orders)::int + (select count(*) from audit_events)::int as count',
    );
    await server.post('/api/admin/login', { username: 'abc\u0000def', password: 'xxxxxxxxxxxx' });
    await server.post('/api/payment/create-payment', {
      ...SAMPLES['POST /api/payment/create-payment']!.body,
      customerName: '\u0000',
    });
    const after = await server.database.sql.query<{ count: number }>(
      'select (select count(*) from orders)::int + (select count(*) from audit_events)::int as count',
    );
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
  });
});
