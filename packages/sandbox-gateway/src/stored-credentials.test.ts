import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  dumpSchema,
  MERCHID,
  TEST_BACKENDS,
  type GatewayRecord,
  useTestGateway,
} from './test-support';

const ROUTING = '036001808';
const BANK_ACCOUNT = '55667788990';

interface Recorded {
  retref: string;
  kind: string;
  source: string;
  orderid: string | null;
  respstat: string;
  ecomind: string | null;
  cof: string | null;
  cofscheduled: string | null;
}

let orderCounter = 0;
function nextOrderId(): string {
  orderCounter += 1;
  return `COF${String(orderCounter).padStart(8, '0')}`;
}

describe.each(TEST_BACKENDS)(
  'origin (ecomind) and stored credentials (cof, cofscheduled) (%s)',
  (backend) => {
    const env = useTestGateway(backend);

    async function token(account: string, expiry?: string): Promise<string> {
      const answer = await env.client.tokenize(account, expiry);
      expect(answer.body.errorcode, JSON.stringify(answer.body)).toBe(0);
      return answer.body.token!;
    }

    /** A new profile holding this card; answers `<profileid>/1`. */
    async function savedCard(cardNumber: string): Promise<string> {
      const { body } = await env.client.send<GatewayRecord>('PUT', '/cardconnect/rest/profile', {
        merchid: MERCHID,
        account: await token(cardNumber, '1230'),
        expiry: '1230',
      });
      expect(body.respcode, JSON.stringify(body)).toBe('09');
      return `${body.profileid}/${body.acctid}`;
    }

    async function recorded(retref: string | undefined): Promise<Recorded> {
      const answer = await env.client.send<Recorded>('GET', `/sandbox-control/transactions/${retref}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    }

    it('approves a telephone payment with a saved card, customer-initiated and one-time, and records it so', async () => {
      const profile = await savedCard('4111111111111111');
      const orderid = nextOrderId();
      const answer = await env.client.auth({
        profile,
        amount: '42.10',
        currency: 'USD',
        orderid,
        capture: 'N',
        ecomind: 'T',
        cof: 'C',
        cofscheduled: 'N',
        expiry: '',
      });
      expect(answer).toMatchObject({ respstat: 'A', respcode: '00', resptext: 'Approval', cof: 'C' });
      expect(await recorded(answer.retref)).toEqual({
        retref: answer.retref,
        kind: 'auth',
        source: 'api',
        orderid,
        respstat: 'A',
        ecomind: 'T',
        cof: 'C',
        cofscheduled: 'N',
      });

      // The same facts are columns of the sandbox's own table.
      const { rows } = await env.database.db.query<{ ecomind: string; cof: string; cofscheduled: string }>(
        `SELECT ecomind, cof, cofscheduled FROM "${env.gateway.schema}".transactions WHERE retref = $1`,
        [answer.retref],
      );
      expect(rows).toEqual([{ ecomind: 'T', cof: 'C', cofscheduled: 'N' }]);
    });

    it('records an online payment as E, with no stored credential, and leaves cof out of the answer', async () => {
      const answer = await env.client.approvedAuth('19.99', { ecomind: 'E', cvv2: '123' });
      expect(answer.cof).toBeUndefined();
      expect(await recorded(answer.retref)).toMatchObject({ ecomind: 'E', cof: null, cofscheduled: null });
    });

    it("records the merchant's own origin, online, when the request sends no ecomind", async () => {
      const answer = await env.client.approvedAuth('19.99');
      expect(await recorded(answer.retref)).toMatchObject({ ecomind: 'E', cof: null, cofscheduled: null });
    });

    it('records a stored-credential payment without cofscheduled as one-time (N)', async () => {
      const answer = await env.client.auth({
        profile: await savedCard('5454545454545454'),
        amount: '10.00',
        ecomind: 'E',
        cof: 'c',
        expiry: '',
      });
      expect(answer).toMatchObject({ respstat: 'A', cof: 'C' });
      expect(await recorded(answer.retref)).toMatchObject({ ecomind: 'E', cof: 'C', cofscheduled: 'N' });
    });

    it('records declines with their origin and indicators too', async () => {
      const answer = await env.client.auth({
        profile: await savedCard('4387751111111038'),
        amount: '10.00',
        ecomind: 'T',
        cof: 'C',
        cofscheduled: 'N',
        expiry: '',
      });
      expect(answer).toMatchObject({ respstat: 'C', respcode: '05', cof: 'C' });
      expect(await recorded(answer.retref)).toMatchObject({
        respstat: 'C',
        ecomind: 'T',
        cof: 'C',
        cofscheduled: 'N',
      });
    });

    it("records a recurring merchant-initiated payment as CardPointe's guide sends it (R, M, Y)", async () => {
      const answer = await env.client.auth({
        profile: await savedCard('4111111111111111'),
        amount: '5.00',
        capture: 'Y',
        ecomind: 'R',
        cof: 'M',
        cofscheduled: 'Y',
        expiry: '',
      });
      expect(answer).toMatchObject({ respstat: 'A', cof: 'M' });
      expect(await recorded(answer.retref)).toMatchObject({ ecomind: 'R', cof: 'M', cofscheduled: 'Y' });
    });

    // CardPointe's reference names no refusal for any of these (its Rapid Connect processor puts a recurring
    // payment without cof through as an ordinary one, defaults cofscheduled to N and ignores ecomind R where
    // cof is supported). The sandbox approves them too and keeps what was sent.
    it.each([
      ['a saved card without cof', { ecomind: 'T' }, { ecomind: 'T', cof: null, cofscheduled: null }],
      [
        'a scheduled merchant-initiated payment not marked recurring',
        { ecomind: 'E', cof: 'M', cofscheduled: 'Y' },
        { ecomind: 'E', cof: 'M', cofscheduled: 'Y' },
      ],
      [
        'a scheduled merchant-initiated payment with no ecomind',
        { cof: 'M', cofscheduled: 'Y' },
        { ecomind: 'E', cof: 'M', cofscheduled: 'Y' },
      ],
      [
        'a recurring origin without stored-credential indicators',
        { ecomind: 'R' },
        { ecomind: 'R', cof: null, cofscheduled: null },
      ],
      [
        'a CVV sent with a stored credential',
        { ecomind: 'T', cof: 'C', cofscheduled: 'N', cvv2: '123' },
        { ecomind: 'T', cof: 'C', cofscheduled: 'N' },
      ],
      ['cofscheduled without cof', { cofscheduled: 'Y' }, { ecomind: 'E', cof: null, cofscheduled: 'Y' }],
    ])('approves %s and records it as sent', async (_name, fields, expected) => {
      const answer = await env.client.auth({
        profile: await savedCard('4111111111111111'),
        amount: '7.00',
        expiry: '',
        ...fields,
      });
      expect(answer).toMatchObject({ respstat: 'A', respcode: '00' });
      expect(await recorded(answer.retref)).toMatchObject(expected);
    });

    it('takes a cof that is none of its values as no stored credential, leaving it out of the answer', async () => {
      const answer = await env.client.approvedAuth('3.00', { cof: 'X', ecomind: 'E' });
      expect(answer.cof).toBeUndefined();
      expect(await recorded(answer.retref)).toMatchObject({ cof: null, cofscheduled: null });
    });

    it("takes ProfitStars ACH's B (a prearranged debit) on a bank account, and E by default there", async () => {
      const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
      const prearranged = await env.client.auth({
        account: bank,
        accttype: 'ECHK',
        amount: '12.00',
        capture: 'Y',
        ecomind: 'B',
        expiry: '',
      });
      expect(prearranged).toMatchObject({ respstat: 'A', respproc: 'PSTR' });
      expect(await recorded(prearranged.retref)).toMatchObject({ ecomind: 'B' });

      const web = await env.client.auth({ account: bank, accttype: 'ESAV', amount: '12.00', expiry: '' });
      expect(await recorded(web.retref)).toMatchObject({ ecomind: 'E' });
    });

    it('refuses an ecomind, or a cofscheduled, that is no value at all, as a malformed request', async () => {
      for (const fields of [{ ecomind: 'X' }, { ecomind: 'TT' }, { cofscheduled: 'X' }, { cof: 1 }]) {
        const answer = await env.client.send('PUT', '/cardconnect/rest/auth', {
          merchid: MERCHID,
          account: '4111111111111111',
          expiry: '1230',
          amount: '1.00',
          ...fields,
        });
        expect(answer.status, JSON.stringify(fields)).toBe(400);
      }
    });

    it('records what the hosted payment page authorizes as an online payment', async () => {
      const invoice = nextOrderId();
      const response = await fetch(`${env.gateway.baseUrl}/hpp/pay`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          total: '15.00',
          invoice,
          returnUrl: 'http://127.0.0.1:5173/payment-complete?requestId=req-1',
          cardNumber: '4111 1111 1111 1111',
          expiry: '12/30',
          cvv: '123',
          name: 'Ada Lovelace',
        }),
      });
      expect(response.status).toBe(303);
      const auths = await env.client.inquireByOrderid(invoice);
      const [auth] = Array.isArray(auths) ? auths : [auths];
      expect(await recorded(auth?.retref)).toMatchObject({
        source: 'hpp',
        ecomind: 'E',
        cof: null,
        cofscheduled: null,
      });
    });

    it('answers the control call only with the credentials, and 404 for an unknown retref', async () => {
      const unknown = await env.client.send('GET', '/sandbox-control/transactions/123456789012');
      expect(unknown.status).toBe(404);
      const anonymous = await env.client.send(
        'GET',
        '/sandbox-control/transactions/123456789012',
        undefined,
        {
          authorization: basicAuthorization('sandbox', 'wrong'),
        },
      );
      expect(anonymous.status).toBe(401);
    });

    it('keeps no card number or CVV in its tables or its log', async () => {
      const stored = (await dumpSchema(env.database.db, env.gateway.schema)).join('\n');
      const logged = env.gateway.logs.join('\n');
      for (const text of [stored, logged]) {
        for (const number of ['4111111111111111', '5454545454545454', '4387751111111038', BANK_ACCOUNT]) {
          expect(text).not.toContain(number);
        }
        expect(text).not.toContain('"cvv2"');
        expect(text).not.toContain('"cvv"');
      }
    });
  },
);
