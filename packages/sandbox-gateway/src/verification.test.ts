import { describe, expect, it } from 'vitest';
import { MERCHID, TEST_BACKENDS, useTestGateway } from './test-support';
import { avsResponseOf, cvvResponseOf } from './verification';

describe('the sandbox’s address and CVV checks', () => {
  it.each([
    [undefined, '55112', 'N'],
    [undefined, '55111', 'A'],
    [undefined, '55113', 'Z'],
    [undefined, '55224', 'X'],
    ['1 Main St', '55225', 'Y'],
    [undefined, 'K1A 1A1', 'X'],
    [undefined, 'M5X 1A9', 'R'],
    ['112 Main Street', undefined, 'N'],
    ['31125 Main Street', '78701', 'N'],
    ['12 Paper Lane', '78701', 'Y'],
    [undefined, '78701', 'Z'],
    ['12 Paper Lane', undefined, 'A'],
    [undefined, undefined, 'U'],
  ])('answers address %j with postal code %j by %s', (address, postal, avsresp) => {
    expect(avsResponseOf(address, postal)).toBe(avsresp);
  });

  it.each([
    ['112', 'M'],
    ['111', 'N'],
    ['222', 'P'],
    ['333', 'U'],
    ['123', 'M'],
    [undefined, 'P'],
  ])('answers CVV %j by %s', (cvv, cvvresp) => {
    expect(cvvResponseOf(cvv)).toBe(cvvresp);
  });
});

describe.each(TEST_BACKENDS)('what an authorization says of its checks (%s)', (backend) => {
  const env = useTestGateway(backend);

  it('answers AVS by the postal code and the street address sent, and CVV by the code sent', async () => {
    const noMatch = await env.client.approvedAuth('10.00', { postal: '55112', cvv2: '111' });
    expect(noMatch).toMatchObject({ avsresp: 'N', cvvresp: 'N' });
    const match = await env.client.approvedAuth('10.00', {
      address: '12 Paper Lane',
      postal: '78701',
      country: 'US',
      cvv2: '123',
    });
    expect(match).toMatchObject({ avsresp: 'Y', cvvresp: 'M' });
    expect(await env.client.approvedAuth('10.00')).toMatchObject({ avsresp: 'U', cvvresp: 'P' });
  });

  it('answers no checks on a decline, and U for both on a bank debit', async () => {
    const declined = await env.client.auth({
      account: '4387751111111038',
      amount: '10.00',
      postal: '55112',
      cvv2: '111',
    });
    expect(declined).toMatchObject({ respstat: 'C', respcode: '05' });
    expect(declined.avsresp).toBeUndefined();
    expect(declined.cvvresp).toBeUndefined();

    const { body: bank } = await env.client.tokenize('036001808/1234567890');
    const debit = await env.client.auth({
      account: bank.token,
      accttype: 'ECHK',
      amount: '10.00',
      capture: 'Y',
      postal: '78701',
    });
    expect(debit).toMatchObject({ respstat: 'A', avsresp: 'U', cvvresp: 'U' });
  });

  it('checks the address kept in a stored profile when the request sends none', async () => {
    const { body: saved } = await env.client.send('PUT', '/cardconnect/rest/profile', {
      merchid: MERCHID,
      account: '4111111111111111',
      expiry: '1230',
      name: 'Pat Shopper',
      address: '12 Paper Lane',
      postal: '55113',
    });
    const answer = await env.client.auth({ profile: `${saved.profileid}/${saved.acctid}`, amount: '10.00' });
    expect(answer).toMatchObject({ respstat: 'A', avsresp: 'Z', cvvresp: 'P' });
  });

  it('answers the card’s BIN facts as binInfo when asked (bin Y), as the BIN service does', async () => {
    const cases = [
      ['4032100000000010', { product: 'V', country: 'US', prepaid: true, corporate: false }],
      ['5555110000000013', { product: 'M', country: 'US', prepaid: false, corporate: true }],
      ['4506000000000019', { product: 'V', country: 'CA', prepaid: false, corporate: false }],
      ['4111111111111111', { product: 'V', country: 'US', prepaid: false, corporate: false }],
      ['378282246310005', { product: 'A', country: 'US' }],
    ] as const;
    for (const [card, binInfo] of cases) {
      const answer = (await env.client.auth({ account: card, amount: '10.00', bin: 'Y' })) as Record<
        string,
        unknown
      >;
      expect(answer.binInfo).toMatchObject(binInfo);
      expect(JSON.stringify(answer)).not.toContain(card);
      const { body: bin } = await env.client.send(
        'GET',
        `/cardconnect/rest/bin/${MERCHID}/${String(answer.token)}`,
      );
      expect(bin).toEqual(answer.binInfo);
    }
    expect(await env.client.approvedAuth('10.00')).not.toHaveProperty('binInfo');
    // A declined card's facts are the BIN service's too.
    const declined = (await env.client.auth({
      account: '4387751111111053',
      amount: '10.00',
      bin: 'Y',
    })) as Record<string, unknown>;
    expect(declined).toMatchObject({ respstat: 'C', binInfo: { country: 'US', prepaid: false } });
  });

  it('keeps the checks out of inquire answers, as CardPointe’s reference documents them', async () => {
    const auth = await env.client.approvedAuth('10.00', { postal: '55112', cvv2: '111' });
    const record = await env.client.inquire(auth.retref!);
    expect(record).not.toHaveProperty('avsresp');
    expect(record).not.toHaveProperty('cvvresp');
  });
});

describe.each(TEST_BACKENDS)('the hosted payment page’s checks (%s)', (backend) => {
  const env = useTestGateway(backend);
  const RETURN_URL = 'http://127.0.0.1:5173/payment-complete';

  it('prefills the billing ZIP the store sends, and checks the one posted', async () => {
    const invoice = 'CC-HPPAVS000000001';
    const page = await fetch(
      `${env.gateway.baseUrl}/hpp?${new URLSearchParams({ total: '10.00', invoice, returnUrl: RETURN_URL, billZip: '55112' })}`,
    );
    const html = await page.text();
    expect(html).toContain('<label for="bill-zip">Billing ZIP or postal code (optional)</label>');
    expect(html).toMatch(/<input type="text" id="bill-zip" name="billZip"[^>]*value="55112"/);
    expect(html).not.toMatch(/id="bill-zip"[^>]* required/);

    const paid = await fetch(`${env.gateway.baseUrl}/hpp/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        total: '10.00',
        invoice,
        returnUrl: RETURN_URL,
        cardNumber: '4111 1111 1111 1111',
        expiry: '12/30',
        cvv: '111',
        name: 'Ada Lovelace',
        billZip: '55112',
      }),
    });
    expect(paid.status).toBe(303);
    const { rows } = await env.database.db.query<{ avsresp: string; cvvresp: string }>(
      `SELECT avsresp, cvvresp FROM "${env.gateway.schema}".transactions WHERE orderid = $1`,
      [invoice],
    );
    expect(rows).toEqual([{ avsresp: 'N', cvvresp: 'N' }]);
  });

  it('refuses a billing ZIP that is not one, next to its field, keeping what was typed', async () => {
    const answer = await fetch(`${env.gateway.baseUrl}/hpp/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        total: '10.00',
        invoice: 'CC-HPPAVS000000002',
        returnUrl: RETURN_URL,
        cardNumber: '4111 1111 1111 1111',
        expiry: '12/30',
        cvv: '123',
        name: 'Ada Lovelace',
        billZip: '!!',
      }),
    });
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain('Enter the billing ZIP or postal code, or leave it empty');
    expect(html).toMatch(/id="bill-zip"[^>]*value="!!"/);
  });
});
