import { createOrderId } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { addSavedCard, expectNothingPastTheEdge, registerCustomer, signInAsOperator } from './flows';
import { CARDS } from './test-data';

/**
 * One truth about money (decision 048), as people read it: one customer's orders taken down each money path
 * (paid in part, a refund scheduled, a charge cancelled, an authorization voided, then after settlement a
 * refund and a chargeback) read the same word and amount on the receipt, in My Account and on the console's
 * order page, and their Transaction History rows agree, at 1280 and 375 px.
 */

const ONE_REAM = [{ productId: 'paper-ream-500', quantity: 1 }];
const DELIVERY = {
  email: 'mo@example.com',
  address: {
    name: 'Mo Money',
    address: '12 Paper Lane',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
};

/** Pays one ream ($10.49) with the customer's saved card, as the cart's Pay button does. */
async function payOneReam(page: Page, userId: string, paymentMethodId: string): Promise<string> {
  const orderId = createOrderId('card');
  const answer = await page.request.post('/api/payment/process-with-token', {
    headers: { origin: new URL(page.url()).origin },
    data: { userId, paymentMethodId, amount: 10.49, orderId, items: ONE_REAM, delivery: DELIVERY },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return orderId;
}

test('each money path reads the same word and amount on the receipt, My Account, the order page and the history', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await registerCustomer(page, 'Mo Money');
  await addSavedCard(page, CARDS.visa);
  const session = (await (await page.request.get('/api/users/session')).json()) as { user: { id: string } };
  const userId = session.user.id;
  const origin = { origin: baseURL ?? '' };
  const methods = (await (
    await page.request.post('/api/payment/payment-methods', { headers: origin, data: { userId } })
  ).json()) as { paymentMethods: { id: string }[] };
  const methodId = methods.paymentMethods[0]!.id;
  const orderIds: string[] = [];
  for (let n = 0; n < 6; n += 1) orderIds.push(await payOneReam(page, userId, methodId));
  const [partial, scheduled, cancelled, voided, refunded, disputed] = orderIds as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];

  await signInAsOperator(page);
  const admin = async (path: string, data: Record<string, unknown>) => {
    const answer = await page.request.post(path, { headers: origin, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
  const pending = (await admin('/api/admin/payments', {})) as {
    payments: { orderId: string; paymentId: string }[];
  };
  const paymentOf = (orderId: string) => pending.payments.find((row) => row.orderId === orderId)!.paymentId;
  await admin('/api/admin/capture-payment', {
    payment: { paymentId: paymentOf(partial), originalAmount: 10.49, amount: 7 },
  });
  for (const orderId of [scheduled, cancelled, refunded]) {
    await admin('/api/admin/capture-payment', { payment: { paymentId: paymentOf(orderId) } });
  }
  // A capture ending in .66 is charged back by the sandbox three days after it settles.
  await admin('/api/admin/capture-payment', {
    payment: { paymentId: paymentOf(disputed), originalAmount: 10.49, amount: 7.66 },
  });
  await admin('/api/admin/refund', { transaction: { paymentId: paymentOf(scheduled) }, amount: 5 });
  await admin('/api/admin/cancel-charge', { payment: { paymentId: paymentOf(cancelled) } });
  await admin('/api/admin/void-payment', { payment: { paymentId: paymentOf(voided) } });
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

  // Before settlement the part refund only waits: nothing is refunded yet, on every screen.
  const waiting = 'Refund of $5.00 scheduled, nothing refunded yet';
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(`/admin/orders/${scheduled}`);
    await expect(page.getByText('Refund scheduled', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(waiting).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('$5.00, sent after settlement');
    await expectNothingPastTheEdge(page);
    await shot(`order-page-scheduled-${width}.png`);
    await page.goto('/account');
    const row = page
      .getByRole('list', { name: 'Your orders' })
      .getByRole('listitem')
      .filter({ hasText: scheduled });
    await expect(row).toContainText('Refund scheduled');
    await expect(row).toContainText(waiting);
    await row.getByRole('link', { name: /View receipt/ }).click();
    await expect(page.getByText(waiting)).toBeVisible();
    await shot(`receipt-scheduled-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The batch closed three days ago: the scheduled refund is sent, the chargeback is reported.
  await admin('/api/admin/sandbox/settle', { daysAgo: 3 });
  await admin('/api/admin/refund', { transaction: { paymentId: paymentOf(refunded) }, amount: 4 });

  const expected: Record<string, { word: string; line: string }> = {
    [partial]: { word: 'Paid in part', line: 'Paid $7.00 of $10.49' },
    [scheduled]: { word: 'Refunded in part', line: 'Refunded $5.00' },
    [cancelled]: { word: 'Cancelled', line: 'Cancelled: nothing charged' },
    [voided]: { word: 'Cancelled', line: 'Cancelled: nothing charged' },
    [refunded]: { word: 'Refunded in part', line: 'Refunded $4.00' },
    [disputed]: { word: 'Disputed', line: '$7.66 taken back by a dispute' },
  };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });

    // My Account: every order's row, each with its word and line.
    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Your orders' });
    for (const [orderId, { word, line }] of Object.entries(expected)) {
      const row = list.getByRole('listitem').filter({ hasText: orderId });
      await expect(row).toContainText(word);
      await expect(row).toContainText(line);
      await expect(row).toContainText('Paid with VISA •••• 1111');
    }
    await expectNothingPastTheEdge(page);
    await shot(`my-account-${width}.png`);
    if (width === 1280) await expectNoAxeViolations(page, 'My Account with every money path');

    for (const [orderId, { word, line }] of Object.entries(expected)) {
      // Its receipt, from My Account.
      await page.goto('/account');
      await list
        .getByRole('listitem')
        .filter({ hasText: orderId })
        .getByRole('link', { name: /View receipt/ })
        .click();
      await expect(page.getByRole('heading', { name: /Receipt for order/ })).toBeVisible();
      await expect(page.getByText(word, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(line).first()).toBeVisible();
      await expectNothingPastTheEdge(page);
      await shot(`receipt-${orderId}-${width}.png`);

      // The console's order page: the header's word and line, and the Payment card's figures.
      await page.goto(`/admin/orders/${orderId}`);
      await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
      await expect(page.getByText(word, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(line).first()).toBeVisible();
      await expectNothingPastTheEdge(page);
      await shot(`order-page-${orderId}-${width}.png`);
    }
    const payment = page.getByRole('region', { name: 'Payment' });
    await page.goto(`/admin/orders/${cancelled}`);
    await expect(payment).toContainText('$10.49, never charged');
    await expect(payment).not.toContainText('Refunded');
    await page.goto(`/admin/orders/${disputed}`);
    await expect(payment).toContainText('$7.66 taken back by a dispute');

    // Transaction History: the payments' rows say the same.
    await page.goto('/admin/dashboard?tab=history');
    const rowOf = (orderId: string) =>
      page
        .getByRole('row')
        .filter({ hasText: orderId })
        .filter({ hasNotText: /Refund to (card|bank account)|Scheduled: runs after|Charge cancelled/ })
        .first();
    await expect(rowOf(cancelled)).toContainText('Cancelled');
    await expect(rowOf(disputed)).toContainText('Disputed');
    await expect(rowOf(partial)).toContainText('Partially Captured');
    await expectNothingPastTheEdge(page);
    await shot(`history-${width}.png`);
  }
});
