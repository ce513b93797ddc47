import { describe, expect, it } from 'vitest';
import { migrateSandboxGateway, SANDBOX_TEST_CARDS } from './index';
import { dumpSchema, MERCHID, TEST_BACKENDS, useTestGateway } from './test-support';
import type { SqlClient } from './sql-client';

describe.each(TEST_BACKENDS)('CardSecure tokenization (%s)', (backend) => {
  const env = useTestGateway(backend);

  it('tokenizes a card without credentials: 9, digits, the last 4, as long as the card number', async () => {
    for (const cardNumber of ['4111111111111111', '378282246310005', '6011000995500000']) {
      const answer = await env.client.tokenize(cardNumber, '1230');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ errorcode: 0, message: '' });
      expect(answer.body.token).toHaveLength(cardNumber.length);
      expect(answer.body.token).toMatch(new RegExp(`^9\\d+${cardNumber.slice(-4)}$`));
      expect(answer.body.token).not.toBe(cardNumber);
    }
  });

  it('refuses a card number that fails the Luhn check', async () => {
    const answer = await env.client.tokenize('4111111111111112');
    expect(answer.status).toBe(200);
    expect(answer.body.errorcode).not.toBe(0);
    expect(answer.body.message).toBe('Invalid card number');
    expect(answer.body.token).toBeUndefined();
  });

  it('refuses numbers starting with 9, which could not be told from tokens', async () => {
    const answer = await env.client.tokenize('9000000000000008');
    expect(answer.body.errorcode).not.toBe(0);
    expect(answer.body.token).toBeUndefined();
  });

  it('answers 400 to a body without an account', async () => {
    const answer = await env.client.send('POST', '/cardsecure/api/v1/ccn/tokenize', { expiry: '1230' }, {});
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/account is required/);
  });

  it('echoes the message sent, with error code 0, without credentials', async () => {
    for (const message of ['Hello?', '']) {
      const answer = await env.client.send('POST', '/cardsecure/api/v1/echo', { message }, {});
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message, errorcode: 0 });
    }
  });

  it('answers 400 to an echo without a message, or with one over 250 characters', async () => {
    for (const body of [{}, { message: 7 }, { message: 'x'.repeat(251) }]) {
      const answer = await env.client.send('POST', '/cardsecure/api/v1/echo', body, {});
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/message/);
    }
  });

  it('migrates idempotently and refuses schema names that are not plain identifiers', async () => {
    // As a server started again does: another client, on tables already made.
    const restarted: SqlClient = { query: (text, params) => env.database.db.query(text, params) };
    await migrateSandboxGateway(restarted, env.gateway.schema);
    await expect(migrateSandboxGateway(env.database.db, 'x"; DROP SCHEMA public; --')).rejects.toThrow(
      /schema name/,
    );
  });

  it('keeps the test card behaviour with the token', async () => {
    const { body } = await env.client.tokenize('4387751111111053', '1230');
    expect(await env.client.auth({ account: body.token, amount: '10.00' })).toMatchObject({
      respstat: 'C',
      respcode: '51',
    });
  });

  it('never stores or logs a card number or CVV', async () => {
    const cvv = '8642';
    const cardNumbers = SANDBOX_TEST_CARDS.map((card) => card.number);
    for (const cardNumber of cardNumbers) {
      await env.client.tokenize(cardNumber, '1230');
      await env.client.auth({ account: cardNumber, amount: '10.00', cvv2: cvv, orderid: 'CC-PANCHECK' });
    }
    await env.client.auth({ account: '4111111111111112', amount: '10.00', cvv2: cvv });
    await env.client.send(
      'PUT',
      '/cardconnect/rest/auth',
      `{"merchid":"${MERCHID}","account":"4012888888881881",`,
    );
    await fetch(`${env.gateway.baseUrl}/hpp/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        total: '12.00',
        invoice: 'CC-PANCHECK2',
        returnUrl: 'http://127.0.0.1:1/payment-complete',
        cardNumber: '5555 5555 5555 4444',
        expiry: '12/30',
        cvv,
        name: 'Ada Lovelace',
      }),
    });

    const stored = await dumpSchema(env.database.db, env.gateway.schema);
    expect(stored.length).toBeGreaterThan(cardNumbers.length);
    const secrets = [
      ...cardNumbers,
      '4111111111111112',
      '4012888888881881',
      '5555555555554444',
      '5555 5555 5555 4444',
    ];
    for (const row of stored) {
      for (const secret of secrets) expect(row).not.toContain(secret);
      const values = Object.values(JSON.parse(row) as Record<string, unknown>);
      expect(values).not.toContain(cvv);
    }

    const logs = env.gateway.logs.join('\n');
    expect(logs).toContain('incoming request');
    for (const secret of secrets) expect(logs).not.toContain(secret);
    // As a value: log lines carry timings, whose digits could contain the CVV's by chance.
    expect(logs).not.toContain(`"${cvv}"`);
  });
});
