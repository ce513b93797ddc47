import { describe, expect, it } from 'vitest';
import { FEE_TABLE, percentOfCents } from './money-chain';
import { MERCHID, TEST_BACKENDS, useTestGateway, type GatewayRecord } from './test-support';

const ROUTING = '036001808';
const NO_DEPOSITS = { errormsg: 'No deposits match your request' };

interface Funding {
  fundingmasterid: string;
  merchid: string;
  fundingdate: string;
  fundings: Record<string, string>[];
  txns: Record<string, string>[];
  chargebacks?: Record<string, string>[];
}

/** Dollars ("-12.34") as integer cents. */
function cents(dollars: string | undefined): number {
  if (dollars === undefined) throw new Error('no amount');
  const negative = dollars.startsWith('-');
  const [whole, fraction = ''] = dollars.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -value : value;
}

/** The deposit's equation, to the cent: its lines add up to totalfunding, and the txns to netsales. */
function expectConsistent(funding: Funding): void {
  const [deposit] = funding.fundings;
  const lines = [
    'netsales',
    'interchangefee',
    'servicecharge',
    'fee',
    'reversal',
    'adjustment',
    'thirdparty',
    'otheradjustment',
  ].map((field) => cents(deposit![field]));
  expect(lines.reduce((sum, value) => sum + value, 0)).toBe(cents(deposit!.totalfunding));
  expect(funding.txns.reduce((sum, txn) => sum + cents(txn.amount), 0)).toBe(cents(deposit!.netsales));
  const interchange = funding.txns.reduce(
    (sum, txn) => sum + cents(txn.interchangepercentfee) + cents(txn.interchangeunitfee),
    0,
  );
  expect(cents(deposit!.interchangefee) + interchange).toBe(0);
  const chargebacks = (funding.chargebacks ?? []).reduce(
    (sum, chargeback) => sum + cents(chargeback.amount),
    0,
  );
  expect(chargebacks).toBe(cents(deposit!.reversal));
}

describe('fee rounding', () => {
  it('rounds each percentage fee to the cent, half up, as CardPointe rounds its fees', () => {
    expect(percentOfCents(2499, 300)).toBe(75); // 3% of $24.99 is $0.7497
    expect(percentOfCents(2475, 180)).toBe(45); // $0.4455 rounds up
    expect(percentOfCents(2472, 180)).toBe(44); // $0.44496 rounds down
    expect(percentOfCents(0, 260)).toBe(0);
    expect(FEE_TABLE.ACH).toMatchObject({ interchangeBasisPoints: 0, serviceChargeCents: 25 });
  });
});

