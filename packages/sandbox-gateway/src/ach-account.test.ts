import { describe, expect, it } from 'vitest';
import { dumpSchema, MERCHID, TEST_BACKENDS, useTestGateway } from './test-support';

const ROUTING = '036001808';
const BAD_ROUTING = '036001809';
const ACCOUNT = '44556677881';

describe.each(TEST_BACKENDS)('ACH with a bank account number and its routing number (%s)', (backend) => {
  const env = useTestGateway(backend);

  const debit = (fields: Record<string, unknown>) =>
    env.client.send<Record<string, string>>('PUT', '/cardconnect/rest/auth', {
      merchid: MERCHID,
      account: ACCOUNT,
      bankaba: ROUTING,
      accttype: 'ECHK',
      amount: '20.00',
      ...fields,
    });

  it('debits the account as CardPointe does with a token, answering the token CardSecure would give', async () => {
    const checking = await debit({ capture: 'Y', orderid: 'ACH-RAW-01' });
    expect(checking.status).toBe(200);
    expect(checking.body).toMatchObject({
      respstat: 'A',
      respcode: '00',
      respproc: 'PSTR',
      amount: '20.00',
      avsresp: 'U',
      cvvresp: 'U',
      setlstat: 'Queued for Capture',
    });
    const tokenized = await env.client.tokenize(`${ROUTING}/${ACCOUNT}`);
    expect(checking.body.token).toBe(tokenized.body.token);
    expect(checking.body.account).toBe(checking.body.token);
    expect(checking.body.token).toMatch(/^9\d{11}7881$/);

    const savings = await debit({ accttype: 'ESAV', amount: '5.00' });
    expect(savings.body).toMatchObject({ respstat: 'A', respproc: 'PSTR' });

    // The account number is kept nowhere; the routing number and the last 4 are.
    const stored = (await dumpSchema(env.database.db, env.gateway.schema)).join('\n');
    expect(stored).not.toContain(ACCOUNT);
    expect(stored).toContain(ROUTING);
  });

  it('declines what the ACH processor declines: a bad routing number, an account number too short or long', async () => {
    expect((await debit({ bankaba: BAD_ROUTING })).body).toMatchObject({
      respstat: 'C',
      respcode: '99',
      respproc: 'PSTR',
      resptext: `The RoutingNumber (${BAD_ROUTING}) is not a valid Routing Number.`,
    });
    for (const account of ['123', '123456789012345678']) {
      const answer = await debit({ account });
      expect(answer.status).toBe(200);
      expect(answer.body, account).toMatchObject({
        respstat: 'C',
        respcode: '99',
        respproc: 'PSTR',
        resptext: 'The AccountNumber must be between 4 and 17 digits long.',
      });
    }
    // A bank account without its type is no ACH debit (114), as with a token.
    expect((await debit({ accttype: undefined })).body).toMatchObject({
      respstat: 'C',
      respcode: '114',
    });
  });

  it('refuses a request the gateway cannot process as sent (HTTP 400)', async () => {
    const cases: Record<string, unknown>[] = [
      { bankaba: '03600180' }, // 8 digits
      { bankaba: '0360018080' }, // 10 digits
      { bankaba: '03600180X' },
      { account: '12345678901234567890' }, // over 19 digits
      { account: '1234-5678' },
      { bankaba: undefined }, // a bank account number without its routing number
      { bankaba: undefined, account: '123456789012' },
      { accttype: 'CHK' },
      { account: undefined, profile: '12345678901234567890/1' },
    ];
    for (const fields of cases) {
      const answer = await debit(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });
});
