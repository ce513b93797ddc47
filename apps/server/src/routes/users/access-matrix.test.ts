import { createOrderId } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../testing/routes';
import { addressBookAt, HOME } from '../../testing/address-book';
import { PASSPHRASE, shoppersAt, type Shopper } from '../../testing/shoppers';
import { TEST_DELIVERY, TEST_PUBLIC_URL, testDatabaseKinds, useTestServer } from '../../testing/test-server';

/**
 * Who may act on a customer's account, for every call that names one: no session is 401, a session of
 * another customer is 403, and only the owner gets through. The matrix is generated from this table and
 * checked against the server's routes, so a new customer call cannot be left out.
 */
interface CustomerCall {
  /** The call's body or query, for the customer `userId` (and a saved method, for calls that take one). */
  input: (userId: string, methodId?: string) => Record<string, unknown>;
  /** Names a saved payment method: another customer's is 404, never a hint that it exists. */
  takesMethod?: boolean;
  /** What the owner gets (the call itself may still refuse the sample for reasons of its own). */
  ownerStatus: number;
}

const UNKNOWN_METHOD = '00000000-0000-4000-8000-000000000000';

const CUSTOMER_CALLS: Record<string, CustomerCall> = {
  'POST /api/payment/payment-methods': { input: (userId) => ({ userId }), ownerStatus: 200 },
  'POST /api/users/payment-methods/remove': {
    input: (userId, methodId = UNKNOWN_METHOD) => ({ userId, paymentMethodId: methodId }),
    takesMethod: true,
    ownerStatus: 404,
  },
  'POST /api/users/payment-methods/set-default': {
    input: (userId, methodId = UNKNOWN_METHOD) => ({ userId, paymentMethodId: methodId }),
    takesMethod: true,
    ownerStatus: 404,
  },
  'POST /api/payment/process-with-token': {
    takesMethod: true,
    input: (userId, methodId = UNKNOWN_METHOD) => ({
      userId,
      paymentMethodId: methodId,
      amount: 10.49,
      orderId: createOrderId('card'),
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    }),
    ownerStatus: 404,
  },
  'POST /api/payment/save-payment-token': {
    input: (userId) => ({
      userId,
      tokenId: '9411000000001111',
      paymentType: 'CC',
      holderName: 'Owner',
      expiryMonth: '12',
      expiryYear: '2030',
    }),
    // A token the gateway does not know: refused by the gateway, not by the guard.
    ownerStatus: 422,
  },
  'GET /api/users/profile': { input: (userId) => ({ userId }), ownerStatus: 200 },
  'PUT /api/users/profile': {
    input: (userId) => ({
      userId,
      name: 'Renamed',
      email: `renamed-${userId}@example.com`,
      currentPassword: PASSPHRASE,
    }),
    ownerStatus: 200,
  },
  'POST /api/payment/create-payment': {
    input: (userId) => ({
      userId,
      amount: 9.99 + 0.5,
      orderId: createOrderId('card'),
      customerName: 'Owner',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
    }),
    ownerStatus: 200,
  },
};

/** Calls that name no account: they act on the caller's own session, or on none. */
const CALLS_WITHOUT_USER = [
  // Signed-in only: it names no account, and keeps nothing (see the saved-methods tests).
  'POST /api/payment/tokenize-proxy',
  // Signed-in only: it opens the card frame for the caller's own session (card-frame.test.ts).
  'POST /api/payment/card-entry',
  'POST /api/users/register',
  'POST /api/users/login',
  'POST /api/users/logout',
  'GET /api/users/session',
  'POST /api/payment/verify-payment',
  // By the attempt's request ID, the same secret verify-payment takes (decision 062).
  'POST /api/payment/cancel-payment',
  // The session's own orders only (routes/orders/orders.test.ts shows another customer's are never listed).
  'GET /api/users/orders',
  // The gateway's own call, by its secret: it names no account (routes/payment/hosted-page-webhook.test.ts).
  'POST /api/payment/hosted-page-webhook',
];

/**
 * The address book's calls name no account either: the session is the customer. What matters is that one
 * customer never reaches another's address: 404 for it, as for a saved method, and nothing of it changed.
 */
const ADDRESS_BOOK_CALLS: Record<string, { path: (addressId: string) => string; names: boolean }> = {
  'GET /api/users/addresses': { path: () => '/api/users/addresses', names: false },
  'POST /api/users/addresses': { path: () => '/api/users/addresses', names: false },
  'PUT /api/users/addresses/:id': { path: (id) => `/api/users/addresses/${id}`, names: true },
  'DELETE /api/users/addresses/:id': { path: (id) => `/api/users/addresses/${id}`, names: true },
  'POST /api/users/addresses/:id/default': {
    path: (id) => `/api/users/addresses/${id}/default`,
    names: true,
  },
};

