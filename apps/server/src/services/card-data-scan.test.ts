import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createOrderId } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countSecrets,
  scanCardData,
  scanDirectory,
  scanStores,
  type Hits,
  type Secret,
} from '../../../../scripts/scan-card-data';
import { emptyPgliteSnapshot } from '../../../../packages/sandbox-gateway/src/pglite-snapshot';
import { createPgliteTestDataDir } from '../db/test-database';
import { startChildServer, type ChildServer } from '../testing/processes';
import { bankForm, cardForm, shoppersAt } from '../testing/shoppers';
import { TEST_DELIVERY, postJson, TEST_ADMIN, TEST_PUBLIC_URL } from '../testing/test-server';

/**
 * Card numbers, CVVs and bank account numbers reach the gateway and nowhere else: after a store with its
 * logs at the most talkative level has taken them on the hosted page, in the Add Payment Method form and
 * in failed attempts, none of them is in its log output or in any file of its embedded database. The search
 * is the one the end-to-end run's card data scan makes (`scripts/scan-card-data.ts`), tested below too.
 */
const SECRETS = {
  card: '4111111111111111',
  declinedCard: '4387751111111038',
  cvv: '987',
  bankAccount: '99887766554433',
};
const SECRET_LIST: Secret[] = [
  { label: 'card', value: SECRETS.card, kind: 'card' },
  { label: 'declined card', value: SECRETS.declinedCard, kind: 'card' },
  // Three digits occur anywhere: the scan counts a CVV only after a field name that says what it is.
  { label: 'CVV', value: SECRETS.cvv, kind: 'cvv' },
  { label: 'bank account', value: SECRETS.bankAccount, kind: 'bank-account' },
];

/** The secrets found, by label; {} when there are none. */
function found(hits: Hits): Hits {
  return Object.fromEntries(Object.entries(hits).filter(([, count]) => count > 0));
}

describe('no card data in logs or database files', () => {
  let store: ChildServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-scan-'));
    await createPgliteTestDataDir(dataDir);
    store = await startChildServer(
      'apps/server/src/main.ts',
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: TEST_PUBLIC_URL,
        LOG_LEVEL: 'trace',
        LOG_SLOW_REQUEST_MS: '0', // every request logged, not only slow ones
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        // Its admin moves money without an authenticator app: what is measured here is not sign-in.
        STAFF_SECOND_FACTOR: 'off',
      },
      '/api/health',
      { captureOutput: true },
    );
    // A store in a process of its own, logging everything: over a minute to start on a machine running the
    // whole suite with its memory slow to come by (decision 071).
  }, 150_000);
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
        delivery: TEST_DELIVERY,
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
    const shoppers = shoppersAt(store);
    const customer = await shoppers.register({ email: 'pat.scan@example.com' });
    const attempts = [
      cardForm(SECRETS.card),
      cardForm(`${SECRETS.card.slice(0, -1)}2`),
      bankForm({ accountNumber: SECRETS.bankAccount, bankName: 'Bank' }),
      bankForm({ routingNumber: '036001809', accountNumber: SECRETS.bankAccount, bankName: 'Bank' }),
    ];
    for (const attempt of attempts) await shoppers.tokenize(customer, attempt);
    // The card typed in the gateway's frame (the mounted sandbox's), saved, and a mistyped one.
    const entry = await shoppers.openCardEntry(customer);
    const frameUrl = entry.body.frameUrl as string;
    await shoppers.typeInFrame(frameUrl, `${SECRETS.card.slice(0, -1)}2`);
    const typed = await shoppers.typeInFrame(frameUrl, SECRETS.card);
    const saved = await shoppers.save(customer, typed.token, {
      paymentType: 'CC',
      holderName: 'Pat Shopper',
      expiryMonth: '12',
      expiryYear: '2030',
      cardEntryId: entry.body.entryId,
    });
    expect(saved.status).toBe(200);
    // A malformed body holding a card number: refused, and not echoed into the log either.
    await shoppers.as(customer, '/api/payment/tokenize-proxy', `{"accountNumber": "${SECRETS.card}",`);

    await store.stop();
    const output = store.output();
    expect(output.length).toBeGreaterThan(1000); // the log really was written
    expect(found(countSecrets(output, SECRET_LIST)), 'in the log').toEqual({});
    const files = scanDirectory(dataDir, SECRET_LIST);
    expect(files.where).toEqual([]);
    expect(files.files).toBeGreaterThan(10);
  }, 120_000);
});

