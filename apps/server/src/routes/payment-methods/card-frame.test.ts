import type { SavedPaymentMethod } from '@store/core';
import { describe, expect, it } from 'vitest';
import { bankForm, cardForm, shoppersAt, VISA, type Shopper } from '../../testing/shoppers';
import { testDatabaseKinds, useTestServer } from '../../testing/test-server';

const CARD_NUMBERS_IN_FRAME = 'Card numbers are entered in the secure card field';
const ENTER_AGAIN = 'Please enter the card or bank account again to save it.';

/** What the form sends with a card's token, typed in the frame of `entryId`. */
const cardDetails = (entryId: string | undefined) => ({
  paymentType: 'CC',
  holderName: 'Pat Shopper',
  expiryMonth: '12',
  expiryYear: '2030',
  ...(entryId === undefined ? {} : { cardEntryId: entryId }),
});

/**
 * Card numbers never reach the store (decision 054): they are typed in the gateway's iFrame Tokenizer,
 * which gives the page a token. The proxy refuses them unless the shop opts in; a card token is saved only
 * with a frame entry the customer's session opened, once, and a token is never saved twice.
 */
describe.each(testDatabaseKinds())('the card frame on $name', (kind) => {
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const shoppers = shoppersAt(server);
  let sequence = 0;
  const newCustomer = () => shoppers.register({ address: `198.51.100.${(sequence++ % 200) + 20}` });

  async function entryFor(customer: Shopper): Promise<{ entryId: string; frameUrl: string }> {
    const answer = await shoppers.openCardEntry(customer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as { entryId: string; frameUrl: string };
  }

  async function typed(frameUrl: string, number = VISA): Promise<string> {
    const answer = await shoppers.typeInFrame(frameUrl, number);
    expect(answer.errorCode).toBe(0);
    return answer.token;
  }

  async function rowsOf(table: string, customer: Shopper): Promise<number> {
    const { rows } = await server.database.sql.query<{ count: number }>(
      `select count(*)::int as count from ${table} where customer_id = $1`,
      [customer.id],
    );
    return rows[0]!.count;
  }
  const savedCount = (customer: Shopper) => rowsOf('saved_payment_methods', customer);

  it('opens the gateway’s frame for a signed-in customer only, with the form’s parameters', async () => {
    const signedOut = await shoppers.as({ id: '', email: '', cookie: '' }, '/api/payment/card-entry', {});
    expect(signedOut.status).toBe(401);

    const customer = await newCustomer();
    const { entryId, frameUrl } = await entryFor(customer);
    expect(entryId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const url = new URL(frameUrl);
    expect(url.pathname).toBe('/sandbox/itoke/ajax-tokenizer.html');
    for (const [name, value] of [
      ['unique', 'true'],
      ['enhancedresponse', 'true'],
      ['invalidinputevent', 'true'],
      ['tokenizewheninactive', 'true'],
      ['formatinput', 'true'],
      ['cardinputmaxlength', '19'],
    ] as const) {
      expect(url.searchParams.get(name), name).toBe(value);
    }
    expect(url.searchParams.get('css')).toContain('input{');
    // The frame is served as the gateway serves it, and may be framed by the store's pages.
    const frame = await fetch(`${server.url}${url.pathname}${url.search}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toMatch(
      /frame-ancestors http:\/\/127\.0\.0\.1:3999/,
    );
  });

  it('refuses a card number at the proxy with a message, keeping nothing; bank accounts still tokenize', async () => {
    const customer = await newCustomer();
    const card = await shoppers.tokenize(customer, cardForm(VISA));
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({ message: CARD_NUMBERS_IN_FRAME });
    expect(JSON.stringify(card.body)).not.toContain('4111');
    expect(await rowsOf('issued_tokens', customer)).toBe(0);

    const bank = await shoppers.tokenize(customer, bankForm());
    expect(bank.status).toBe(200);
    expect(bank.body).toMatchObject({ status: 'Y', type: 'ACH' });
    await shoppers.saveBankAccount(customer);
    expect(await savedCount(customer)).toBe(1);
  });

  it('saves a card typed in the frame, which then pays', async () => {
    const customer = await newCustomer();
    const card = await shoppers.saveCard(customer);
    expect(card).toMatchObject({ paymentType: 'CC', cardType: 'VISA', last4: '1111', isDefault: true });
    const paid = await shoppers.pay(customer, card.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'success', message: 'Payment approved' });
  });

  it('refuses a card token without an entry of this session, from another customer’s or another session’s entry, and an entry used once', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const { entryId, frameUrl } = await entryFor(alice);
    const token = await typed(frameUrl);

    // A token made at the gateway's tokenizer without the store: no entry.
    for (const [who, entry] of [
      [alice, undefined],
      [bob, entryId],
      [await shoppers.signIn(alice), entryId],
    ] as const) {
      const saved = await shoppers.save(who, token, cardDetails(entry));
      expect(saved.status).toBe(422);
      expect(saved.body.message).toBe(ENTER_AGAIN);
    }
    expect(await savedCount(bob)).toBe(0);

    expect((await shoppers.save(alice, token, cardDetails(entryId))).status).toBe(200);
    const again = await shoppers.save(alice, await typed(frameUrl), cardDetails(entryId));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(ENTER_AGAIN);
    expect(await savedCount(alice)).toBe(1);
  });

  it('never saves a token twice, whoever opens a new entry for it', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const first = await entryFor(alice);
    const token = await typed(first.frameUrl);
    expect((await shoppers.save(alice, token, cardDetails(first.entryId))).status).toBe(200);
    for (const who of [alice, bob]) {
      const { entryId } = await entryFor(who);
      const saved = await shoppers.save(who, token, cardDetails(entryId));
      expect(saved.status).toBe(422);
    }
    expect(await savedCount(alice)).toBe(1);
    expect(await savedCount(bob)).toBe(0);
  });

  it('refuses an entry older than 15 minutes, and a bank account saved with a card entry', async () => {
    const customer = await newCustomer();
    const old = await entryFor(customer);
    await server.database.sql.query(
      `update card_entries set opened_at = now() - interval '16 minutes' where customer_id = $1`,
      [customer.id],
    );
    const late = await shoppers.save(customer, await typed(old.frameUrl), cardDetails(old.entryId));
    expect(late.status).toBe(422);

    const fresh = await entryFor(customer);
    const bankToken = (await shoppers.tokenize(customer, bankForm())).body.tokenid as string;
    const bank = await shoppers.save(customer, bankToken, {
      paymentType: 'ACH',
      holderName: 'Pat Shopper',
      bankName: 'First Sandbox Bank',
      accountType: 'CHECKING',
      routingNumberLast4: '1808',
      cardEntryId: fresh.entryId,
    });
    expect(bank.status).toBe(422);
    expect(await savedCount(customer)).toBe(0);
  });

  it('saves once when two tabs save with one entry at the same moment', async () => {
    const customer = await newCustomer();
    const { entryId, frameUrl } = await entryFor(customer);
    const tokens = [await typed(frameUrl), await typed(frameUrl)];
    expect(tokens[0]).not.toBe(tokens[1]);
    const answers = await Promise.all(
      tokens.map((token) => shoppers.save(customer, token, cardDetails(entryId))),
    );
    // One is saved and the other refused: as a used entry (422), or by the store's limits first (429, seen
    // once on a loaded machine; which one answers depends on timing). Never a second method.
    const [saved, refused] = answers.map((answer) => answer.status).sort();
    expect(saved).toBe(200);
    expect([422, 429]).toContain(refused);
    const methods = await shoppers.as(customer, '/api/payment/payment-methods', { userId: customer.id });
    expect(methods.body.paymentMethods as SavedPaymentMethod[]).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())(
  'a store that takes card numbers at its proxy (SAQ D) on $name',
  (kind) => {
    const server = useTestServer(kind, { TOKENIZE_PROXY_ACCEPTS_CARDS: 'true' });
    const shoppers = shoppersAt(server);

    it('tokenizes and saves a card sent to the proxy, bound to the session as before', async () => {
      const customer = await shoppers.register();
      const card = await shoppers.saveCardThroughProxy(customer);
      expect(card).toMatchObject({ paymentType: 'CC', cardType: 'VISA', last4: '1111' });
      const paid = await shoppers.pay(customer, card.id);
      expect(paid.status).toBe(200);
    });
  },
);