describe.each(testDatabaseKinds())('who may act on a customer account, on $name', (kind) => {
  const server = useTestServer(kind);
  const shoppers = shoppersAt(server);
  const customers: Shopper[] = [];
  /** A card the other customer saved: the owner must never reach it. */
  let othersMethod: string;

  beforeAll(async () => {
    for (const name of ['Owner', 'Other']) customers.push(await shoppers.register({ name }));
    othersMethod = (await shoppers.saveCard(customers[1]!)).id;
  });

  async function call(route: string, input: Record<string, unknown>, cookie?: string) {
    const [method, path] = route.split(' ') as [string, string];
    const headers: Record<string, string> = { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) };
    if (method === 'GET') {
      const query = new URLSearchParams(input as Record<string, string>).toString();
      return fetch(`${server.url}${path}?${query}`, { headers });
    }
    return fetch(`${server.url}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  }

  it('lists every customer and payment call, so none escapes the matrix', () => {
    const routes = registeredRoutes(server.app).filter(
      (route) => route.includes(' /api/users/') || route.includes(' /api/payment/'),
    );
    const known = (route: string) =>
      CUSTOMER_CALLS[route] || CALLS_WITHOUT_USER.includes(route) || ADDRESS_BOOK_CALLS[route];
    expect(routes.filter((route) => !known(route))).toEqual([]);
  });

  const cases = Object.entries(CUSTOMER_CALLS).flatMap(([route, spec]) =>
    (['no session', 'another customer', 'the owner', "the owner, naming another's method"] as const)
      .filter((caller) => spec.takesMethod || caller !== "the owner, naming another's method")
      .map((caller) => [route, caller] as const),
  );

  it.each(cases)('%s as %s', async (route, caller) => {
    const [owner, other] = customers as [Shopper, Shopper];
    const spec = CUSTOMER_CALLS[route]!;
    const cookie =
      caller === 'no session' ? undefined : caller === 'another customer' ? other.cookie : owner.cookie;
    const naming = caller === "the owner, naming another's method";
    const answer = await call(route, spec.input(owner.id, naming ? othersMethod : undefined), cookie);
    const expected =
      caller === 'no session' ? 401 : caller === 'another customer' ? 403 : naming ? 404 : spec.ownerStatus;
    expect(answer.status).toBe(expected);
    const body = (await answer.json()) as Record<string, unknown>;
    if (expected === 401) expect(body.message).toBe('Please log in to continue');
    if (expected === 403) expect(body.message).toBe('You can only use your own account');
    if (naming) {
      expect(body.message).toBe('Payment method not found');
      const { rows } = await server.database.sql.query<{ count: number }>(
        'select count(*)::int as count from saved_payment_methods where id = $1 and is_default',
        [othersMethod],
      );
      expect(rows[0]!.count).toBe(1); // still there, still the other customer's default
    }
    // Nothing of the owner's account reaches anyone else.
    if (caller !== 'the owner') expect(JSON.stringify(body)).not.toContain(owner.id);
  });

  const addressCases = Object.keys(ADDRESS_BOOK_CALLS).flatMap((route) =>
    (['no session', 'another customer', 'the owner'] as const).map((caller) => [route, caller] as const),
  );

  it.each(addressCases)('%s as %s', async (route, caller) => {
    const [owner, other] = customers as [Shopper, Shopper];
    const book = addressBookAt(server);
    // One fresh address in the owner's book for each case: the default.
    for (const { id } of (await book.list(owner)).body.addresses as { id: string }[]) {
      await book.remove(owner, id);
    }
    const { id } = await book.added(owner, { name: `Owner ${caller}` });
    const before = (await book.list(owner)).body.addresses;
    const shopper = caller === 'no session' ? undefined : caller === 'another customer' ? other : owner;
    const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
    const spec = ADDRESS_BOOK_CALLS[route]!;
    const answer = await book.call(shopper, method, spec.path(id), { ...HOME, name: 'Changed' });
    const expected = caller === 'no session' ? 401 : caller === 'another customer' && spec.names ? 404 : 200;
    expect(answer.status).toBe(expected);
    if (expected === 401) expect(answer.body.message).toBe('Please log in to continue');
    if (expected === 404) expect(answer.body.message).toBe('Address not found');
    if (caller !== 'the owner') {
      // Nothing of the owner's book reaches anyone else, and nothing of it changes.
      expect(JSON.stringify(answer.body)).not.toContain(id);
      expect((await book.list(owner)).body.addresses).toEqual(before);
    }
  });
});
