import { createServer, type Server } from 'node:http';
import { createOrderId } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backdateSandboxSettlement,
  PGLITE,
  settleSandbox,
  useTestServer,
  type TestServer,
} from '../testing/test-server';
import { createCardPointeGateway } from './cardpointe-gateway';
import type { PaymentGateway } from './payment-gateway';

/** The API credentials the embedded sandbox made for itself on its first start. */
async function gatewayCredentials(server: TestServer): Promise<{ username: string; password: string }> {
  const { rows } = await server.database.sql.query<{ username: string; password: string }>(
    'select username, password from sandbox_gateway.api_credentials',
  );
  return rows[0]!;
}

/** The CardPointe adapter against the sandbox gateway, over real HTTP. */
describe('CardPointe adapter against the sandbox gateway', () => {
  const server = useTestServer(PGLITE);
  let gateway: PaymentGateway;

  beforeAll(async () => {
    gateway = server.gateway;
  });

  async function authorize(card: string, amountCents: number, capture = false) {
    return gateway.authorize({
      account: card,
      expiry: '1230',
      cvv: '123',
      amountCents,
      orderId: createOrderId('card'),
      capture,
    });
  }

  it('authorizes a Luhn-valid card and reports it by field name', async () => {
    const result = await authorize('4111111111111111', 6820);
    expect(result).toMatchObject({
      ok: true,
      value: { approved: true, amountCents: 6820, last4: '1111', settlement: 'authorized' },
    });
    if (!result.ok) return;
    expect(result.value.retref).toMatch(/^\d{12}$/);
    expect(result.value.authCode).toMatch(/^[0-9A-Z]{6}$/);
  });

  it.each([
    ['4387751111111038', 'declined', '05', 'Do not honor'],
    ['4387751111111046', 'declined', '54', 'Expired card'],
    ['4387751111111053', 'declined', '51', 'Insufficient funds'],
    ['4999006200620062', 'retry', '62', 'Timed out'],
  ])('maps test card %s to %s %s', async (card, kind, respcode, message) => {
    expect(await authorize(card, 1000)).toMatchObject({ ok: false, kind, respcode, message });
  });

  it('reports the address and CVV checks and the BIN facts of an authorization', async () => {
    const checked = await gateway.authorize({
      account: '4032100000000010',
      expiry: '1230',
      cvv: '111',
      amountCents: 1000,
      orderId: createOrderId('card'),
      capture: false,
      address: { street: '12 Paper Lane', postal: '55112', country: 'US' },
    });
    expect(checked).toMatchObject({
      ok: true,
      value: {
        approved: true,
        avsResponse: 'N',
        cvvResponse: 'N',
        bin: { country: 'US', prepaid: true, corporate: false },
      },
    });
    const plain = await authorize('5555110000000013', 1000);
    expect(plain).toMatchObject({
      ok: true,
      value: { avsResponse: 'U', cvvResponse: 'M', bin: { country: 'US', prepaid: false, corporate: true } },
    });
    // The checks are in the authorization's own answer only, not in inquire's.
    if (!checked.ok) return;
    const inquired = await gateway.inquire(checked.value.retref);
    expect(inquired).toMatchObject({ ok: true, value: { approved: true } });
    expect(inquired.ok && inquired.value).not.toHaveProperty('avsResponse');
  });

  it('reports the BIN facts and last 4 of a declined authorization, with its response code', async () => {
    const declined = await authorize('4387751111111053', 1000);
    expect(declined).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '51',
      last4: '1053',
      bin: { country: 'US', prepaid: false, corporate: false },
    });
    expect(declined).not.toHaveProperty('avsResponse');
  });

  it('declines $1000–$1999.99 with the whole dollars’ last three digits as the code', async () => {
    expect(await authorize('4111111111111111', 100_500)).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '005',
    });
    expect(await authorize('4111111111111111', 199_999)).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '999',
    });
    expect(await authorize('4111111111111111', 99_999)).toMatchObject({ ok: true });
    expect(await authorize('4111111111111111', 200_000)).toMatchObject({ ok: true });
  });

  it('captures in part at most the authorized amount, once', async () => {
    const auth = await authorize('4111111111111111', 5000);
    if (!auth.ok) throw new Error('auth failed');
    const { retref } = auth.value;
    expect(await gateway.capture({ retref, amountCents: 5001 })).toMatchObject({
      ok: false,
      kind: 'declined',
    });
    expect(await gateway.capture({ retref, amountCents: 3000 })).toMatchObject({
      ok: true,
      value: { amountCents: 3000, settlement: 'captured' },
    });
    expect(await gateway.capture({ retref })).toMatchObject({ ok: false, kind: 'declined' });
  });

  it('voids a capture until it settles, and is refused with 27 after', async () => {
    const cancelled = await authorize('4111111111111111', 2500);
    if (!cancelled.ok) throw new Error('auth failed');
    expect((await gateway.capture({ retref: cancelled.value.retref })).ok).toBe(true);
    expect((await gateway.voidAuthorization({ retref: cancelled.value.retref })).ok).toBe(true);
    expect(await gateway.inquire(cancelled.value.retref)).toMatchObject({
      ok: true,
      value: { settlement: 'voided', capturedAmountCents: 0 },
    });
    const settled = await authorize('4111111111111111', 2500);
    if (!settled.ok) throw new Error('auth failed');
    expect((await gateway.capture({ retref: settled.value.retref })).ok).toBe(true);
    await settleSandbox(server);
    expect(await gateway.voidAuthorization({ retref: settled.value.retref })).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '27',
      message: 'Txn Batched',
    });
    expect(await gateway.inquire(settled.value.retref)).toMatchObject({
      ok: true,
      value: { settlement: 'captured', capturedAmountCents: 2500 },
    });
  });

  it('refunds only settled captured money, in parts, never above it', async () => {
    const auth = await authorize('5454545454545454', 5000);
    if (!auth.ok) throw new Error('auth failed');
    const { retref } = auth.value;
    expect(await gateway.refund({ retref, amountCents: 100 })).toMatchObject({ ok: false, kind: 'declined' });
    expect(await gateway.capture({ retref })).toMatchObject({ ok: true, value: { amountCents: 5000 } });
    // Not settled yet: CardPointe's 28, which the store reads as "schedule it".
    expect(await gateway.refund({ retref, amountCents: 2000 })).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '28',
      message: 'Txn not settled',
    });
    await settleSandbox(server);
    const first = await gateway.refund({ retref, amountCents: 2000 });
    expect(first).toMatchObject({ ok: true, value: { amountCents: 2000 } });
    expect(first.ok && first.value.retref).not.toBe(retref);
    expect(await gateway.refund({ retref, amountCents: 3001 })).toMatchObject({
      ok: false,
      kind: 'declined',
    });
    expect(await gateway.refund({ retref })).toMatchObject({ ok: true, value: { amountCents: 3000 } });
    expect(await gateway.refund({ retref, amountCents: 1 })).toMatchObject({ ok: false, kind: 'declined' });
  });

  it('voids an authorization before capture, and inquire shows it', async () => {
    const auth = await authorize('378282246310005', 1234);
    if (!auth.ok) throw new Error('auth failed');
    expect(await gateway.voidAuthorization({ retref: auth.value.retref })).toMatchObject({ ok: true });
    expect(await gateway.inquire(auth.value.retref)).toMatchObject({
      ok: true,
      value: { settlement: 'voided' },
    });
    expect(await gateway.capture({ retref: auth.value.retref })).toMatchObject({
      ok: false,
      kind: 'declined',
    });
  });

  it('finds every transaction of an order, and none for an unknown one', async () => {
    const orderId = createOrderId('card');
    await gateway.authorize({
      account: '4387751111111038',
      expiry: '1230',
      amountCents: 500,
      orderId,
      capture: false,
    });
    await gateway.authorize({
      account: '4111111111111111',
      expiry: '1230',
      amountCents: 500,
      orderId,
      capture: false,
    });
    const found = await gateway.inquireByOrderId(orderId);
    expect(found.ok && found.value.map((transaction) => transaction.approved)).toEqual([false, true]);
    expect(await gateway.inquireByOrderId(createOrderId('card'))).toEqual({ ok: true, value: [] });
    expect(await gateway.inquire('000000000000')).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '29',
    });
  });

  it('tokenizes a card and tells its brand from the token', async () => {
    const tokenized = await gateway.tokenize({ account: '6011000995500000', expiry: '1230' });
    if (!tokenized.ok) throw new Error('tokenize failed');
    expect(tokenized.value.token).toMatch(/^9\d{11}0000$/);
    expect(await gateway.cardBin(tokenized.value.token)).toEqual({
      ok: true,
      value: {
        brand: 'DISCOVER',
        country: 'US',
        bin: '601100',
        corporate: false,
        purchase: false,
        prepaid: false,
        fsa: false,
        gsa: false,
      },
    });
    const visa = await gateway.tokenize({ account: '4111111111111111', expiry: '1230' });
    if (!visa.ok) throw new Error('tokenize failed');
    expect(await gateway.cardBin(visa.value.token)).toEqual({
      ok: true,
      value: {
        brand: 'VISA',
        country: 'US',
        bin: '411111',
        cardUse: 'True credit, No PIN/Signature capability',
        corporate: false,
        purchase: false,
        prepaid: false,
        fsa: false,
        gsa: false,
      },
    });
    expect(await gateway.tokenize({ account: '4111111111111112' })).toMatchObject({ ok: false });
  });

  it('is refused with wrong credentials', async () => {
    const wrong = createCardPointeGateway({
      baseUrl: () => `${server.url}/sandbox`,
      merchantId: server.config.gateway.merchantId,
      username: 'sandbox',
      password: 'wrong',
      hostedPageUrl: server.config.gateway.hostedPageUrl,
      timeoutMs: 5000,
      movesRealMoney: false,
    });
    expect(await wrong.inquire('000000000000')).toMatchObject({ ok: false, kind: 'rejected', status: 401 });
  });

  it("voids an order's authorization by order id; an order with none is 29 Txn not found", async () => {
    const orderId = createOrderId('card');
    const auth = await gateway.authorize({
      account: '4111111111111111',
      expiry: '1230',
      amountCents: 1500,
      orderId,
      capture: false,
    });
    if (!auth.ok) throw new Error('authorization failed');
    expect(await gateway.voidByOrderId(orderId)).toMatchObject({
      ok: true,
      value: { retref: auth.value.retref, orderId, approved: true },
    });
    expect(await gateway.inquire(auth.value.retref)).toMatchObject({
      ok: true,
      value: { settlement: 'voided' },
    });
    expect(await gateway.voidByOrderId(createOrderId('card'))).toMatchObject({
      ok: false,
      kind: 'declined',
      respcode: '29',
    });
  });

  it('checks the merchant account with inquireMerchant', async () => {
    expect(await gateway.inquireMerchant()).toEqual({
      ok: true,
      value: {
        merchantId: server.config.gateway.merchantId,
        site: 'sandbox',
        cardProcessor: 'RPCT',
        echeck: true,
        cvv: true,
        avs: true,
        accountUpdater: false,
      },
    });
  });

  it("reads a day's funding: settled sales, refunds taken off, and none for a day without", async () => {
    const sale = await authorize('5454545454545454', 3300, true);
    if (!sale.ok) throw new Error('auth failed');
    await settleSandbox(server);
    const refund = await gateway.refund({ retref: sale.value.retref, amountCents: 1000 });
    if (!refund.ok) throw new Error('refund failed');
    await settleSandbox(server);
    // Settled yesterday: the deposit is today's (other tests' batches may be in the same deposit).
    await backdateSandboxSettlement(server, 1);
    const today = await gateway.funding(new Date());
    if (!today.ok) throw new Error(`funding failed: ${today.message}`);
    expect(today.value.deposits).toHaveLength(1);
    const [deposit] = today.value.deposits;
    expect(deposit).toMatchObject({ currency: 'USD', fundingId: expect.stringMatching(/^\d+$/) });
    const funded = today.value.transactions;
    expect(funded).toContainEqual(
      expect.objectContaining({
        retref: sale.value.retref,
        amountCents: 3300,
        type: 'SALE',
        orderId: sale.value.orderId,
      }),
    );
    expect(funded).toContainEqual(
      expect.objectContaining({
        retref: refund.value.retref,
        amountCents: -1000,
        parentRetref: sale.value.retref,
      }),
    );
    const net = funded.reduce((sum, txn) => sum + txn.amountCents, 0);
    expect(deposit!.netSalesCents).toBe(net);
    // Fees come off: the deposit is the net sales and every line the gateway reports, to the cent.
    expect(deposit!.interchangeFeeCents).toBeLessThan(0);
    expect(deposit!.totalFundingCents).toBe(
      deposit!.netSalesCents +
        deposit!.interchangeFeeCents +
        deposit!.serviceChargeCents +
        deposit!.feeCents +
        deposit!.reversalCents +
        deposit!.adjustmentCents,
    );
    expect(funded.find((txn) => txn.retref === sale.value.retref)!.interchangeFeeCents).toBeGreaterThan(0);

    expect(await gateway.funding(new Date(Date.UTC(2001, 0, 2)))).toEqual({
      ok: true,
      value: { deposits: [], transactions: [], chargebacks: [] },
    });
  });

  it("reads a day's settled batches in one call: captures and refunds with their batch, none for a day without", async () => {
    const sale = await authorize('4111111111111111', 2500, true);
    if (!sale.ok) throw new Error('auth failed');
    const { batchId } = await settleSandbox(server);
    const refund = await gateway.refund({ retref: sale.value.retref, amountCents: 500 });
    if (!refund.ok) throw new Error('refund failed');
    await settleSandbox(server);
    const today = await gateway.settlementStatus(new Date());
    if (!today.ok) throw new Error(`settlestat failed: ${today.message}`);
    const batch = today.value.find((candidate) => candidate.batchId === batchId);
    expect(batch).toMatchObject({ hostStatus: 'GB' });
    expect(batch!.transactions).toContainEqual(
      expect.objectContaining({ retref: sale.value.retref, amountCents: 2500, accepted: true, status: 'Y' }),
    );
    expect(today.value.flatMap((each) => each.transactions)).toContainEqual(
      expect.objectContaining({ retref: refund.value.retref, amountCents: -500, accepted: true }),
    );
    // A day nothing settled: "Null Batches", read as no batch at all.
    expect(await gateway.settlementStatus(new Date(Date.now() - 40 * 24 * 60 * 60 * 1000))).toEqual({
      ok: true,
      value: [],
    });
  });

  it('answers ping with CardSecure echo', async () => {
    expect(await gateway.ping()).toBe(true);
  });

  it('tells wrong credentials apart from an unknown merchant id', async () => {
    const { hostedPageUrl } = server.config.gateway;
    const credentials = await gatewayCredentials(server);
    const withSettings = (settings: { merchantId: string; password: string }) =>
      createCardPointeGateway({
        baseUrl: () => `${server.url}/sandbox`,
        username: credentials.username,
        hostedPageUrl,
        timeoutMs: 5000,
        movesRealMoney: false,
        ...settings,
      });
    const merchantId = server.config.gateway.merchantId;
    expect(await withSettings({ merchantId, password: 'wrong' }).inquireMerchant()).toMatchObject({
      ok: false,
      kind: 'wrong-credentials',
    });
    expect(
      await withSettings({ merchantId: '800000000999', password: credentials.password }).inquireMerchant(),
    ).toEqual({
      ok: false,
      kind: 'unknown-merchant',
      message: 'The payment gateway does not know merchant 800000000999',
    });
    expect(
      await withSettings({ merchantId: '800000000999', password: credentials.password }).funding(new Date()),
    ).toEqual({ ok: false, kind: 'rejected', status: 400, message: 'Data not found' });
  });
});

