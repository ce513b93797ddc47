import { describe, expect, it } from 'vitest';
import { MERCHID, TEST_BACKENDS, useTestGateway } from './test-support';

const ROUTING = '036001808';
const NULL_BATCHES = 'Null Batches';

type Batch = Record<string, unknown> & { batchid: string; txns: Record<string, string>[] };

describe.each(TEST_BACKENDS)('settlestat (%s)', (backend) => {
  const env = useTestGateway(backend);

  const goTo = (instant: string) => {
    env.gateway.clock.current = new Date(instant);
  };
  const settlestat = (query: string) =>
    env.client.send<Batch[] | string | Record<string, unknown>>(
      'GET',
      `/cardconnect/rest/settlestat?${query}`,
    );
  const batchesOf = async (query: string): Promise<Batch[]> => {
    const answer = await settlestat(query);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body), JSON.stringify(answer.body)).toBe(true);
    return answer.body as Batch[];
  };

  it('answers a day\u2019s batches, card and ACH apart, with their transactions and totals', async () => {
    goTo('2030-06-20T10:00:00Z');
    const visa = await env.client.auth({
      account: '4111111111111111',
      amount: '30.00',
      capture: 'Y',
      orderid: 'SETL-0001',
    });
    const mastercard = await env.client.auth({ account: '5454545454545454', amount: '15.00', capture: 'Y' });
    const open = await env.client.approvedAuth('5.00');
    const cards = await env.client.settle();
    const refund = await env.client.refund({ retref: visa.retref, amount: '5.00' });
    const refunds = await env.client.settle();
    const debit = await env.client.auth({
      account: '1234567890',
      bankaba: ROUTING,
      accttype: 'ECHK',
      amount: '7.00',
      capture: 'Y',
      expiry: '',
    });
    expect(debit.respstat).toBe('A');
    const ach = await env.client.settle();
    expect(ach.batchid).not.toBe(cards.batchid);

    const batches = await batchesOf(`merchid=${MERCHID}&date=0620`);
    expect(batches.map((batch) => batch.batchid)).toEqual([cards.batchid, refunds.batchid, ach.batchid]);
    const [cardBatch, refundBatch, achBatch] = batches;
    expect(cardBatch).toEqual({
      batchid: cards.batchid,
      hoststat: 'GB',
      hostbatch: cards.batchid!.padStart(10, '0'),
      merchid: MERCHID,
      respproc: 'RPCT',
      chargecnt: 2,
      chargetotal: '45.00',
      refundcnt: 0,
      refundtotal: '0.00',
      txns: [
        {
          retref: visa.retref,
          setlamount: '30.00',
          setlstat: 'Y',
          salesdoc: 'SETL-0001',
          authcode: visa.authcode,
          cardtype: 'VISA',
        },
        {
          retref: mastercard.retref,
          setlamount: '15.00',
          setlstat: 'Y',
          authcode: mastercard.authcode,
          cardtype: 'MC',
        },
      ],
    });
    expect(refundBatch).toMatchObject({
      respproc: 'RPCT',
      chargecnt: 0,
      chargetotal: '0.00',
      refundcnt: 1,
      refundtotal: '-5.00',
      txns: [
        {
          retref: refund.retref,
          setlamount: '-5.00',
          setlstat: 'Y',
          salesdoc: 'SETL-0001',
          cardtype: 'VISA',
        },
      ],
    });
    expect(achBatch).toMatchObject({
      respproc: 'PSTR',
      chargecnt: 1,
      chargetotal: '7.00',
      txns: [{ retref: debit.retref, setlamount: '7.00', setlstat: 'Y', cardtype: 'ECHK' }],
    });
    expect(JSON.stringify(batches)).not.toContain(open.retref);

    // One batch by its id, in the same array shape.
    expect(await batchesOf(`merchid=${MERCHID}&batchid=${refunds.batchid}`)).toEqual([refundBatch]);

    // Days without batches, and unknown batches: "Null Batches", a JSON string.
    for (const query of ['date=0619', 'date=0621', 'batchid=999999', 'batchid=1']) {
      const answer = await settlestat(`merchid=${MERCHID}&${query}`);
      expect(answer, query).toMatchObject({ status: 200, body: NULL_BATCHES });
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // 0621 is the most recent 21 June not in the future: 2029's, before anything settled.
    goTo('2030-06-21T10:00:00Z');
    expect((await settlestat(`merchid=${MERCHID}&date=0620`)).body).toEqual(batches);
  });

  it('reports each batch once to a call with the merchant id alone', async () => {
    goTo('2030-07-10T10:00:00Z');
    await env.client.approvedAuth('11.00', { capture: 'Y' });
    await env.client.settle();
    const first = await batchesOf(`merchid=${MERCHID}`);
    expect(first.length).toBeGreaterThan(0);
    const reported = new Set(first.map((batch) => batch.batchid));
    expect((await settlestat(`merchid=${MERCHID}`)).body).toBe(NULL_BATCHES);

    const later = await env.client.approvedAuth('12.00', { capture: 'Y' });
    const batch = await env.client.settle();
    const second = await batchesOf(`merchid=${MERCHID}`);
    expect(second.map((entry) => entry.batchid)).toEqual([batch.batchid]);
    expect(second[0]!.txns.map((txn) => txn.retref)).toEqual([later.retref]);
    expect(reported.has(batch.batchid!)).toBe(false);
    expect((await settlestat(`merchid=${MERCHID}`)).body).toBe(NULL_BATCHES);

    // Two calls at once: the batch goes to one of them only.
    const raced = await env.client.approvedAuth('13.00', { capture: 'Y' });
    const racedBatch = await env.client.settle();
    const answers = await Promise.all([settlestat(`merchid=${MERCHID}`), settlestat(`merchid=${MERCHID}`)]);
    const bodies = answers.map((answer) => answer.body);
    expect(bodies.filter((body) => body === NULL_BATCHES)).toHaveLength(1);
    const won = bodies.find((body) => Array.isArray(body)) as Batch[];
    expect(won.map((entry) => entry.batchid)).toEqual([racedBatch.batchid]);
    expect(won[0]!.txns.map((txn) => txn.retref)).toEqual([raced.retref]);

    // Asking by date or batch id does not count as reported, and still answers them.
    expect(await batchesOf(`merchid=${MERCHID}&batchid=${batch.batchid}`)).toEqual(second);
  });

  it('refuses a malformed date or batch id, an unknown merchant, and no credentials', async () => {
    goTo('2030-07-10T10:00:00Z');
    for (const query of [
      'date=1301',
      'date=0230',
      'date=0431',
      'date=0000',
      'date=726',
      'date=20300710',
      'date=abcd',
      'batchid=abc',
      'batchid=-1',
      'date=0710&batchid=1000',
    ]) {
      const answer = await settlestat(`merchid=${MERCHID}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof (answer.body as Record<string, unknown>).message).toBe('string');
    }
    expect((await settlestat('date=0710')).status).toBe(400);
    // 29 February exists: the most recent one (2028).
    expect(await settlestat(`merchid=${MERCHID}&date=0229`)).toMatchObject({
      status: 200,
      body: NULL_BATCHES,
    });
    expect(await settlestat('merchid=800000000999&date=0710')).toMatchObject({
      status: 400,
      body: { message: 'Data not found', errorcode: 49 },
    });
    const anonymous = await env.client.send(
      'GET',
      `/cardconnect/rest/settlestat?merchid=${MERCHID}`,
      undefined,
      {},
    );
    expect(anonymous.status).toBe(401);
  });
});
