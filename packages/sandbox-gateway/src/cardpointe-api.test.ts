import { AUTHORIZATION_LIFETIME_MS } from '@store/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from './index';
import {
  basicAuthorization,
  GatewayClient,
  MERCHID,
  openTestDatabase,
  startGateway,
  TEST_BACKENDS,
  type GatewayRecord,
  type RunningGateway,
  type TestDatabase,
} from './test-support';

const TIMEOUT_CARD_DELAY_MS = 120;
const NOT_FOUND = { respstat: 'C', respcode: '29', resptext: 'Txn not found' };

let orderCounter = 0;
function nextOrderId(): string {
  orderCounter += 1;
  return `CC-TEST${String(orderCounter).padStart(8, '0')}`;
}

describe.each(TEST_BACKENDS)('CardPointe REST API (%s)', (backend) => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let client: GatewayClient;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    gateway = await startGateway(database.db, { timeoutCardDelayMs: TIMEOUT_CARD_DELAY_MS });
    client = new GatewayClient(gateway.baseUrl);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  beforeEach(() => gateway.clock.reset());

  describe('connection and credentials', () => {
    it('answers the hello check without credentials', async () => {
      const response = await fetch(`${gateway.baseUrl}/cardconnect/rest/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('CardConnect REST');
    });

    it('refuses missing or wrong credentials with 401 and a JSON body', async () => {
      const body = { merchid: MERCHID, account: '4111111111111111', expiry: '1230', amount: '1.00' };
      const attempts: Record<string, string>[] = [
        {},
        { authorization: basicAuthorization('sandbox', 'wrong-password') },
        { authorization: basicAuthorization('someone', 'sandbox-password') },
        { authorization: 'Bearer sandbox-password' },
      ];
      for (const headers of attempts) {
        const answer = await client.send('PUT', '/cardconnect/rest/auth', body, headers);
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
        expect(answer.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
      const inquiry = await client.send(
        'GET',
        `/cardconnect/rest/inquire/123456789012/${MERCHID}`,
        undefined,
        {},
      );
      expect(inquiry.status).toBe(401);
    });
  });

  describe('inquireMerchant', () => {
    it('answers the merchant account set-up with the documented fields', async () => {
      const answer = await client.send('GET', `/cardconnect/rest/inquireMerchant/${MERCHID}`);
      expect(answer.status).toBe(200);
      const merchant = answer.body as unknown as Record<string, unknown>;
      expect(merchant).toMatchObject({ merchid: MERCHID, enabled: true, cardproc: 'RPCT', fee_type: 'N' });
      expect(typeof merchant.site).toBe('string');
      expect(String(merchant.site).length).toBeLessThanOrEqual(12);
      for (const flag of ['acctupdater', 'avs', 'cvv', 'echeck']) {
        expect(merchant[flag], flag).toMatch(/^[YN]$/);
      }
      // The sandbox takes ACH debits, so its merchant is set up for eCheck.
      expect(merchant.echeck).toBe('Y');
      for (const field of ['fee_format', 'fee_value', 'fee_merchid']) {
        expect(typeof merchant[field], field).toBe('string');
      }
    });

    it('answers 400 "Data not found" for a merchant id it does not know', async () => {
      for (const merchid of ['800000000002', 'not-a-merchant']) {
        const answer = await client.send('GET', `/cardconnect/rest/inquireMerchant/${merchid}`);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ message: 'Data not found', errorcode: 49 });
      }
    });

    it('refuses missing or wrong credentials with 401', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: basicAuthorization('sandbox', 'wrong-password') },
      ];
      for (const headers of attempts) {
        const answer = await client.send(
          'GET',
          `/cardconnect/rest/inquireMerchant/${MERCHID}`,
          undefined,
          headers,
        );
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
    });
  });

  describe('auth', () => {
    it('approves a tokenized card with the CardPointe response fields', async () => {
      const { body: tokenized } = await client.tokenize('4111111111111111');
      const orderid = nextOrderId();
      const answer = await client.auth({
        account: tokenized.token,
        amount: '68.20',
        currency: 'USD',
        orderid,
        capture: 'N',
        cvv2: '123',
        name: 'Ada Lovelace',
        ecomind: 'E',
      });
      expect(answer).toMatchObject({
        respstat: 'A',
        respcode: '00',
        resptext: 'Approval',
        respproc: 'RPCT',
        merchid: MERCHID,
        amount: '68.20',
        account: tokenized.token,
        token: tokenized.token,
        orderid,
        expiry: '1230',
        cvvresp: 'M',
        commcard: 'N',
      });
      expect(answer.retref).toMatch(/^\d{12}$/);
      expect(answer.authcode).toHaveLength(6);
      expect(answer.avsresp).toBeDefined();
      expect(answer.setlstat).toBeUndefined();
    });

    it('approves every approving test card sent as a card number, answering with a token', async () => {
      const approving = SANDBOX_TEST_CARDS.filter((card) => card.outcome === 'Approved');
      expect(approving.map((card) => card.brand).sort()).toEqual(['AMEX', 'DISCOVER', 'MASTERCARD', 'VISA']);
      for (const card of approving) {
        const answer = await client.auth({ account: card.number, amount: '10.00' });
        expect(answer.respstat).toBe('A');
        expect(answer.token).toHaveLength(card.number.length);
        expect(answer.token).toMatch(new RegExp(`^9\\d+${card.number.slice(-4)}$`));
        expect(JSON.stringify(answer)).not.toContain(card.number);
      }
    });

    it('reads amounts with a decimal point as dollars and without one as cents', async () => {
      expect((await client.approvedAuth('6820')).amount).toBe('68.20');
      expect((await client.approvedAuth('68.2')).amount).toBe('68.20');
      expect((await client.approvedAuth('0.05')).amount).toBe('0.05');
      expect((await client.approvedAuth('5')).amount).toBe('0.05');
    });

    it('captures at once with capture Y', async () => {
      const answer = await client.approvedAuth('25.00', { capture: 'Y' });
      expect(answer.setlstat).toBe('Queued for Capture');
      // Until the batch closes the capture can be voided, and (CardPointe's default) not refunded.
      expect(await client.inquire(answer.retref!)).toMatchObject({
        setlstat: 'Queued for Capture',
        capturedamount: '25.00',
        voidable: 'Y',
        refundable: 'N',
      });
    });

    it.each([
      ['4387751111111038', '05', 'Do not honor'],
      ['4387751111111046', '54', 'Expired card'],
      ['4387751111111053', '51', 'Insufficient funds'],
    ])('declines test card %s with %s %s', async (account, respcode, resptext) => {
      const answer = await client.auth({ account, amount: '10.00', capture: 'Y' });
      expect(answer).toMatchObject({ respstat: 'C', respcode, resptext });
      expect(answer.retref).toMatch(/^\d{12}$/);
      expect(answer.authcode).toBeUndefined();
      expect(answer.setlstat).toBeUndefined();
      expect((await client.inquire(answer.retref!)).setlstat).toBe('Declined');
    });

    it('answers the timeout card with respstat B after the configured delay', async () => {
      const started = performance.now();
      const answer = await client.auth({ account: '4999006200620062', amount: '10.00' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_CARD_DELAY_MS - 5);
      expect(answer).toMatchObject({ respstat: 'B', respcode: '62', resptext: 'Timed out' });
    });

    it('declines $1000.00–$1999.99 with the last three digits of the dollars as the response code', async () => {
      const cases: [string, string, string][] = [
        ['1005.00', '005', 'Do not honor'],
        ['1051.37', '051', 'Insufficient funds'],
        ['1116.00', '116', 'Not sufficient funds'],
        ['1999.99', '999', 'Declined'],
        ['1000.00', '000', 'Declined'],
      ];
      for (const [amount, respcode, resptext] of cases) {
        expect(await client.auth({ account: '5454545454545454', amount })).toMatchObject({
          respstat: 'C',
          respcode,
          resptext,
          amount,
        });
      }
      expect((await client.auth({ account: '5454545454545454', amount: '999.99' })).respstat).toBe('A');
      expect((await client.auth({ account: '5454545454545454', amount: '2000.00' })).respstat).toBe('A');
    });

    it('declines a card number failing Luhn, an unknown brand, an unknown token and an expired card', async () => {
      const luhn = await client.auth({ account: '4111111111111112', amount: '10.00' });
      expect(luhn).toMatchObject({ respstat: 'C', resptext: 'Invalid card number' });
      expect(JSON.stringify(luhn)).not.toContain('4111111111111112');

      const jcb = await client.auth({ account: '3530111333300000', amount: '10.00' });
      expect(jcb).toMatchObject({ respstat: 'C', resptext: 'Unknown card type' });

      const token = await client.auth({ account: '9411111111111111', amount: '10.00' });
      expect(token).toMatchObject({ respstat: 'C', resptext: 'Invalid token' });

      const expired = await client.auth({ account: '4111111111111111', expiry: '0530', amount: '10.00' });
      expect(expired).toMatchObject({ respstat: 'C', respcode: '54', resptext: 'Expired card' });
      expect(
        (await client.auth({ account: '4111111111111111', expiry: '0630', amount: '1.00' })).respstat,
      ).toBe('A');
    });

    it('uses the expiry stored with a token when the request has none', async () => {
      const { body } = await client.tokenize('4111111111111111', '1231');
      const answer = await client.send('PUT', '/cardconnect/rest/auth', {
        merchid: MERCHID,
        account: body.token,
        amount: '3.00',
      });
      expect(answer.body).toMatchObject({ respstat: 'A', expiry: '1231' });
    });

    it('accepts POST as well as PUT', async () => {
      const answer = await client.send('POST', '/cardconnect/rest/auth', {
        merchid: MERCHID,
        account: '4111111111111111',
        expiry: '1230',
        amount: '1.00',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.respstat).toBe('A');
    });
  });

  describe('capture', () => {
    it('captures the whole authorization once', async () => {
      const auth = await client.approvedAuth('68.20');
      const capture = await client.capture({ retref: auth.retref });
      expect(capture).toMatchObject({
        respstat: 'A',
        retref: auth.retref,
        amount: '68.20',
        setlstat: 'Queued for Capture',
        authcode: auth.authcode,
      });
      expect(await client.capture({ retref: auth.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn already captured',
      });
    });

    it('captures part of an authorization, which ends it', async () => {
      const auth = await client.approvedAuth('68.20');
      expect(await client.capture({ retref: auth.retref, amount: '50.00' })).toMatchObject({
        respstat: 'A',
        amount: '50.00',
        setlstat: 'Queued for Capture',
      });
      expect((await client.capture({ retref: auth.retref, amount: '18.20' })).respstat).toBe('C');
      const inquiry = await client.inquire(auth.retref!);
      expect(inquiry).toMatchObject({
        amount: '68.20',
        capturedamount: '50.00',
        setlstat: 'Queued for Capture',
      });
      expect(inquiry.capturedate).toMatch(/^\d{14}$/);
    });

    it('refuses to capture more than was authorized', async () => {
      const auth = await client.approvedAuth('68.20');
      expect(await client.capture({ retref: auth.retref, amount: '68.21' })).toMatchObject({
        respstat: 'C',
        respcode: '43',
        resptext: 'Amount exceeds authorized amount',
      });
      expect((await client.capture({ retref: auth.retref, amount: '6820' })).amount).toBe('68.20');
    });

    it('refuses declined authorizations and unknown retrefs', async () => {
      const declined = await client.auth({ account: '4387751111111038', amount: '10.00' });
      expect(await client.capture({ retref: declined.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn was not approved',
      });
      expect(await client.capture({ retref: '100000000000' })).toMatchObject(NOT_FOUND);
    });
  });

  describe('void', () => {
    it('voids an authorization before capture, and only once', async () => {
      const auth = await client.approvedAuth('30.00');
      expect(await client.void({ retref: auth.retref })).toMatchObject({
        respstat: 'A',
        retref: auth.retref,
        authcode: 'REVERS',
        amount: '0.00',
      });
      expect(await client.inquire(auth.retref!)).toMatchObject({
        setlstat: 'Voided',
        voidable: 'N',
        refundable: 'N',
      });
      expect(await client.void({ retref: auth.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn voided',
      });
      expect(await client.capture({ retref: auth.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn voided',
      });
    });

    it('voids a capture in full until it is batched, then refuses with 27 Txn Batched', async () => {
      const cancelled = await client.approvedAuth('30.00', { capture: 'Y' });
      expect(await client.void({ retref: cancelled.retref })).toMatchObject({
        respstat: 'A',
        amount: '0.00',
      });
      expect(await client.inquire(cancelled.retref!)).toMatchObject({
        setlstat: 'Voided',
        capturedamount: '0.00',
        voidable: 'N',
        refundable: 'N',
      });

      const settled = await client.approvedAuth('30.00', { capture: 'Y' });
      await client.settle();
      expect(await client.void({ retref: settled.retref })).toMatchObject({
        respstat: 'C',
        respcode: '27',
        resptext: 'Txn Batched',
      });
      expect(await client.inquire(settled.retref!)).toMatchObject({ setlstat: 'Accepted', voidable: 'N' });
    });

    it('takes a full or zero amount but refuses a partial void', async () => {
      const auth = await client.approvedAuth('30.00');
      expect((await client.void({ retref: auth.retref, amount: '12.00' })).resptext).toBe(
        'Partial void not supported',
      );
      expect((await client.void({ retref: auth.retref, amount: '0' })).respstat).toBe('A');
      expect(await client.void({ retref: '100000000000' })).toMatchObject(NOT_FOUND);
    });
  });

  describe('voidByOrderId', () => {
    const voidByOrderId = (fields: Record<string, unknown>, method = 'POST') =>
      client.send(method, '/cardconnect/rest/voidByOrderId', { merchid: MERCHID, ...fields });

    it("voids the order's approved authorization, passing over a declined attempt", async () => {
      const orderid = nextOrderId();
      const declined = await client.auth({ account: '4387751111111038', amount: '12.00', orderid });
      expect(declined.respstat).toBe('C');
      const approved = await client.auth({ account: '4111111111111111', amount: '12.00', orderid });
      const answer = await voidByOrderId({ orderid });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        respstat: 'A',
        merchid: MERCHID,
        retref: approved.retref,
        orderId: orderid,
        amount: '0.00',
        currency: 'USD',
        authcode: 'REVERS',
      });
      expect(await client.inquire(approved.retref!)).toMatchObject({ setlstat: 'Voided', voidable: 'N' });
      expect(await client.inquire(declined.retref!)).toMatchObject({ setlstat: 'Declined' });
    });

    it('answers with PUT too, "Txn voided" once voided, and "Txn not found" with no approval', async () => {
      const orderid = nextOrderId();
      await client.approvedAuth('8.00', { orderid });
      expect((await voidByOrderId({ orderid }, 'PUT')).body).toMatchObject({ respstat: 'A' });
      expect((await voidByOrderId({ orderid })).body).toMatchObject({
        respstat: 'C',
        resptext: 'Txn voided',
      });
      expect((await voidByOrderId({ orderid: nextOrderId() })).body).toMatchObject(NOT_FOUND);
      const declinedOnly = nextOrderId();
      await client.auth({ account: '4387751111111038', amount: '9.00', orderid: declinedOnly });
      expect((await voidByOrderId({ orderid: declinedOnly })).body).toMatchObject(NOT_FOUND);
    });

    it('voids a capture until it is batched, and refuses an unknown merchant, a missing orderid and no credentials', async () => {
      const orderid = nextOrderId();
      const captured = await client.approvedAuth('20.00', { orderid, capture: 'Y' });
      expect((await voidByOrderId({ orderid, amount: '0' })).body).toMatchObject({ respstat: 'A' });
      expect(await client.inquire(captured.retref!)).toMatchObject({ setlstat: 'Voided' });
      expect((await voidByOrderId({ orderid, merchid: '800000000999' })).body).toMatchObject({
        respstat: 'C',
        resptext: 'Invalid merchant ID',
      });
      expect(await voidByOrderId({})).toMatchObject({ status: 400 });
      const anonymous = await client.send(
        'POST',
        '/cardconnect/rest/voidByOrderId',
        { merchid: MERCHID, orderid },
        {},
      );
      expect(anonymous.status).toBe(401);
    });
  });

  describe('refund', () => {
    it('refunds only captured money, in several parts, never above the captured amount', async () => {
      const orderid = nextOrderId();
      const auth = await client.approvedAuth('68.20', { orderid });
      expect(await client.refund({ retref: auth.retref, amount: '10.00' })).toMatchObject({
        respstat: 'C',
        respcode: '28',
      });
      await client.capture({ retref: auth.retref });
      await client.settle();

      const first = await client.refund({ retref: auth.retref, amount: '20.00' });
      expect(first).toMatchObject({ respstat: 'A', respcode: '00', amount: '20.00', orderid });
      expect(first.retref).toMatch(/^\d{12}$/);
      expect(first.retref).not.toBe(auth.retref);

      const second = await client.refund({ retref: auth.retref, amount: '3000' });
      expect(second).toMatchObject({ respstat: 'A', amount: '30.00' });
      expect(second.retref).not.toBe(first.retref);

      expect(await client.refund({ retref: auth.retref, amount: '18.21' })).toMatchObject({
        respstat: 'C',
        respcode: '43',
        resptext: 'Amount exceeds refundable amount',
      });
      expect(await client.inquire(auth.retref!)).toMatchObject({
        refundedamount: '50.00',
        refundable: 'Y',
      });

      const rest = await client.refund({ retref: auth.retref });
      expect(rest).toMatchObject({ respstat: 'A', amount: '18.20' });
      expect(await client.refund({ retref: auth.retref, amount: '0.01' })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn already fully refunded',
      });
      expect(await client.inquire(auth.retref!)).toMatchObject({
        capturedamount: '68.20',
        refundedamount: '68.20',
        refundable: 'N',
      });

      expect(await client.inquire(first.retref!)).toMatchObject({
        setlstat: 'Refunded',
        amount: '20.00',
        parentretref: auth.retref,
        orderid,
        refundable: 'N',
        voidable: 'N',
      });
      expect(await client.refund({ retref: first.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Txn is a refund',
      });
    });

    it('refunds at most what a partial capture took', async () => {
      const auth = await client.approvedAuth('100.00');
      await client.capture({ retref: auth.retref, amount: '40.00' });
      await client.settle();
      expect((await client.refund({ retref: auth.retref, amount: '40.01' })).respstat).toBe('C');
      expect(await client.refund({ retref: auth.retref })).toMatchObject({ respstat: 'A', amount: '40.00' });
    });

    it('refuses voided and unknown transactions', async () => {
      const auth = await client.approvedAuth('10.00');
      await client.void({ retref: auth.retref });
      expect((await client.refund({ retref: auth.retref })).resptext).toBe('Txn voided');
      expect(await client.refund({ retref: '100000000000' })).toMatchObject(NOT_FOUND);
    });
  });

  describe('authorization expiry', () => {
    it('lets an authorization be captured until 7 days have passed', async () => {
      const auth = await client.approvedAuth('10.00');
      gateway.clock.advance(AUTHORIZATION_LIFETIME_MS - 60_000);
      expect((await client.inquire(auth.retref!)).setlstat).toBe('Authorized');
      expect((await client.capture({ retref: auth.retref })).respstat).toBe('A');
    });

    it('expires an uncaptured authorization after 7 days: no capture, no void', async () => {
      const auth = await client.approvedAuth('10.00');
      gateway.clock.advance(AUTHORIZATION_LIFETIME_MS);
      expect(await client.inquire(auth.retref!)).toMatchObject({
        setlstat: 'Expired',
        voidable: 'N',
        refundable: 'N',
      });
      expect(await client.capture({ retref: auth.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Authorization expired',
      });
      expect(await client.void({ retref: auth.retref })).toMatchObject({
        respstat: 'C',
        resptext: 'Authorization expired',
      });
    });

    it('keeps captured money refundable after 7 days', async () => {
      const auth = await client.approvedAuth('10.00', { capture: 'Y' });
      gateway.clock.advance(AUTHORIZATION_LIFETIME_MS * 3);
      // Days later, the nightly cut-off has settled it.
      expect((await client.inquire(auth.retref!)).setlstat).toBe('Accepted');
      expect((await client.refund({ retref: auth.retref })).respstat).toBe('A');
    });
  });

  describe('inquire', () => {
    it('reports the current state of an authorization', async () => {
      const orderid = nextOrderId();
      const auth = await client.approvedAuth('12.34', { orderid, name: 'Ada Lovelace' });
      expect(await client.inquire(auth.retref!)).toMatchObject({
        respstat: 'A',
        respcode: '00',
        resptext: 'Approval',
        retref: auth.retref,
        merchid: MERCHID,
        amount: '12.34',
        authcode: auth.authcode,
        setlstat: 'Authorized',
        authdate: '20300615',
        orderid,
        voidable: 'Y',
        refundable: 'N',
        account: auth.token,
        token: auth.token,
        lastfour: '1111',
        name: 'Ada Lovelace',
        capturedamount: '0.00',
        refundedamount: '0.00',
      });
    });

    it("answers an unknown retref with CardPointe's Txn not found", async () => {
      const answer = await client.send('GET', `/cardconnect/rest/inquire/999999999999/${MERCHID}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(NOT_FOUND);
    });

    it('lists every transaction of an order, approved or declined, oldest first', async () => {
      const orderid = nextOrderId();
      const declined = await client.auth({ account: '4387751111111053', amount: '40.00', orderid });
      const approved = await client.approvedAuth('40.00', { orderid, capture: 'Y' });
      await client.settle();
      const refund = await client.refund({ retref: approved.retref, amount: '5.00' });

      const records = await client.inquireByOrderid(orderid);
      expect(Array.isArray(records)).toBe(true);
      const list = records as GatewayRecord[];
      expect(list.map((record) => record.retref)).toEqual([declined.retref, approved.retref, refund.retref]);
      expect(list.map((record) => record.setlstat)).toEqual(['Declined', 'Accepted', 'Refunded']);
      expect(list[0]).toMatchObject({ respstat: 'C', respcode: '51', orderid });

      const withoutSet = await client.send('GET', `/cardconnect/rest/inquireByOrderid/${orderid}/${MERCHID}`);
      expect(withoutSet.body).toEqual(records);
    });

    it("answers an unknown order id with CardPointe's Txn not found", async () => {
      const answer = await client.send(
        'GET',
        `/cardconnect/rest/inquireByOrderid/CC-NOSUCHORDER1/${MERCHID}/1`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(NOT_FOUND);
    });
  });

  describe('bin', () => {
    it("tells a token's card type", async () => {
      const cases: [string, string][] = [
        ['4111111111111111', 'V'],
        ['5454545454545454', 'M'],
        ['378282246310005', 'A'],
        ['6011000995500000', 'D'],
      ];
      for (const [cardNumber, product] of cases) {
        const { body } = await client.tokenize(cardNumber);
        const answer = await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/${body.token}`);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ product });
      }
    });

    it('answers the documented BIN fields: all of them for Visa and Mastercard, country, product and bin for others', async () => {
      const visa = await client.tokenize('4111111111111111');
      const answer = await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/${visa.body.token}`);
      expect(answer.body).toEqual({
        country: 'US',
        product: 'V',
        bin: '411111',
        cardusestring: 'True credit, No PIN/Signature capability',
        gsa: false,
        corporate: false,
        fsa: false,
        subtype: '',
        purchase: false,
        prepaid: false,
        issuer: '',
        binlo: '411111XXX',
        binhi: '411111XXX',
      });
      const amex = await client.tokenize('378282246310005');
      const other = await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/${amex.body.token}`);
      expect(other.body).toEqual({ country: 'US', product: 'A', bin: '378282' });
    });

    it('reports unknown tokens and cards of other brands', async () => {
      const unknown = await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/9411111111111111`);
      expect(unknown.body).toMatchObject({ success: false, errormsg: 'Invalid token' });
      const { body } = await client.tokenize('3530111333300000');
      const jcb = await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/${body.token}`);
      expect(jcb.body).toMatchObject({ success: true, errormsg: 'No bin information found.' });
      expect(
        (await client.send('GET', `/cardconnect/rest/bin/${MERCHID}/${body.token}`, undefined, {})).status,
      ).toBe(401);
    });
  });

  describe('merchant id', () => {
    it('declines every call naming another merchant', async () => {
      const auth = await client.approvedAuth('5.00');
      const other = '800000000999';
      const expected = { respstat: 'C', resptext: 'Invalid merchant ID' };
      expect(
        await client.auth({ merchid: other, account: '4111111111111111', amount: '1.00' }),
      ).toMatchObject(expected);
      expect(await client.capture({ merchid: other, retref: auth.retref })).toMatchObject(expected);
      expect(await client.void({ merchid: other, retref: auth.retref })).toMatchObject(expected);
      expect(await client.refund({ merchid: other, retref: auth.retref })).toMatchObject(expected);
      expect(await client.inquire(auth.retref!, other)).toMatchObject(expected);
      expect(await client.inquireByOrderid('CC-ANY', other)).toMatchObject(expected);
      expect((await client.inquire(auth.retref!)).setlstat).toBe('Authorized');
    });
  });

  describe('malformed requests', () => {
    const valid = { merchid: MERCHID, account: '4111111111111111', expiry: '1230', amount: '10.00' };
    const cases: [string, string, unknown, RegExp][] = [
      [
        'auth without merchid',
        '/cardconnect/rest/auth',
        { ...valid, merchid: undefined },
        /merchid is required/,
      ],
      [
        'auth without account',
        '/cardconnect/rest/auth',
        { ...valid, account: undefined },
        /account is required/,
      ],
      [
        'auth without amount',
        '/cardconnect/rest/auth',
        { ...valid, amount: undefined },
        /amount is required/,
      ],
      ['amount with 3 decimals', '/cardconnect/rest/auth', { ...valid, amount: '10.005' }, /two decimals/],
      ['negative amount', '/cardconnect/rest/auth', { ...valid, amount: '-5.00' }, /negative/],
      ['amount that is not a number', '/cardconnect/rest/auth', { ...valid, amount: 'ten' }, /amount/],
      [
        'amount as a JSON number',
        '/cardconnect/rest/auth',
        { ...valid, amount: 10 },
        /amount must be a string/,
      ],
      ['zero amount', '/cardconnect/rest/auth', { ...valid, amount: '0.00' }, /greater than zero/],
      ['absurd amount', '/cardconnect/rest/auth', { ...valid, amount: '99999999999' }, /too large/],
      ['bad expiry', '/cardconnect/rest/auth', { ...valid, expiry: '1330' }, /expiry must be MMYY/],
      [
        'card number without expiry',
        '/cardconnect/rest/auth',
        { ...valid, expiry: undefined },
        /expiry is required/,
      ],
      [
        'order id over 19 characters',
        '/cardconnect/rest/auth',
        { ...valid, orderid: 'X'.repeat(20) },
        /orderid/,
      ],
      ['bad capture flag', '/cardconnect/rest/auth', { ...valid, capture: 'yes' }, /capture/],
      [
        'account with letters',
        '/cardconnect/rest/auth',
        { ...valid, account: '4111-1111-1111-1111' },
        /account/,
      ],
      ['array body', '/cardconnect/rest/auth', [valid], /JSON object/],
      ['capture without retref', '/cardconnect/rest/capture', { merchid: MERCHID }, /retref is required/],
      ['void without retref', '/cardconnect/rest/void', { merchid: MERCHID }, /retref is required/],
      ['refund of zero', '/cardconnect/rest/refund', { merchid: MERCHID, retref: '1', amount: '0' }, /zero/],
    ];

    it.each(cases)('answers 400 with a clear message: %s', async (_name, path, body, message) => {
      const answer = await client.send<GatewayRecord>('PUT', path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(answer.body.message).toMatch(message);
    });

    it('answers 400, without quoting the body, to JSON that does not parse', async () => {
      const answer = await client.send<GatewayRecord>(
        'PUT',
        '/cardconnect/rest/auth',
        '{"account":"4111111111111111",',
      );
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain('4111111111111111');
    });

    it('answers 400 to an empty body', async () => {
      const answer = await client.send<GatewayRecord>('PUT', '/cardconnect/rest/capture');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeTruthy();
    });
  });
});