describe('the card data scan after the end-to-end run (scripts/scan-card-data.ts)', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'card-data-scan-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('finds a card number in a file, and nothing in the same file without it', () => {
    const folder = join(directory, 'files');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    const file = join(folder, 'nested', 'page.bin');
    writeFileSync(file, Buffer.from([0, 1, 2, ...Buffer.from(' 4111 1111 1111 1111 '), 255, 0]));
    writeFileSync(join(folder, 'other.txt'), 'an order of 3 pen packs: $15.74');
    const withCard = scanDirectory(folder, SECRET_LIST);
    expect(found(withCard.hits)).toEqual({ card: 1 });
    expect(withCard.where).toEqual([`card in ${file}: 1`]);
    expect(withCard.files).toBe(2);

    writeFileSync(file, Buffer.from([0, 1, 2, ...Buffer.from(' 4111 1111 1111 111 •••• 1111 '), 255, 0]));
    expect(found(scanDirectory(folder, SECRET_LIST).hits)).toEqual({});
  });

  it('finds a card number bare, with dashes or form-encoded; a CVV after its field name; a short number alone', () => {
    for (const text of [
      '{"account":"4111111111111111"}',
      'card 4111-1111-1111-1111.',
      'cardNumber=4111+1111+1111+1111&',
      'cardNumber=4111%201111%201111%201111&',
    ]) {
      expect(found(countSecrets(text, SECRET_LIST)), text).toEqual({ card: 1 });
    }
    expect(found(countSecrets('{"cvv":"987"} cvv2=987& CVV: 987', SECRET_LIST))).toEqual({ CVV: 3 });
    expect(found(countSecrets('took 987 ms, "cvvresp":"987", cvv 9876', SECRET_LIST))).toEqual({});
    const short: Secret[] = [{ label: 'account', value: '12345', kind: 'bank-account' }];
    expect(countSecrets('{"accountNumber":"12345"}', short)).toEqual({ account: 1 });
    expect(countSecrets('{"time":1712345678,"id":"a12345b","key":"Z12345+"}', short)).toEqual({ account: 0 });
  });

  it('fails instead of reporting 0 hits when the log or the database is missing', async () => {
    const options = {
      logFile: join(directory, 'missing.log'),
      dataDir: join(directory, 'no-database'),
      dumpFile: join(directory, 'dump.txt'),
      secrets: SECRET_LIST,
    };
    mkdirSync(options.dataDir);
    const missing = await scanCardData(options);
    expect(missing.total).toBe(0);
    expect(missing.problems).toEqual([
      expect.stringContaining('No log file'),
      expect.stringContaining('No database'),
    ]);
    writeFileSync(options.logFile, '');
    expect((await scanCardData(options)).problems[0]).toMatch(/log file .* is empty/);
    expect((await scanCardData({ ...options, secrets: [] })).problems).toContain(
      'There are no secrets to look for.',
    );
  });

  it('dumps every table of the database and finds a card number kept in one', async () => {
    const dataDir = join(directory, 'data');
    const database = await PGlite.create({ dataDir, loadDataDir: await emptyPgliteSnapshot() });
    await database.exec(`
      create schema shop;
      create table shop.notes (id serial primary key, body text not null);
      insert into shop.notes (body) values ('paid with 4111 1111 1111 1111'), ('no card here');
    `);
    await database.close();
    const logFile = join(directory, 'server.log');
    writeFileSync(logFile, '{"level":30,"time":1712345678901,"msg":"Server listening"}\n');

    const result = await scanCardData({
      logFile,
      dataDir,
      dumpFile: join(directory, 'dump.txt'),
      secrets: SECRET_LIST,
    });
    expect(result.problems).toEqual([]);
    expect(result.sources.map((source) => source.source)).toEqual(['log', 'database dump', 'data directory']);
    const [log, dump] = result.sources;
    expect(found(log!.hits)).toEqual({});
    expect(found(dump!.hits)).toEqual({ card: 1 });
    expect(dump!.scanned).toBe('1 tables, 2 rows');
    expect(result.total).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('scans every store of the run, and fails when a card number is in any one of them or one is missing', async () => {
    // The end-to-end run's stores, each with its log and its database (tests/e2e/artifacts.ts).
    // Two stores: each scan opens and dumps every store's database, the heaviest part of the test.
    const stores = await Promise.all(
      ['first', 'second'].map(async (name) => {
        const dir = join(directory, 'stores', name);
        const dataDir = join(dir, 'data');
        mkdirSync(dir, { recursive: true });
        const database = await PGlite.create({ dataDir, loadDataDir: await emptyPgliteSnapshot() });
        await database.exec(`
          create table notes (id serial primary key, body text not null);
          insert into notes (body) values ('paid with VISA •••• 1111');
        `);
        await database.close();
        const logFile = join(dir, 'server.log');
        writeFileSync(logFile, '{"level":30,"time":1712345678901,"msg":"Server listening"}\n');
        return { name, logFile, dataDir, dumpFile: join(dir, 'dump.txt') };
      }),
    );
    const clean = await scanStores(stores, SECRET_LIST);
    expect(clean.problems).toEqual([]);
    expect(clean.total).toBe(0);
    expect(clean.sources.map((source) => source.source)).toEqual(
      ['first', 'second'].flatMap((name) => [
        `${name}: log`,
        `${name}: database dump`,
        `${name}: data directory`,
      ]),
    );

    // A card number in the second store's log, and one in a file of the first store's data directory: each
    // found where it is, in one scan (each scan opens and dumps every store's database).
    appendFileSync(stores[1]!.logFile, '{"level":30,"msg":"card 4111111111111111"}\n');
    const kept = join(stores[0]!.dataDir, 'kept.bin');
    writeFileSync(kept, Buffer.from([0, ...Buffer.from('4111-1111-1111-1111'), 0]));
    const inBoth = await scanStores(stores, SECRET_LIST);
    expect(inBoth.total).toBe(2);
    expect(inBoth.sources.flatMap((source) => source.where)).toEqual([
      `card in ${kept}: 1`,
      `card in ${stores[1]!.logFile}: 1`,
    ]);
    writeFileSync(stores[1]!.logFile, '{"level":30,"time":1712345678901,"msg":"Server listening"}\n');
    rmSync(kept);

    // The first store's log missing: the scan of the others cannot stand for it.
    rmSync(stores[0]!.logFile);
    const missing = await scanStores(stores, SECRET_LIST);
    expect(missing.total).toBe(0);
    expect(missing.problems).toEqual([expect.stringMatching(/^first: No log file/)]);
    expect((await scanStores([], SECRET_LIST)).problems).toEqual(['There are no stores to scan.']);
    // Three scans of two databases each: two minutes, for a machine running the rest of the suite beside it.
  }, 120_000);
});
