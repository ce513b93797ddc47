import { describe, expect, it } from 'vitest';
import { dumpSchema, MERCHID, TEST_BACKENDS, type GatewayRecord, useTestGateway } from './test-support';

const ROUTING = '036001808';
const BAD_ROUTING = '036001809';
const BANK_ACCOUNT = '55667788990';

describe.each(TEST_BACKENDS)('stored profiles, bank accounts and tokens (%s)', (backend) => {
  const env = useTestGateway(backend);

  async function token(account: string, expiry?: string): Promise<string> {
    const answer = await env.client.tokenize(account, expiry);
    expect(answer.body.errorcode, JSON.stringify(answer.body)).toBe(0);
    return answer.body.token!;
  }

  const putProfile = (fields: Record<string, unknown>) =>
    env.client.send<GatewayRecord>('PUT', '/cardconnect/rest/profile', { merchid: MERCHID, ...fields });

  it('gives the same card the same token every time, and another card another', async () => {
    const first = await token('4111111111111111', '1230');
    expect(await token('4111111111111111')).toBe(first);
    expect(await token('5454545454545454')).not.toBe(first);
    expect(first).toMatch(/^941\d{9}1111$/);
  });

  it('tokenizes a bank account given as routing/account, keeping only the routing number and last 4', async () => {
    const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
    expect(bank).toMatch(/^903\d{9}8990$/);
    expect(await token(`${ROUTING}/${BANK_ACCOUNT}`)).toBe(bank);
    const stored = (await dumpSchema(env.database.db, env.gateway.schema)).join('\n');
    expect(stored).not.toContain(BANK_ACCOUNT);
    expect(stored).toContain(ROUTING);
  });

  it('debits a bank account token as ECHK or ESAV, captured at once, and refunds it', async () => {
    const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
    const debit = await env.client.auth({
      account: bank,
      accttype: 'ECHK',
      amount: '25.00',
      capture: 'Y',
      expiry: '',
    });
    expect(debit).toMatchObject({ respstat: 'A', respcode: '00', respproc: 'PSTR' });
    const inquiry = await env.client.inquire(debit.retref!);
    expect(inquiry.setlstat).toBe('Queued for Capture');
    await env.client.settle();
    const refund = await env.client.refund({ retref: debit.retref, amount: '25.00' });
    expect(refund.respstat).toBe('A');
  });

  it('declines a debit on a routing number that fails the ABA checksum, as the ACH processor does', async () => {
    const bank = await token(`${BAD_ROUTING}/${BANK_ACCOUNT}`);
    const debit = await env.client.auth({
      account: bank,
      accttype: 'ESAV',
      amount: '25.00',
      capture: 'Y',
      expiry: '',
    });
    expect(debit).toMatchObject({
      respstat: 'C',
      respcode: '99',
      respproc: 'PSTR',
      resptext: `The RoutingNumber (${BAD_ROUTING}) is not a valid Routing Number.`,
    });
  });

  it('refuses a bank account debited as a card, and a card debited as a bank account', async () => {
    const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
    const asCard = await env.client.auth({ account: bank, amount: '5.00', expiry: '1230' });
    expect(asCard).toMatchObject({ respstat: 'C', respcode: '114', resptext: 'Invalid account type' });
    const card = await token('4111111111111111', '1230');
    const asBank = await env.client.auth({ account: card, accttype: 'ECHK', amount: '5.00' });
    expect(asBank).toMatchObject({ respstat: 'C', respcode: '114' });
  });

  it('creates a profile, adds accounts to it, and answers the same account for the same data', async () => {
    const card = await token('4111111111111111', '1230');
    const created = await putProfile({
      account: card,
      expiry: '1230',
      name: 'Pat Shopper',
      defaultacct: 'Y',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      respstat: 'A',
      respcode: '09',
      resptext: 'Profile Saved',
      acctid: '1',
      token: card,
      defaultacct: 'Y',
    });
    expect(created.body.profileid).toMatch(/^[1-9]\d{19}$/);
    const profileid = created.body.profileid!;

    const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
    const added = await putProfile({
      profile: profileid,
      account: bank,
      accttype: 'ECHK',
      name: 'Pat Shopper',
    });
    expect(added.body).toMatchObject({ profileid, acctid: '2', accttype: 'ECHK', defaultacct: 'N' });

    const again = await putProfile({ profile: profileid, account: card, expiry: '1230' });
    expect(again.body).toMatchObject({ profileid, acctid: '1' });

    const read = await env.client.send<GatewayRecord[]>(
      'GET',
      `/cardconnect/rest/profile/${profileid}/2/${MERCHID}`,
    );
    expect(read.body[0]).toMatchObject({ profileid, acctid: '2', token: bank, accttype: 'ECHK' });
  });

  it('keeps exactly one default account, moves it on request, and after deleting the default', async () => {
    const card = await token('5454545454545454', '1230');
    const { body: created } = await putProfile({ account: card, expiry: '1230' });
    const profileid = created.profileid!;
    const bank = await token(`${ROUTING}/${BANK_ACCOUNT}`);
    await putProfile({ profile: profileid, account: bank, accttype: 'ESAV' });

    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        putProfile({ profile: `${profileid}/${(index % 2) + 1}`, profileupdate: 'Y', defaultacct: 'Y' }),
      ),
    );
    expect(racing.every((answer) => answer.body.respstat === 'A')).toBe(true);
    const defaults = await env.database.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${env.gateway.schema}".profile_accounts WHERE profileid = $1 AND defaultacct`,
      [profileid],
    );
    expect(defaults.rows[0]!.count).toBe(1);

    await putProfile({ profile: `${profileid}/2`, profileupdate: 'Y', defaultacct: 'Y' });
    const deleted = await env.client.send('DELETE', `/cardconnect/rest/profile/${profileid}/2/${MERCHID}`);
    expect(deleted.body).toMatchObject({ respstat: 'A', respcode: '08', resptext: 'Profile Deleted' });
    const left = await env.client.send<GatewayRecord[]>(
      'GET',
      `/cardconnect/rest/profile/${profileid}/1/${MERCHID}`,
    );
    expect(left.body[0]).toMatchObject({ acctid: '1', defaultacct: 'Y' });

    const gone = await env.client.send('DELETE', `/cardconnect/rest/profile/${profileid}/2/${MERCHID}`);
    expect(gone.body).toMatchObject({ respstat: 'C', respcode: '96', resptext: 'Profile not found' });
  });

  it('authorizes a stored account by profile, declines a declining card there too, refuses an unknown profile', async () => {
    const good = await token('4111111111111111', '1230');
    const { body: profile } = await putProfile({ account: good, expiry: '1230' });
    const declining = await token('4387751111111038', '1230');
    await putProfile({ profile: profile.profileid, account: declining, expiry: '1230' });

    const approved = await env.client.auth({
      profile: `${profile.profileid}/1`,
      amount: '10.00',
      cof: 'C',
      cofscheduled: 'N',
      expiry: '',
    });
    expect(approved).toMatchObject({ respstat: 'A', token: good });
    const byDefault = await env.client.auth({ profile: profile.profileid, amount: '10.00', expiry: '' });
    expect(byDefault).toMatchObject({ respstat: 'A', token: good });
    const declined = await env.client.auth({
      profile: `${profile.profileid}/2`,
      amount: '10.00',
      expiry: '',
    });
    expect(declined).toMatchObject({ respstat: 'C', respcode: '05' });
    const unknown = await env.client.auth({ profile: '12345678901234567890/1', amount: '10.00', expiry: '' });
    expect(unknown).toMatchObject({ respstat: 'C', respcode: '96', resptext: 'Profile not found' });
  });

  it('keeps no card or bank account number in any of its tables', async () => {
    const stored = (await dumpSchema(env.database.db, env.gateway.schema)).join('\n');
    for (const number of ['4111111111111111', '5454545454545454', '4387751111111038', BANK_ACCOUNT]) {
      expect(stored).not.toContain(number);
    }
  });
});
