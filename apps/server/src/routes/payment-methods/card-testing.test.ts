import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { findUnsettledStoreRequest } from '../../db/open-attempts';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { payWithSavedMethod } from '../../services/checkout/saved-method';
import { reconcileLostAuthorizations } from '../../services/checkout/server-payments';
import { SHOPPER_DECLINE } from '../../services/checkout/shopper-answers';
import { FREE_SAVED_PAYMENTS, FREE_SAVES } from '../../services/accounts/throttles';
import {
  DECLINING_VISA,
  ONE_REAM,
  ONE_REAM_TOTAL,
  shoppersAt,
  VISA,
  type Shopper,
} from '../../testing/shoppers';
import { TEST_DELIVERY, testDatabaseKinds, useTestServer } from '../../testing/test-server';
import { withStoreClockStill } from '../../testing/still-clock';

const DECLINED = SHOPPER_DECLINE.card;

/** A Luhn-valid VISA number made from `seed`, as a card tester's list would hold. */
function visaNumber(seed: number): string {
  const body = `4${String(seed).padStart(14, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * Saved cards as a card tester would use them: tokenize a stolen number, save it, pay, read the issuer's
 * answer, next. The store saves a token only with a card entry the customer's session opened, limits every step
 * per customer and per address, slows repeated declines, and tells the shopper only that a card was
 * declined; the issuer's reason goes to the audit log for the operator.
 */
describe.each(testDatabaseKinds())('card testing through saved methods on $name', (kind) => {
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const shoppers = shoppersAt(server);
  const { as, save, pay, saveCard: savedCard } = shoppers;
  let sequence = 0;

  /** A new customer, signed in, from an address of its own unless one is given. */
  const newCustomer = (address = `198.51.100.${(sequence++ % 250) + 1}`) => shoppers.register({ address });

  async function savedMethodsOf(customer: Shopper): Promise<number> {
    const { rows } = await server.database.sql.query<{ count: number }>(
      'select count(*)::int as count from saved_payment_methods where customer_id = $1',
      [customer.id],
    );
    return rows[0]!.count;
  }

  async function auditOf(action: string, actor: string) {
    const { rows } = await server.database.sql.query<{ detail: string; outcome: string }>(
      'select detail, outcome from audit_events where action = $1 and actor = $2 order by at',
      [action, actor],
    );
    return rows;
  }

  async function numericIdOf(customer: Shopper): Promise<number> {
    const { rows } = await server.database.sql.query<{ numeric_id: number }>(
      'select numeric_id from customers where id = $1',
      [customer.id],
    );
    return rows[0]!.numeric_id;
  }

  it('refuses a token made at CardSecure directly, without the store', async () => {
    const customer = await newCustomer();
    // CardSecure's tokenize call needs no credentials: anyone can make a token of any number.
    const direct = await server.gateway.tokenize({ account: '4111111111111111', expiry: '1230' });
    if (!direct.ok) throw new Error(direct.message);
    const saved = await save(customer, direct.value.token);
    expect(saved.status).toBe(422);
    expect(saved.body.message).toBe('Please enter the card or bank account again to save it.');
    expect(await savedMethodsOf(customer)).toBe(0);
  });

  // Another customer's or another session's card entry, and a token saved once already: card-frame.test.ts.

  /** Tokenize → save → pay for each number, as fast as the store answers; every answer the tester got. */
  async function cardTestingLoop(tester: Shopper, tokenizeAt: 'store' | 'CardSecure') {
    const numbers = [
      '4387751111111038',
      '4387751111111046',
      '4387751111111053',
      ...Array.from({ length: 22 }, (_, index) => visaNumber(5_550_000 + index)),
    ];
    const answers: { status: number; message: unknown }[] = [];
    for (const number of numbers) {
      let token: string;
      let cardEntryId: unknown;
      if (tokenizeAt === 'CardSecure') {
        const direct = await server.gateway.tokenize({ account: number, expiry: '1230' });
        if (!direct.ok) throw new Error(direct.message);
        token = direct.value.token;
      } else {
        // As the form does: a card frame for the session, the number typed in it, the token saved.
        const entry = await shoppers.openCardEntry(tester);
        if (entry.status !== 200) {
          answers.push({ status: entry.status, message: entry.body.message });
          continue;
        }
        cardEntryId = entry.body.entryId;
        token = (await shoppers.typeInFrame(entry.body.frameUrl as string, number)).token;
      }
      const saved = await save(tester, token, {
        paymentType: 'CC',
        holderName: 'Pat Shopper',
        expiryMonth: '12',
        expiryYear: '2030',
        ...(cardEntryId ? { cardEntryId } : {}),
      });
      if (saved.status !== 200) {
        answers.push({ status: saved.status, message: saved.body.message });
        continue;
      }
      const paid = await pay(tester, (saved.body.paymentMethod as { id: string }).id);
      answers.push({ status: paid.status, message: paid.body.message });
    }
    const { rows } = await server.database.sql.query<{ count: number }>(
      `select count(*)::int as count from payment_requests where customer_id = $1`,
      [tester.id],
    );
    return { answers, numbers, payments: rows[0]!.count };
  }

  it('stops the card-testing loop with tokens made at CardSecure: no card is saved, none is charged', async () => {
    const tester = await newCustomer('203.0.113.50');
    const { answers, payments } = await cardTestingLoop(tester, 'CardSecure');
    expect(answers.every((answer) => answer.status === 422 || answer.status === 429)).toBe(true);
    expect(payments).toBe(0);
    expect(await savedMethodsOf(tester)).toBe(0);
  });

  it('stops the card-testing loop through the store: few answers, none says why a card failed', async () => {
    const tester = await newCustomer('203.0.113.51');
    const { answers, numbers, payments } = await cardTestingLoop(tester, 'store');
    expect(payments).toBeLessThanOrEqual(FREE_SAVES.perCustomer);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(
      numbers.length - FREE_SAVES.perCustomer,
    );
    const declines = answers.filter((answer) => answer.status === 422);
    expect(declines.length).toBeGreaterThan(0);
    for (const answer of declines) expect(answer.message).toBe(DECLINED);
    for (const answer of answers) {
      expect(String(answer.message)).not.toMatch(/honor|expired card|insufficient/i);
    }
  });

  it('slows down a customer whose cards keep being declined, and audits each decline with its reason', async () => {
    const customer = await newCustomer();
    const declining = await savedCard(customer, DECLINING_VISA);
    const answers: Awaited<ReturnType<typeof pay>>[] = [];
    await withStoreClockStill(async () => {
      for (let attempt = 0; attempt < FREE_SAVED_PAYMENTS.declinesPerCustomer + 1; attempt += 1) {
        answers.push(await pay(customer, declining.id));
      }
    });
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(FREE_SAVED_PAYMENTS.declinesPerCustomer).fill(422),
      429,
    ]);
    expect(answers[0]!.body.message).toBe(DECLINED);
    expect(answers.at(-1)!.body.message).toMatch(/^Too many payments were attempted\. Try again in 1 second/);
    const audit = await auditOf('payment_declined', `customer ${await numericIdOf(customer)}`);
    expect(audit).toHaveLength(FREE_SAVED_PAYMENTS.declinesPerCustomer);
    expect(audit.every((line) => line.detail.startsWith('Do not honor (05)'))).toBe(true);
    expect(audit.at(-1)!.detail).toMatch(/slowed down/);

    // An approval clears the declines: a customer who then pays normally is not held up.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const good = await savedCard(customer, VISA);
    expect((await pay(customer, good.id)).status).toBe(200);
    expect((await pay(customer, good.id)).status).toBe(200);
  });

  it('limits saved-method payments per customer however they end', async () => {
    const customer = await newCustomer();
    const card = await savedCard(customer, VISA);
    const statuses = [];
    for (let attempt = 0; attempt < FREE_SAVED_PAYMENTS.perCustomer + 1; attempt += 1) {
      statuses.push((await pay(customer, card.id)).status);
    }
    expect(statuses).toEqual([...Array<number>(FREE_SAVED_PAYMENTS.perCustomer).fill(200), 429]);
  });

  it('records a bank payment as one even when the account is removed while the debit is at the gateway', async () => {
    const customer = await newCustomer();
    const { id: methodId } = await shoppers.saveBankAccount(customer);
    // The customer removes the account in another tab while the gateway is debiting it.
    const gateway: PaymentGateway = {
      ...server.gateway,
      authorize: async (input) => {
        const debited = await server.gateway.authorize(input);
        const removed = await as(customer, '/api/users/payment-methods/remove', {
          userId: customer.id,
          paymentMethodId: methodId,
        });
        expect(removed.status).toBe(200);
        return debited;
      },
    };
    const orderId = createOrderId('card');
    const answer = await payWithSavedMethod(
      { orm: server.database.orm, gateway, publicUrl: server.config.publicUrl },
      {
        customerId: customer.id,
        clientAddress: customer.address!,
        methodId,
        amountCents: 1049,
        orderId,
        items: ONE_REAM,
        delivery: TEST_DELIVERY,
      },
    );
    expect(answer.status).toBe('success');
    const { rows } = await server.database.sql.query(
      `select card_brand, bank_name, capture_status, captured_cents from payments where order_id = $1`,
      [orderId],
    );
    expect(rows).toEqual([
      {
        card_brand: 'ACH',
        bank_name: 'First Sandbox Bank',
        capture_status: 'captured',
        captured_cents: 1049,
      },
    ]);
  });

  it('refuses the hosted page while a saved-card payment is unsettled, so one cart is never authorized twice', async () => {
    const customer = await newCustomer();
    const card = await savedCard(customer, VISA);
    // The gateway approves, but neither its answer nor the voids that follow reach the store.
    const lost = { ok: false as const, kind: 'unavailable' as const, message: 'The gateway did not answer' };
    const gateway: PaymentGateway = {
      ...server.gateway,
      authorize: async (input) => {
        await server.gateway.authorize(input);
        return lost;
      },
      inquireByOrderId: async () => lost,
      voidByOrderId: async () => lost,
    };
    const deps = { orm: server.database.orm, gateway, publicUrl: server.config.publicUrl };
    const orderId = createOrderId('card');
    await expect(
      payWithSavedMethod(deps, {
        customerId: customer.id,
        clientAddress: customer.address!,
        methodId: card.id,
        amountCents: 1049,
        orderId,
        items: ONE_REAM,
        delivery: TEST_DELIVERY,
      }),
    ).rejects.toThrow();

    const hostedPage = () =>
      as(customer, '/api/payment/create-payment', {
        amount: ONE_REAM_TOTAL,
        orderId: createOrderId('card'),
        customerName: 'Pat Shopper',
        redirectUrl: `${server.config.publicUrl}/payment-complete`,
        userId: customer.id,
        items: ONE_REAM,
        delivery: TEST_DELIVERY,
      });
    const refused = await hostedPage();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/previous payment is still being checked/);

    // Reconciliation voids the approval at the gateway; then the shopper may pay on the hosted page.
    expect(
      await reconcileLostAuthorizations(
        { orm: server.database.orm, gateway: server.gateway, publicUrl: server.config.publicUrl },
        0,
      ),
    ).toMatchObject({ voided: 1 });
    expect(await findUnsettledStoreRequest(server.database.orm, customer.id, new Date(0))).toBeUndefined();
    expect((await hostedPage()).status).toBe(200);
    const { rows } = await server.database.sql.query('select 1 from payments where order_id = $1', [orderId]);
    expect(rows).toHaveLength(0);
  });
});