describe.each(TEST_BACKENDS)('funding: deposits, fees, chargebacks and ACH returns (%s)', (backend) => {
  const env = useTestGateway(backend);

  const goTo = (instant: string) => {
    env.gateway.clock.current = new Date(instant);
  };
  const fundingOf = (date: string, merchid: string = MERCHID) =>
    env.client.send<Funding & Record<string, unknown>>(
      'GET',
      `/cardconnect/rest/funding?merchid=${merchid}&date=${date}`,
    );
  const depositOf = async (date: string): Promise<Funding> => {
    const answer = await fundingOf(date);
    expect(answer.status).toBe(200);
    expect(answer.body, JSON.stringify(answer.body)).toHaveProperty('fundings');
    return answer.body;
  };
  const sale = (account: string, amount: string, orderid?: string) =>
    env.client.auth({ account, amount, capture: 'Y', ...(orderid ? { orderid } : {}) });
  const achDebit = (account: string, amount: string, accttype = 'ECHK') =>
    env.client.auth({ account, bankaba: ROUTING, accttype, amount, capture: 'Y', expiry: '' });

  it('funds a batch the day after it settles, less each sale\u2019s fees by brand, to the cent', async () => {
    goTo('2030-07-01T10:00:00Z');
    const visa = await sale('4111111111111111', '100.00', 'FUND-0001');
    const mastercard = await sale('5454545454545454', '24.99');
    const amex = await sale('378282246310005', '50.00');
    const discover = await sale('6011000995500000', '10.00');
    const halfUp = await sale('4111111111111111', '24.75');
    const open = await env.client.approvedAuth('9.00');
    const batch = await env.client.settle();
    const refund = await env.client.refund({ retref: visa.retref, amount: '10.00' });
    await env.client.settle();

    // Settled today, funded tomorrow: nothing today, and tomorrow's deposit is not there before tomorrow.
    expect((await fundingOf('0701')).body).toEqual(NO_DEPOSITS);
    expect((await fundingOf('0702')).body).toEqual(NO_DEPOSITS);

    goTo('2030-07-02T15:00:00Z');
    const funding = await depositOf('0702');
    expect(funding).toMatchObject({ merchid: MERCHID, fundingdate: '20300702' });
    expect(funding).not.toHaveProperty('chargebacks');
    expect(funding).not.toHaveProperty('adjustments');
    expect(funding.fundings).toHaveLength(1);
    // Sales 209.74, refund 10.00. Interchange: VISA 1.80 + 0.10, MC 0.46 + 0.10 (1.85% of 24.99 is
    // 0.462), AMEX 1.30 + 0.15, DISCOVER 0.17 + 0.10, VISA 0.45 + 0.10 (1.80% of 24.75 is 0.4455): 4.73.
    // Service charge 0.05 a sale: 0.25. 199.74 - 4.73 - 0.25 = 194.76.
    expect(funding.fundings[0]).toMatchObject({
      fundingmasterid: funding.fundingmasterid,
      fundingdate: '20300702',
      currency: 'USD',
      netsales: '199.74',
      interchangefee: '-4.73',
      servicecharge: '-0.25',
      fee: '0.00',
      reversal: '0.00',
      adjustment: '0.00',
      totalfunding: '194.76',
    });
    expectConsistent(funding);

    const byRetref = new Map(funding.txns.map((txn) => [txn.retref, txn]));
    expect([...byRetref.keys()].sort()).toEqual(
      [visa, mastercard, amex, discover, halfUp, refund].map((answer) => answer.retref).sort(),
    );
    expect(byRetref.has(open.retref!)).toBe(false);
    expect(byRetref.get(visa.retref!)).toMatchObject({
      amount: '100.00',
      type: 'SALE',
      batchid: batch.batchid,
      authcode: visa.authcode,
      invoicenumber: 'FUND-0001',
      cardnumber: 'XXXXXXXXXXXX1111',
      cardbrand: 'VISA',
      cardproc: 'RPCT',
      date: '20300702',
      interchangepercentfee: '1.80',
      interchangeunitfee: '0.10',
    });
    expect(byRetref.get(mastercard.retref!)).toMatchObject({
      cardbrand: 'MC',
      interchangepercentfee: '0.46',
      interchangeunitfee: '0.10',
    });
    expect(byRetref.get(amex.retref!)).toMatchObject({
      interchangepercentfee: '1.30',
      interchangeunitfee: '0.15',
    });
    expect(byRetref.get(halfUp.retref!)).toMatchObject({ interchangepercentfee: '0.45' });
    expect(byRetref.get(refund.retref!)).toMatchObject({
      amount: '-10.00',
      type: 'REFUND',
      parentretref: visa.retref,
      interchangepercentfee: '0.00',
      interchangeunitfee: '0.00',
    });
    for (const txn of funding.txns) expect(txn.authdate).toMatch(/^\d{14}$/);

    // The same day as YYYYMMDD answers the same; the day after has nothing.
    expect((await fundingOf('20300702')).body).toEqual(funding);
    goTo('2030-07-03T15:00:00Z');
    expect((await fundingOf('0703')).body).toEqual(NO_DEPOSITS);
  });

  it('takes a chargeback (a sale ending in .66) off the deposit three days after the sale settled', async () => {
    goTo('2030-08-03T10:00:00Z');
    const disputed = await sale('4111111111111111', '12.66', 'FUND-CB-01');
    const disputedMastercard = await sale('5454545454545454', '7.66');
    const kept = await sale('4111111111111111', '20.00');
    await env.client.settle();

    goTo('2030-08-04T15:00:00Z');
    const funded = await depositOf('0804');
    expect(funded).not.toHaveProperty('chargebacks');
    expect(funded.txns.map((txn) => txn.retref).sort()).toEqual(
      [disputed.retref, disputedMastercard.retref, kept.retref].sort(),
    );
    expectConsistent(funded);

    goTo('2030-08-05T15:00:00Z');
    expect((await fundingOf('0805')).body).toEqual(NO_DEPOSITS);
    expect((await fundingOf('0806')).body).toEqual(NO_DEPOSITS); // not yet

    goTo('2030-08-06T15:00:00Z');
    const charged = await depositOf('0806');
    expect(charged.txns).toEqual([]);
    expect(charged.chargebacks).toHaveLength(2);
    const byRetref = new Map(charged.chargebacks!.map((chargeback) => [chargeback.retref, chargeback]));
    expect(byRetref.get(disputed.retref!)).toMatchObject({
      merchid: MERCHID,
      fundingmasterid: charged.fundingmasterid,
      amount: '-12.66',
      transactionamount: '12.66',
      reasoncode: '10.4',
      reasondescription: 'Other Fraud - Card-Absent Environment',
      chargebackdate: '2030-08-06',
      depositdate: '2030-08-06',
      transactiondate: '2030-08-03',
      authcode: disputed.authcode,
      invoicenumber: 'FUND-CB-01',
      cardnumber: 'XXXXXXXXXXXX1111',
    });
    expect(byRetref.get(disputed.retref!)!.casenumber).toMatch(/^\d{1,30}$/);
    expect(byRetref.get(disputedMastercard.retref!)).toMatchObject({ amount: '-7.66', reasoncode: '4837' });
    // 20.32 charged back and 2 × 15.00 chargeback fees: nothing sold that day.
    expect(charged.fundings[0]).toMatchObject({
      netsales: '0.00',
      interchangefee: '0.00',
      servicecharge: '0.00',
      reversal: '-20.32',
      fee: '-30.00',
      totalfunding: '-50.32',
    });
    expectConsistent(charged);
  });

  it('takes ACH returns (R01, R03) off the deposit two days after the debits settled', async () => {
    goTo('2030-09-02T10:00:00Z');
    const insufficient = await achDebit('2000000001', '30.00');
    const noAccount = await achDebit('2000000003', '45.50', 'ESAV');
    const good = await achDebit('1234567890', '12.00');
    const card = await sale('4111111111111111', '10.00');
    for (const answer of [insufficient, noAccount, good]) {
      expect(answer).toMatchObject({ respstat: 'A', respproc: 'PSTR' });
    }
    await env.client.settle();

    goTo('2030-09-03T15:00:00Z');
    const funded = await depositOf('0903');
    const byRetref = new Map(funded.txns.map((txn) => [txn.retref, txn]));
    expect(byRetref.get(insufficient.retref!)).toMatchObject({
      amount: '30.00',
      type: 'SALE',
      cardproc: 'PSTR',
      cardtype: 'ECHK',
      interchangepercentfee: '0.00',
      interchangeunitfee: '0.00',
    });
    expect(byRetref.get(noAccount.retref!)).toMatchObject({ cardtype: 'ESAV' });
    expect(byRetref.get(card.retref!)).toMatchObject({ cardproc: 'RPCT', interchangepercentfee: '0.18' });
    // 97.50 in; ACH service charge 3 × 0.25 and the card's 0.05; the card's interchange 0.18 + 0.10.
    expect(funded.fundings[0]).toMatchObject({
      netsales: '97.50',
      interchangefee: '-0.28',
      servicecharge: '-0.80',
      totalfunding: '96.42',
    });
    expectConsistent(funded);

    goTo('2030-09-04T15:00:00Z');
    const returned = await depositOf('0904');
    expect(returned).not.toHaveProperty('chargebacks');
    expect(returned.txns).toHaveLength(2);
    const returns = new Map(returned.txns.map((txn) => [txn.retref, txn]));
    expect(returns.get(insufficient.retref!)).toMatchObject({
      amount: '-30.00',
      type: 'RETURN',
      achreturncode: 'R01',
      parentretref: insufficient.retref,
      cardproc: 'PSTR',
    });
    expect(returns.get(noAccount.retref!)).toMatchObject({ amount: '-45.50', achreturncode: 'R03' });
    // 75.50 returned and 2 × 2.50 return fees.
    expect(returned.fundings[0]).toMatchObject({ netsales: '-75.50', fee: '-5.00', totalfunding: '-80.50' });
    expectConsistent(returned);

    goTo('2030-09-05T15:00:00Z');
    expect((await fundingOf('0905')).body).toEqual(NO_DEPOSITS);
  });

  it('backdates what settled (the sandbox’s control), so a deposit can be seen without waiting a day', async () => {
    goTo('2030-10-10T10:00:00Z');
    const today = await sale('4111111111111111', '50.00');
    const batch = await env.client.settle();
    expect((await fundingOf('1010')).body).toEqual(NO_DEPOSITS);
    const moved = await env.client.send('POST', '/sandbox-control/backdate-settlement', { days: 1 });
    expect(moved.status).toBe(200);
    expect(Number(moved.body.backdated)).toBeGreaterThan(0);
    const funding = await depositOf('1010');
    expect(funding.txns.map((txn) => txn.retref)).toEqual([today.retref]);
    expect(funding.txns[0]).toMatchObject({ batchid: batch.batchid, amount: '50.00' });
    expect(await env.client.inquire(today.retref!)).toMatchObject({ settledate: '20301009100000' });
    for (const days of [0, 32, 1.5, '1']) {
      const refused = await env.client.send('POST', '/sandbox-control/backdate-settlement', { days });
      expect(refused.status, String(days)).toBe(400);
    }
  });

  it('backdates only the batches named, when it is given their ids', async () => {
    goTo('2030-11-10T10:00:00Z');
    const first = await sale('4111111111111111', '20.00');
    await env.client.settle();
    const second = await sale('5454545454545454', '30.00');
    const batch = await env.client.settle();
    const moved = await env.client.send('POST', '/sandbox-control/backdate-settlement', {
      days: 2,
      batchids: [batch.batchid],
    });
    expect(moved.body.backdated).toBe(1);
    expect(await env.client.inquire(second.retref!)).toMatchObject({ settledate: '20301108100000' });
    expect(await env.client.inquire(first.retref!)).toMatchObject({ settledate: '20301110100000' });
    for (const batchids of ['1000', [1000], ['x']]) {
      const refused = await env.client.send('POST', '/sandbox-control/backdate-settlement', {
        days: 1,
        batchids,
      });
      expect(refused.status, JSON.stringify(batchids)).toBe(400);
    }
  });

  it('refuses a date that is not MMDD or YYYYMMDD, an unknown merchant, and no credentials', async () => {
    for (const date of ['726', '1301', '0230', '2030-07-26', 'today', '']) {
      const answer = await fundingOf(date);
      expect(answer.status).toBe(400);
      expect(typeof (answer.body as unknown as GatewayRecord).message).toBe('string');
    }
    expect(await fundingOf('0615', '800000000999')).toMatchObject({
      status: 400,
      body: { message: 'Data not found', errorcode: 49 },
    });
    const anonymous = await env.client.send(
      'GET',
      `/cardconnect/rest/funding?merchid=${MERCHID}&date=0615`,
      undefined,
      {},
    );
    expect(anonymous.status).toBe(401);
  });
});
