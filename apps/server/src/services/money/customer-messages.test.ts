import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { answersLost } from '../../testing/faulty-gateway';
import { moneyMessagesOf, PAT, setOrderContact } from '../../testing/outbox';
import {
  capturedPayment,
  settleSandbox,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  TEST_PUBLIC_URL,
} from '../../testing/test-server';
import { refundPayment } from './commands';
import { reconcilePendingOperations } from './reconciliation';
import { followSettlement, sendScheduledRefunds, SETTLEMENT_RECHECK_MS } from './settlement';

/**
 * What a refund tells its customer (decision 027): the confirmation of a refund, the notice of a cancelled
 * charge, each queued in the outbox with the operation's settlement, once per operation, only for orders with
 * a contact email, and never with more of the card than its last four digits. Over HTTP, on both databases.
 */
describe.each(testDatabaseKinds())("a refund's message to its customer, on $name", (kind) => {
  // The sandbox merchant takes refunds of unsettled captures here, so that a part refund is done at once.
  const server = useTestServer(kind, { SANDBOX_UNSETTLED_REFUNDS: 'true' }, { upkeep: false });
  const admin = useAdminSession(server);
  const deps = (gateway: PaymentGateway = server.gateway) => ({
    orm: server.database.orm,
    gateway,
    publicUrl: TEST_PUBLIC_URL,
  });

  /** A captured $68.20 order whose contact is Pat (or, with `null`, an older order without one). */
  async function capturedOrder(contact: typeof PAT | null = PAT) {
    const { orderId, paymentId } = await capturedPayment(server, admin.cookie);
    await setOrderContact(server.database, orderId, contact);
    return { orderId, paymentId };
  }
  const messagesOf = (orderId: string) => moneyMessagesOf(server.database, orderId);
  async function refundOperationsOf(paymentId: string) {
    const { rows } = await server.database.sql.query<{ id: string; status: string; method: string }>(
      "select id, status, method from money_operations where payment_id = $1 and kind = 'refund' order by created_at",
      [paymentId],
    );
    return rows;
  }

  const refund = (paymentId: string, amount: number, headers?: Record<string, string>) =>
    admin.post('/api/admin/refund', { transaction: { paymentId }, amount }, headers);

  it('confirms a refund to the contact email, once for its operation, with the amount and the card’s last 4', async () => {
    const { orderId, paymentId } = await capturedOrder();
    const headers = { 'Idempotency-Key': `refund-${orderId}` };
    expect((await refund(paymentId, 8.2, headers)).status).toBe(200);
    // The same request again answers the same: no second refund, no second message.
    expect((await refund(paymentId, 8.2, headers)).status).toBe(200);
    const [operation] = await refundOperationsOf(paymentId);
    const messages = await messagesOf(orderId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'refund_confirmation',
      dedupe_key: `money-operation:${operation!.id}`,
      recipient: 'pat@example.com',
      status: 'pending',
      subject: expect.stringContaining('Refund of $8.20'),
    });
    expect(messages[0]!.text_body).toContain('Hi Pat Shopper,');
    expect(messages[0]!.text_body).toContain('We have refunded $8.20 to your Visa ending in 1111');
    expect(messages[0]!.message_id).toMatch(/^<[0-9a-f-]{36}@\[127\.0\.0\.1\]>$/);
  });

  it('tells of a cancelled charge, from Cancel charge and from a whole refund before settlement', async () => {
    const cancelled = await capturedOrder();
    expect(
      (await admin.post('/api/admin/cancel-charge', { payment: { paymentId: cancelled.paymentId } })).status,
    ).toBe(200);
    const refunded = await capturedOrder();
    expect((await refund(refunded.paymentId, 68.2)).status).toBe(200);
    expect((await refundOperationsOf(refunded.paymentId))[0]!.method).toBe('void');
    for (const { orderId } of [cancelled, refunded]) {
      const messages = await messagesOf(orderId);
      expect(messages.map((message) => message.kind)).toEqual(['charge_cancelled']);
      expect(messages[0]!.text_body).toContain(
        'We have cancelled the charge of $68.20 to your Visa ending in 1111',
      );
    }
  });

  it('sends nothing for an order taken before the store asked for a contact', async () => {
    const { orderId, paymentId } = await capturedOrder(null);
    expect((await refund(paymentId, 5)).status).toBe(200);
    expect((await refundOperationsOf(paymentId)).map((operation) => operation.status)).toEqual(['succeeded']);
    expect(await messagesOf(orderId)).toEqual([]);
  });

  it('queues the message when a refund whose answer was lost is settled from the gateway’s records', async () => {
    const { orderId, paymentId } = await capturedOrder();
    const losing = answersLost(server.gateway, 'refund');
    await refundPayment(deps(losing.gateway), { paymentId, amountCents: 500, actor: 'admin' });
    await reconcilePendingOperations(deps(), 0);
    expect((await refundOperationsOf(paymentId)).map((operation) => operation.status)).toEqual(['succeeded']);
    expect((await messagesOf(orderId)).map((message) => message.kind)).toEqual(['refund_confirmation']);
  });

  it('queues nothing while a refund waits for the settlement, and its confirmation once it is sent', async () => {
    const { orderId, paymentId } = await capturedOrder();
    // This merchant's gateway declines refunds of unsettled captures: the refund is scheduled.
    const declining: PaymentGateway = {
      ...server.gateway,
      refund: async () => ({
        ok: false,
        kind: 'declined',
        respcode: '28',
        reason: 'not_settled',
        message: 'Txn not settled',
      }),
    };
    await refundPayment(deps(declining), { paymentId, amountCents: 300, actor: 'admin' });
    expect((await refundOperationsOf(paymentId)).map((operation) => operation.status)).toEqual(['scheduled']);
    expect(await messagesOf(orderId)).toEqual([]);
    await settleSandbox(server);
    await followSettlement(deps(), { limit: 50, now: new Date(Date.now() + 2 * SETTLEMENT_RECHECK_MS) });
    await sendScheduledRefunds(deps(), { limit: 50 });
    expect((await refundOperationsOf(paymentId)).map((operation) => operation.status)).toEqual(['succeeded']);
    const messages = await messagesOf(orderId);
    expect(messages.map((message) => message.kind)).toEqual(['refund_confirmation']);
    expect(messages[0]!.text_body).toContain('We have refunded $3.00');
  });

  it('writes no card number into the outbox: the last 4 only', async () => {
    const { rows } = await server.database.sql.query<Record<string, unknown>>('select * from mail_outbox');
    expect(rows.length).toBeGreaterThan(0);
    const outbox = JSON.stringify(rows);
    expect(outbox).not.toContain('4111111111111111');
    expect(outbox).not.toMatch(/4111\s?1111/);
  });
});
