import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrderId } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../testing/processes';
import { postJson, TEST_ADMIN, TEST_PUBLIC_URL } from '../testing/test-server';

/**
 * Card numbers, CVVs and bank account numbers reach the gateway and nowhere else: after a store with its
 * logs at the most talkative level has taken them on the hosted page, in the Add Payment Method form and
 * in failed attempts, none of them is in its log output or in any file of its embedded database.
 */
const SECRETS = {
  card: '4111111111111111',
  declinedCard: '4387751111111038',
  cvv: '987',
  bankAccount: '99887766554433',
};

function* filesUnder(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

describe('no card data in logs or database files', () => {
  let store: ChildServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-scan-'));
    store = await startChildServer(
      'apps/server/src/main.ts',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: TEST_PUBLIC_URL,
        LOG_LEVEL: 'trace',
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      },
      '/api/health',
      { captureOutput: true },
    );
  }, 60_000);
  afterAll(async () => {
    await store?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes them on every path and keeps none of them', async () => {
    // A guest on the hosted page, once declined, once approved.
    for (const cardNumber of [SECRETS.declinedCard, SECRETS.card]) {
      const orderId = createOrderId('card');
      const created = await postJson(store.url, '/api/payment/create-payment', {
        amount: 10.49,
        orderId,
        customerName: 'Guest',
        redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
        items: [{ productId: 'paper-ream-500', quantity: 1 }],
      });
      expect(created.status).toBe(200);
      const paid = await fetch(`${store.url}/sandbox/hpp/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          cardNumber,
          expiry: '12/30',
          cvv: SECRETS.cvv,
          name: 'Pat Shopper',
          total: '10.49',
          invoice: orderId,
          returnUrl: `${TEST_PUBLIC_URL}/payment-complete`,
        }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      await postJson(store.url, '/api/payment/verify-payment', { requestId: created.body.requestId });
    }

    // A customer saves a card and a bank account, and mistypes one.
    const registered = await postJson(store.url, '/api/users/register', {
      name: 'Pat Shopper',
      email: 'pat.scan@example.com',
      password: 'a perfectly fine passphrase',
    });
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
    const form = {
      name: 'Pat Shopper',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      email: 'pat@example.com',
    };
    const attempts = [
      { ...form, mode: 'CC', accountNumber: SECRETS.card, expiryMonth: '12', expiryYear: '2030' },
      {
        ...form,
        mode: 'CC',
        accountNumber: `${SECRETS.card.slice(0, -1)}2`,
        expiryMonth: '12',
        expiryYear: '2030',
      },
      {
        ...form,
        mode: 'ACH',
        routingNumber: '036001808',
        accountNumber: SECRETS.bankAccount,
        bankName: 'Bank',
        accountType: 'CHECKING',
      },
      {
        ...form,
        mode: 'ACH',
        routingNumber: '036001809',
        accountNumber: SECRETS.bankAccount,
        bankName: 'Bank',
        accountType: 'CHECKING',
      },
    ];
    for (const attempt of attempts) {
      await postJson(store.url, '/api/payment/tokenize-proxy', attempt, { cookie });
    }
    // A malformed body holding a card number: refused, and not echoed into the log either.
    await postJson(store.url, '/api/payment/tokenize-proxy', `{"accountNumber": "${SECRETS.card}",`, {
      cookie,
    });

    await store.stop();
    const output = store.output();
    expect(output.length).toBeGreaterThan(1000); // the log really was written
    for (const [name, secret] of Object.entries(SECRETS)) {
      if (name === 'cvv') continue; // three digits occur anywhere; the CVV is checked with its field name
      expect(output.includes(secret), `${name} in the log`).toBe(false);
    }
    expect(output).not.toMatch(/cvv2?"?\s*[:=]\s*"?987/i);
    let files = 0;
    for (const path of filesUnder(dataDir)) {
      const bytes = readFileSync(path);
      files += 1;
      for (const [name, secret] of Object.entries(SECRETS)) {
        if (name === 'cvv') continue;
        expect(bytes.includes(secret), `${name} in ${path}`).toBe(false);
      }
    }
    expect(files).toBeGreaterThan(10);
  }, 120_000);
});
