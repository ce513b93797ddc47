import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestCutoff } from './settlement';
import { TEST_BACKENDS, useTestGateway } from './test-support';

const HOUR_MS = 60 * 60 * 1000;

describe('settlement cut-offs', () => {
  it('settles daily at the merchant\u2019s local cut-off, or every N minutes', () => {
    const evening = new Date(2030, 5, 15, 21, 30); // local time
    expect(latestCutoff({ dailyAt: '21:00' }, evening)).toEqual(new Date(2030, 5, 15, 21, 0));
    const morning = new Date(2030, 5, 16, 8, 0);
    expect(latestCutoff({ dailyAt: '21:00' }, morning)).toEqual(new Date(2030, 5, 15, 21, 0));
    expect(latestCutoff({ everyMinutes: 15 }, new Date(Date.UTC(2030, 5, 15, 12, 44)))).toEqual(
      new Date(Date.UTC(2030, 5, 15, 12, 30)),
    );
  });
});

describe.each(TEST_BACKENDS)('settlement as CardPointe does it (%s)', (backend) => {
  // Hourly batches, so the test clock can cross a cut-off.
  const env = useTestGateway(backend, { settlement: { everyMinutes: 60 } });
  // A minute past an hourly cut-off: what is captured now waits for the next one.
  beforeEach(() => env.gateway.clock.advance(60_000));
  afterEach(() => env.gateway.clock.reset());

  it('before the batch: a refund is declined with 28 Txn not settled, a void cancels the capture in full', async () => {
    const auth = await env.client.approvedAuth('68.20', { capture: 'Y' });
    expect(await env.client.inquire(auth.retref!)).toMatchObject({
      setlstat: 'Queued for Capture',
      voidable: 'Y',
      refundable: 'N',
    });
    expect(await env.client.refund({ retref: auth.retref, amount: '10.00' })).toMatchObject({
      respstat: 'C',
      respcode: '28',
      resptext: 'Txn not settled',
    });
    expect(await env.client.void({ retref: auth.retref })).toMatchObject({ respstat: 'A', respcode: '00' });
    expect(await env.client.inquire(auth.retref!)).toMatchObject({
      setlstat: 'Voided',
      capturedamount: '0.00',
    });
    // A voided capture never reaches a batch.
    expect((await env.client.settle()).settled).toBe(0);
  });

  it('closing the batch settles captures and refunds, not open authorizations, under one batch id', async () => {
    await env.client.settle();
    const captured = await env.client.approvedAuth('40.00', { capture: 'Y' });
    const open = await env.client.approvedAuth('15.00');
    const batch = await env.client.settle();
    expect(batch.settled).toBe(1);
    expect(batch.batchid).toMatch(/^\d+$/);
    const settled = await env.client.inquire(captured.retref!);
    expect(settled).toMatchObject({
      setlstat: 'Accepted',
      voidable: 'N',
      refundable: 'Y',
      batchid: batch.batchid,
    });
    expect(settled.settledate).toMatch(/^\d{14}$/);
    expect(await env.client.inquire(open.retref!)).toMatchObject({ setlstat: 'Authorized', voidable: 'Y' });

    // After settlement: no void (27 Txn Batched); refunds in parts, never above what was captured.
    expect(await env.client.void({ retref: captured.retref })).toMatchObject({
      respstat: 'C',
      respcode: '27',
      resptext: 'Txn Batched',
    });
    expect(await env.client.refund({ retref: captured.retref, amount: '25.00' })).toMatchObject({
      respstat: 'A',
    });
    expect(await env.client.refund({ retref: captured.retref, amount: '15.01' })).toMatchObject({
      respstat: 'C',
      respcode: '43',
    });
    const rest = await env.client.refund({ retref: captured.retref });
    expect(rest).toMatchObject({ respstat: 'A', amount: '15.00' });
    expect(await env.client.inquire(rest.retref!)).toMatchObject({ setlstat: 'Refunded' });
    // The refunds go into the next batch.
    const next = await env.client.settle();
    expect(next.settled).toBe(2);
    expect(Number(next.batchid)).toBeGreaterThan(Number(batch.batchid));
  });

  it('settles at the scheduled cut-off by itself, as soon as anyone asks after it', async () => {
    const auth = await env.client.approvedAuth('12.00', { capture: 'Y' });
    expect((await env.client.inquire(auth.retref!)).setlstat).toBe('Queued for Capture');
    env.gateway.clock.advance(HOUR_MS);
    expect(await env.client.inquire(auth.retref!)).toMatchObject({ setlstat: 'Accepted', refundable: 'Y' });
    expect((await env.client.refund({ retref: auth.retref })).respstat).toBe('A');
  });

  it('answers the control call only with the gateway\u2019s credentials', async () => {
    const answer = await env.client.send('POST', '/sandbox-control/settle', {}, {});
    expect(answer.status).toBe(401);
  });
});

describe.each(TEST_BACKENDS)('a merchant set up for unsettled refunds (%s)', (backend) => {
  const env = useTestGateway(backend, { unsettledRefunds: true });

  it('refunds a capture before it settles, and then it can no longer be voided', async () => {
    const auth = await env.client.approvedAuth('30.00', { capture: 'Y' });
    expect(await env.client.inquire(auth.retref!)).toMatchObject({ refundable: 'Y', voidable: 'Y' });
    expect(await env.client.refund({ retref: auth.retref, amount: '10.00' })).toMatchObject({
      respstat: 'A',
    });
    expect(await env.client.inquire(auth.retref!)).toMatchObject({ refundedamount: '10.00', voidable: 'N' });
    expect((await env.client.void({ retref: auth.retref })).respstat).toBe('C');
  });

  it('answers refundable Y on inquire whatever the state, as CardPointe does for such a merchant', async () => {
    const open = await env.client.approvedAuth('12.00');
    const refunded = await env.client.approvedAuth('8.00', { capture: 'Y' });
    await env.client.refund({ retref: refunded.retref });
    const declined = await env.client.auth({ account: '4387751111111053', amount: '10.00' });
    expect(declined.respstat).toBe('C');
    for (const retref of [open.retref, refunded.retref, declined.retref]) {
      expect((await env.client.inquire(retref!)).refundable).toBe('Y');
    }
    // The flag promises nothing: the refund call still refuses what cannot be refunded.
    expect((await env.client.refund({ retref: open.retref })).resptext).toMatch(/^Txn not captured/);
  });
});