describe('CardPointe adapter when the gateway misbehaves', () => {
  let silent: Server;
  let garbled: Server;
  const portOf = (server: Server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const gatewayAt = (url: string) =>
    createCardPointeGateway({
      baseUrl: () => url,
      merchantId: '800000000001',
      username: 'u',
      password: 'p',
      hostedPageUrl: 'http://127.0.0.1/hpp',
      timeoutMs: 1000,
      movesRealMoney: false,
    });

  beforeAll(async () => {
    silent = createServer(() => {
      // never answers: the adapter must give up on its own
    });
    garbled = createServer((_request, response) => {
      response.writeHead(_request.url?.includes('capture') ? 503 : 200, {
        'content-type': 'application/json',
      });
      response.end('{"respstat": "A", "amount": ');
    });
    await Promise.all(
      [silent, garbled].map(
        (server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
      ),
    );
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
    garbled.close();
  });

  it('gives up after its time-out and says the outcome is unknown', async () => {
    const result = await gatewayAt(`http://127.0.0.1:${portOf(silent)}`).inquire('123456789012');
    expect(result).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'The payment gateway did not answer in time',
    });
  });

  it('treats an unreadable answer and a 5xx as unavailable, never as approval', async () => {
    const gateway = gatewayAt(`http://127.0.0.1:${portOf(garbled)}`);
    expect(await gateway.inquire('123456789012')).toMatchObject({ ok: false, kind: 'unavailable' });
    expect(await gateway.capture({ retref: '123456789012' })).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
  });

  it('pings false when the echo is unreadable or the gateway cannot be reached', async () => {
    expect(await gatewayAt(`http://127.0.0.1:${portOf(garbled)}`).ping()).toBe(false);
    expect(await gatewayAt('http://127.0.0.1:1').ping()).toBe(false);
  });

  it('treats an unreadable funding answer as unavailable', async () => {
    expect(await gatewayAt(`http://127.0.0.1:${portOf(garbled)}`).funding(new Date())).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
  });

  it('reports a gateway that cannot be reached', async () => {
    const result = await gatewayAt('http://127.0.0.1:1').inquire('123456789012');
    expect(result).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'The payment gateway could not be reached',
    });
  });

  it('reports a merchant that is not enabled, and an unreachable gateway, when inquiring on the merchant', async () => {
    const disabled = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ merchid: '800000000001', site: 'fts', enabled: false, echeck: 'N' }));
    });
    await new Promise<void>((resolve) => disabled.listen(0, '127.0.0.1', resolve));
    try {
      expect(await gatewayAt(`http://127.0.0.1:${portOf(disabled)}`).inquireMerchant()).toEqual({
        ok: false,
        kind: 'merchant-disabled',
        message: 'Merchant 800000000001 is not enabled at the payment gateway',
      });
    } finally {
      disabled.close();
    }
    expect(await gatewayAt('http://127.0.0.1:1').inquireMerchant()).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
  });

  it('reads the checks of a decline, and leaves out check values of an unexpected shape', async () => {
    const answers: Record<string, unknown>[] = [];
    const requests: Record<string, unknown>[] = [];
    const scripted = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answers.shift()));
      });
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    const scriptedGateway = gatewayAt(`http://127.0.0.1:${portOf(scripted)}`);
    const authorizeOnce = () =>
      scriptedGateway.authorize({
        account: '9411111111111111',
        amountCents: 1000,
        orderId: 'CC-ABC',
        capture: false,
        address: { street: '1234 A Very Long Street Name That Goes On And On', postal: '78701-1234' },
      });
    try {
      answers.push({
        respstat: 'C',
        respcode: 'C2',
        resptext: 'CVV decline',
        respproc: 'FNOR',
        retref: '123456789012',
        avsresp: 'z',
        cvvresp: 'N',
        binInfo: { country: 'USA', product: 'V', prepaid: 'Y', corporate: false },
      });
      expect(await authorizeOnce()).toEqual({
        ok: false,
        kind: 'declined',
        respcode: 'C2',
        message: 'CVV decline',
        retref: '123456789012',
        avsResponse: 'Z',
        cvvResponse: 'N',
        bin: { country: 'USA', prepaid: true, corporate: false },
      });
      expect(requests[0]).toMatchObject({
        bin: 'Y',
        address: '1234 A Very Long Street Name T',
        postal: '787011234',
      });
      answers.push({
        respstat: 'A',
        respcode: '00',
        resptext: 'Approval',
        retref: '123456789013',
        amount: '10.00',
        avsresp: '',
        cvvresp: { unexpected: true },
        binInfo: 'none',
      });
      const approved = await authorizeOnce();
      expect(approved.ok).toBe(true);
      if (!approved.ok) return;
      expect(approved.value).not.toHaveProperty('avsResponse');
      expect(approved.value).not.toHaveProperty('cvvResponse');
      expect(approved.value).not.toHaveProperty('bin');
    } finally {
      scripted.close();
    }
  });

  it('builds the hosted page address with total, invoice and return address', () => {
    const url = new URL(
      gatewayAt('http://x').hostedPaymentUrl({
        orderId: 'CC-ABC',
        amountCents: 6820,
        returnUrl: 'http://shop/payment-complete',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      total: '68.20',
      invoice: 'CC-ABC',
      returnUrl: 'http://shop/payment-complete',
    });
    const prefilled = gatewayAt('http://x').hostedPaymentUrl({
      orderId: 'CC-ABC',
      amountCents: 6820,
      returnUrl: 'http://shop/payment-complete',
      billZip: '78701',
    });
    expect(new URL(prefilled).searchParams.get('billZip')).toBe('78701');
  });
});
