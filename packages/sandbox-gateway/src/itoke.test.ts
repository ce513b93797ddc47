import { describe, expect, it } from 'vitest';
import { allowedCss } from './itoke/frame-options';
import { TEST_BACKENDS, useTestGateway } from './test-support';

const STORE = 'https://shop.example';

describe.each(TEST_BACKENDS)('Hosted iFrame Tokenizer (%s)', (backend) => {
  const env = useTestGateway(backend, { allowedReturnOrigins: [STORE] });

  const page = (query: string) => fetch(`${env.gateway.baseUrl}/itoke/ajax-tokenizer.html?${query}`);
  const tokenize = (body: unknown) =>
    fetch(`${env.gateway.baseUrl}/itoke/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('serves the card field to be framed by the merchant’s pages only, running nothing but its own script', async () => {
    const answer = await page('');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-frame-options')).toBeNull();
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`frame-ancestors ${STORE}`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toMatch(/script-src 'nonce-[^']+'(;|$)/);
    const html = await answer.text();
    expect(html).toContain('id="ccnumfield"');
    expect(html).toContain('aria-label="Credit Card Number"');
    // The card number alone: no expiry or CVV field unless asked for.
    expect(html).not.toContain('id="ccexpirymonth"');
    expect(html).not.toContain('id="cccvvfield"');
  });

  it('takes the documented parameters: titles, placeholder, length, expiry and CVV fields', async () => {
    const html = await (
      await page(
        'useexpiry=true&usecvv=true&cardtitle=Card%20number&placeholder=1234%205678&cardinputmaxlength=19&cardnumbernumericonly=true',
      )
    ).text();
    expect(html).toContain('aria-label="Card number"');
    expect(html).toContain('placeholder="1234 5678"');
    expect(html).toContain('maxlength="19"');
    expect(html).toContain('type="tel"');
    expect(html).toContain('id="ccexpirymonth"');
    expect(html).toContain('id="cccvvfield"');
    expect(html).toContain('<label id="cccardlabel" for="ccnumfield">Card Number</label>');
  });

  it('keeps only the allowed style properties of its css parameter, and nothing that fetches or escapes', async () => {
    const css = encodeURIComponent(
      'input{border:1px solid #888;position:fixed;background:url(https://evil.example/x.png)}.error{color:red}</style><script>',
    );
    const html = await (await page(`css=${css}`)).text();
    expect(html).toContain('input{border:1px solid #888}.error{color:red}');
    expect(html).not.toContain('position:fixed');
    expect(html).not.toContain('evil.example');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('tokenizes through CardSecure: a unique token is new each time and still stands for the card', async () => {
    const first = await (await tokenize({ account: '4111111111111111', unique: true })).json();
    const second = await (await tokenize({ account: '4111111111111111', unique: true })).json();
    const usual = await (await tokenize({ account: '4111111111111111' })).json();
    const usualAgain = await (await tokenize({ account: '4111111111111111' })).json();
    expect(first).toMatchObject({ errorCode: 0, errorMessage: '' });
    expect(first.token).toMatch(/^9\d{11}1111$/);
    expect(second.token).not.toBe(first.token);
    expect(usual.token).toBe(usualAgain.token);
    expect([first.token, second.token]).not.toContain(usual.token);
    const auth = await env.client.auth({ account: second.token, amount: '5.00' });
    expect(auth).toMatchObject({ respstat: 'A' });
  });

  it('answers a number that is not a card with CardSecure’s error, and a malformed call with 400', async () => {
    const refused = await tokenize({ account: '4111111111111112' });
    expect(await refused.json()).toEqual({ token: '', errorCode: 11, errorMessage: 'Invalid card number' });
    for (const body of [{}, { account: 4111111111111111 }, { account: '4111111111111111', expiry: '1330' }]) {
      expect((await tokenize(body)).status).toBe(400);
    }
  });
});

describe('the frame’s css parameter', () => {
  it('keeps media queries one level deep, checked the same way', () => {
    expect(
      allowedCss('@media (max-width: 400px){input{font-size:16px;position:absolute}}input{width:100%}'),
    ).toBe('input{width:100%}@media (max-width: 400px){input{font-size:16px}}');
  });
});
