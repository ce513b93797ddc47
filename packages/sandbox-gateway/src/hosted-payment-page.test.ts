import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayClient,
  openTestDatabase,
  startGateway,
  TEST_BACKENDS,
  type GatewayRecord,
  type RunningGateway,
  type TestDatabase,
} from './test-support';

const RETURN_URL = 'http://127.0.0.1:5173/payment-complete?requestId=req-1';

let invoiceCounter = 0;
function nextInvoice(): string {
  invoiceCounter += 1;
  return `CC-HPP${String(invoiceCounter).padStart(9, '0')}`;
}

function pageQuery(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe.each(TEST_BACKENDS)('Hosted payment page (%s)', (backend) => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let client: GatewayClient;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    gateway = await startGateway(database.db, { merchantName: 'Office Supplies & Co' });
    client = new GatewayClient(gateway.baseUrl);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  async function getPage(
    fields: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; html: string }> {
    const response = await fetch(`${gateway.baseUrl}/hpp?${pageQuery(fields)}`);
    return { status: response.status, headers: response.headers, html: await response.text() };
  }

  async function pay(
    fields: Record<string, string>,
  ): Promise<{ status: number; location: string | null; html: string }> {
    const response = await fetch(`${gateway.baseUrl}/hpp/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    };
  }

  function goodCard(invoice: string, total = '68.20'): Record<string, string> {
    return {
      total,
      invoice,
      returnUrl: RETURN_URL,
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvv: '123',
      name: 'Ada Lovelace',
    };
  }

  async function authsOf(invoice: string): Promise<GatewayRecord[]> {
    const records = await client.inquireByOrderid(invoice);
    return Array.isArray(records) ? records : [];
  }

  describe('the page', () => {
    it('shows the merchant, invoice and amount, labelled card fields, Pay and Cancel', async () => {
      const invoice = nextInvoice();
      const { status, headers, html } = await getPage({ total: '68.20', invoice, returnUrl: RETURN_URL });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy')).toContain('form-action');

      expect(html).toContain('Office Supplies &amp; Co');
      expect(html).toContain(`<dd>${invoice}</dd>`);
      expect(html).toContain('$68.20');
      expect(html).toContain('Sandbox — no real money moves');
      for (const [id, label] of [
        ['card-number', 'Card number'],
        ['expiry', 'Expiration (MM/YY)'],
        ['cvv', 'CVV'],
        ['cardholder-name', 'Cardholder name'],
      ]) {
        expect(html).toContain(`<label for="${id}">${label}</label>`);
        expect(html).toMatch(new RegExp(`<input type="text" id="${id}"`));
      }
      expect(html).toMatch(/<button type="submit"[^>]*>Pay \$68\.20<\/button>/);
      const cancel = /<a class="cancel-link" href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
      const cancelUrl = new URL((cancel ?? '').replaceAll('&amp;', '&'));
      expect(cancelUrl.origin + cancelUrl.pathname).toBe('http://127.0.0.1:5173/payment-complete');
      expect(cancelUrl.searchParams.get('status')).toBe('cancelled');
      expect(cancelUrl.searchParams.get('requestId')).toBe('req-1');
      expect(html).toContain(`action="/sandbox/hpp/pay"`);
      expect(html).toMatch(/<script nonce="[^"]+">/);
      // The sandbox's test cards, as printed, with what each does.
      expect(html).toContain('<summary>Sandbox test cards</summary>');
      expect(html).toContain('4111 1111 1111 1111');
      expect(html).toContain('3782 822463 10005');
      expect(html).toContain('VISA · Declined: Do not honor (05)');
    });

    it('escapes a hostile invoice and return address', async () => {
      const invoice = '"><svg onload=x>';
      const returnUrl = 'https://shop.example/done?a="><script>alert(1)</script>';
      const { status, html } = await getPage({ total: '5.00', invoice, returnUrl });
      expect(status).toBe(200);
      expect(html).not.toContain('<svg onload');
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&quot;&gt;&lt;svg onload=x&gt;');
    });

    it('offers the way back to the store when only the return address is sound', async () => {
      const { status, html } = await getPage({ total: '-1', invoice: 'CC-1', returnUrl: RETURN_URL });
      expect(status).toBe(400);
      expect(html).toContain('total must be an amount in dollars');
      expect(html).toMatch(
        /<a class="cancel-link" href="[^"]*status=cancelled[^"]*">Return to the store<\/a>/,
      );
    });

    it.each([
      ['no parameters', {}],
      ['a total that is not an amount', { total: 'abc', invoice: 'CC-1', returnUrl: RETURN_URL }],
      ['a zero total', { total: '0.00', invoice: 'CC-1', returnUrl: RETURN_URL }],
      ['no invoice', { total: '5.00', returnUrl: RETURN_URL }],
      [
        'a return address that is not http',
        { total: '5.00', invoice: 'CC-1', returnUrl: 'javascript:alert(1)' },
      ],
      [
        'an invoice too long to be an order id',
        { total: '5.00', invoice: 'X'.repeat(20), returnUrl: RETURN_URL },
      ],
    ])('answers an HTML error page with status 400 for %s', async (_name, fields: Record<string, string>) => {
      const { status, headers, html } = await getPage(fields);
      expect(status).toBe(400);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).toContain('Payment page unavailable');
      expect(html).not.toContain('javascript:alert');
    });
  });

  describe('paying', () => {
    it('checks the card on the server and shows messages beside the fields, keeping only the name', async () => {
      const invoice = nextInvoice();
      const { status, html } = await pay({
        ...goodCard(invoice),
        cardNumber: '4111 1111 1111 1112',
        expiry: '05/30',
        cvv: '98',
        name: 'Grace <Hopper>',
      });
      expect(status).toBe(422);
      expect(html).toContain('id="card-number-error">Enter a valid card number<');
      expect(html).toContain('id="expiry-error">This card has expired<');
      expect(html).toContain('id="cvv-error">The CVV is 3 or 4 digits<');
      expect(html).toContain('value="Grace &lt;Hopper&gt;"');
      expect(html).toContain('value="05/30"');
      expect(html).not.toContain('4111 1111 1111 1112');
      expect(html).not.toContain('4111111111111112');
      expect(html).not.toContain('value="98"');
      expect(html).toContain('role="alert"');
      expect(await client.inquireByOrderid(invoice)).toMatchObject({ respcode: '29' });
    });

    it('requires every field and a card of an accepted brand', async () => {
      const empty = await pay({ total: '5.00', invoice: nextInvoice(), returnUrl: RETURN_URL });
      expect(empty.status).toBe(422);
      expect(empty.html).toContain('Enter the card number');
      expect(empty.html).toContain('Enter the expiration date');
      expect(empty.html).toContain('Enter the CVV');
      expect(empty.html).toContain('Enter the cardholder name');

      const jcb = await pay({ ...goodCard(nextInvoice()), cardNumber: '3530111333300000', expiry: '1330' });
      expect(jcb.html).toContain('We accept Visa, Mastercard, American Express and Discover');
      expect(jcb.html).toContain('Enter the expiration date as MM/YY');
    });

    it('authorizes without capture and sends the shopper back with 303', async () => {
      const invoice = nextInvoice();
      const { status, location } = await pay(goodCard(invoice));
      expect(status).toBe(303);
      expect(location).toBe(RETURN_URL);

      const auths = await authsOf(invoice);
      expect(auths).toHaveLength(1);
      expect(auths[0]).toMatchObject({
        respstat: 'A',
        setlstat: 'Authorized',
        amount: '68.20',
        orderid: invoice,
        capturedamount: '0.00',
        expiry: '1230',
        name: 'Ada Lovelace',
        lastfour: '1111',
      });
    });

    it('does not charge an invoice twice', async () => {
      const invoice = nextInvoice();
      expect((await pay(goodCard(invoice))).status).toBe(303);
      const again = await pay({ ...goodCard(invoice), cardNumber: '5454 5454 5454 5454' });
      expect(again.status).toBe(303);
      expect(again.location).toBe(RETURN_URL);
      expect(await authsOf(invoice)).toHaveLength(1);
    });

    it('shows a paid invoice as paid, with no form, and the way to the receipt', async () => {
      const invoice = nextInvoice();
      expect((await pay(goodCard(invoice))).status).toBe(303);
      const { status, headers, html } = await getPage({ total: '68.20', invoice, returnUrl: RETURN_URL });
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('This invoice is paid');
      expect(html).toContain('Amount paid');
      expect(html).not.toContain('Amount due');
      expect(html).not.toContain('<form');
      expect(html).not.toContain('<script');
      expect(html).toContain(`href="${RETURN_URL}"`);
    });

    it('still offers the form for an invoice that was only declined', async () => {
      const invoice = nextInvoice();
      await pay({ ...goodCard(invoice), cardNumber: '4387751111111038' });
      const { html } = await getPage({ total: '68.20', invoice, returnUrl: RETURN_URL });
      expect(html).toContain('Amount due');
      expect(html).toContain('<form');
    });

    it('charges an invoice once when Pay is pressed twice at the same time', async () => {
      const invoice = nextInvoice();
      const answers = await Promise.all([
        pay(goodCard(invoice)),
        pay(goodCard(invoice)),
        pay(goodCard(invoice)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
      const approved = (await authsOf(invoice)).filter((record) => record.respstat === 'A');
      expect(approved).toHaveLength(1);
    });

    it('sends the shopper back after a decline too, and lets them pay again with another card', async () => {
      const invoice = nextInvoice();
      const declined = await pay({ ...goodCard(invoice), cardNumber: '4387751111111038' });
      expect(declined.status).toBe(303);
      expect(declined.location).toBe(RETURN_URL);
      expect(await authsOf(invoice)).toMatchObject([
        { respstat: 'C', respcode: '05', resptext: 'Do not honor' },
      ]);

      expect((await pay(goodCard(invoice))).status).toBe(303);
      expect((await authsOf(invoice)).map((record) => record.respstat)).toEqual(['C', 'A']);
    });

    it('answers a form without the page parameters with a 400 page', async () => {
      const { status, html } = await pay({ cardNumber: '4111111111111111', cvv: '123' });
      expect(status).toBe(400);
      expect(html).toContain('Payment page unavailable');
      expect(html).not.toContain('4111111111111111');
    });
  });
});
