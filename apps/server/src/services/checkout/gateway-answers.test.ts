import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { googlePayToken as walletToken, shoppersAt } from '../../testing/shoppers';
import {
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  createOrder,
  payOnHostedPage,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

const ANSWER_COLUMNS =
  'status, respcode, avs_response, cvv_response, bin_country, bin_prepaid, bin_corporate, last4';

/** What each channel keeps of the gateway's answer to its authorization, on both databases. */
describe.each(testDatabaseKinds())('what the store keeps of the gateway’s answers, on $name', (kind) => {
  const server = useTestServer(kind);
  const shoppers = shoppersAt(server);

  const keptFor = async (orderId: string) =>
    (
      await server.database.sql.query(`select ${ANSWER_COLUMNS} from payment_requests where order_id = $1`, [
        orderId,
      ])
    ).rows[0];

  it('keeps the response code and BIN facts of a hosted-page payment (its checks are not in inquire)', async () => {
    const { orderId, requestId } = await createOrder(server);
    await payOnHostedPage(server, orderId, '4032100000000010');
    const verified = await server.post('/api/payment/verify-payment', { requestId });
    expect(verified.body.status).toBe('success');
    expect(await keptFor(orderId)).toEqual({
      status: 'approved',
      respcode: '00',
      avs_response: null,
      cvv_response: null,
      bin_country: 'US',
      bin_prepaid: true,
      bin_corporate: false,
      last4: '0010',
    });
  });

  it('prefills the hosted page’s billing ZIP with the delivery’s', async () => {
    const orderId = createOrderId('card');
    const answer = await server.post('/api/payment/create-payment', {
      amount: 68.2,
      orderId,
      customerName: 'Guest',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      items: [
        { productId: 'pen-pack-100', quantity: 3 },
        { productId: 'paper-ream-500', quantity: 2 },
      ],
      delivery: TEST_DELIVERY,
    });
    expect(new URL(String(answer.body.paymentUrl)).searchParams.get('billZip')).toBe('78701');
  });

  it('keeps the response code and the card’s last 4 of a declined hosted-page payment', async () => {
    const { orderId, requestId } = await createOrder(server);
    await payOnHostedPage(server, orderId, '4387751111111038');
    await server.post('/api/payment/verify-payment', { requestId });
    expect(await keptFor(orderId)).toMatchObject({
      status: 'declined',
      respcode: '05',
      avs_response: null,
      last4: '1038',
    });
  });

  it('keeps the AVS and CVV results and BIN facts of a saved card’s payment, checked on the delivery address', async () => {
    const shopper = await shoppers.register();
    const card = await shoppers.saveCard(shopper, '5555 1100 0000 0013');
    const orderId = createOrderId('card');
    const paid = await shoppers.pay(shopper, card.id, { orderId });
    expect(paid.status).toBe(200);
    expect(await keptFor(orderId)).toEqual({
      status: 'approved',
      respcode: '00',
      // 12 Paper Lane, 78701: street and ZIP sent; no CVV is sent for a card on file.
      avs_response: 'Y',
      cvv_response: 'P',
      bin_country: 'US',
      bin_prepaid: false,
      bin_corporate: true,
      last4: '0013',
    });

    const elsewhere = createOrderId('card');
    const address = { ...TEST_DELIVERY.address, address: '1 Main St', zip: '55112' };
    await shoppers.pay(shopper, card.id, { orderId: elsewhere, delivery: { ...TEST_DELIVERY, address } });
    expect(await keptFor(elsewhere)).toMatchObject({ status: 'approved', avs_response: 'N' });
  });

  it('keeps the response code, BIN facts and last 4 of a saved card’s decline', async () => {
    const shopper = await shoppers.register();
    const card = await shoppers.saveCard(shopper, '4387 7511 1111 1053');
    const orderId = createOrderId('card');
    const paid = await shoppers.pay(shopper, card.id, { orderId });
    expect(paid.status).toBe(422);
    expect(await keptFor(orderId)).toEqual({
      status: 'declined',
      respcode: '51',
      avs_response: null,
      cvv_response: null,
      bin_country: 'US',
      bin_prepaid: false,
      bin_corporate: false,
      last4: '1053',
    });
  });

  it('keeps no card checks for a bank account’s debit: its response code, the processor’s U and its last 4', async () => {
    const shopper = await shoppers.register();
    const account = await shoppers.saveBankAccount(shopper);
    const orderId = createOrderId('card');
    expect((await shoppers.pay(shopper, account.id, { orderId })).status).toBe(200);
    expect(await keptFor(orderId)).toEqual({
      status: 'approved',
      respcode: '00',
      avs_response: 'U',
      cvv_response: 'U',
      bin_country: null,
      bin_prepaid: null,
      bin_corporate: null,
      last4: '3210',
    });
  });

  /** What Google hands the storefront for one ream. */
  const googlePayToken = (cardId: string) => walletToken(server, { cardId, totalPrice: '10.49' });

  it('keeps the checks of a Google Pay payment, and the response code of its decline', async () => {
    const orderId = createOrderId('googlepay');
    const paid = await shoppers.payWithGooglePay(await googlePayToken('mastercard'), orderId);
    expect(paid.status).toBe(200);
    expect(await keptFor(orderId)).toEqual({
      status: 'approved',
      respcode: '00',
      avs_response: 'Y',
      cvv_response: 'P',
      bin_country: 'US',
      bin_prepaid: false,
      bin_corporate: false,
      last4: '5454',
    });

    const declinedOrder = createOrderId('googlepay');
    await shoppers.payWithGooglePay(await googlePayToken('visa-declined'), declinedOrder);
    expect(await keptFor(declinedOrder)).toMatchObject({
      status: 'declined',
      respcode: '05',
      bin_country: 'US',
      last4: '1038',
    });
  });
});
