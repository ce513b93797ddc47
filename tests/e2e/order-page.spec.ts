import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  cartWithTwoReams,
  expectClickable,
  expectNothingPastTheEdge,
  payInSheet,
  signInAsOperator,
} from './flows';
import { CARDS, walletSheetCard } from './test-data';

/** A guest pays $20.98 for two reams with Google Pay in the sandbox sheet; answers the order id. */
async function paidWithGooglePay(page: Page): Promise<string> {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await payInSheet(page, 'Google Pay', walletSheetCard('Visa', CARDS.visa));
  await expect(page).toHaveURL(/\/payment-complete$/);
  const orderId = page.locator('dt', { hasText: 'Order ID' }).locator('xpath=following-sibling::dd[1]');
  await expect(orderId).toHaveText(/^GP-[0-9A-Z]{12}$/);
  return (await orderId.textContent()) ?? '';
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('the operator opens an order from Pending Payments, reads its checks and timeline, and ships it: captured, the customer emailed', async ({
  page,
}) => {
  const orderId = await paidWithGooglePay(page);
  await signInAsOperator(page);
  const row = page.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('Not shipped');
  await row.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));

  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByText('Payment authorized', { exact: true })).toBeVisible();
  await expect(section(page, 'Items')).toContainText('$20.98');
  await expect(section(page, 'Shipping')).toContainText('Not shipped yet');
  await expect(section(page, 'Customer')).toContainText('Guest (no account)');
  const payment = section(page, 'Payment');
  await expect(payment).toContainText('Google Pay · VISA');
  await expect(payment.getByText(/^AVS: /)).toBeVisible();
  await expect(payment.getByText(/^CVV /)).toBeVisible();
  const timeline = section(page, 'Timeline');
  await expect(timeline.getByText('Order placed')).toBeVisible();
  await expect(timeline.getByText('Authorized $20.98')).toBeVisible();
  await expect(timeline.getByText('Email: Order confirmation')).toBeVisible();
  await expectNoAxeViolations(page, 'the order page, authorized');

  await page.getByRole('button', { name: 'Capture and mark as shipped' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as shipped' });
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await expectNoAxeViolations(page, 'the Mark as shipped dialog');
  await dialog.getByRole('button', { name: 'Capture $20.98 and ship' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Captured $20.98 and marked as shipped' }),
  ).toBeVisible();
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(section(page, 'Shipping')).toContainText('1Z999AA10123456784');
  await expect(timeline.getByText('Marked as shipped', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Email: Order shipped')).toBeVisible();
  await expect(page.getByRole('button', { name: /mark as shipped/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refund' })).toBeVisible();

  // The customer's receipt says it was shipped, with whom and how to follow it, as the email does.
  const { order } = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    order: { receiptPath: string };
  };
  const orderPage = page.url();
  await page.goto(order.receiptPath);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Carrier');
  await expect(delivery).toContainText('UPS');
  await expect(delivery).toContainText('Tracking number');
  await expect(delivery).toContainText('1Z999AA10123456784');
  await page.goto(orderPage);

  // The shipping email is in the outbox, as the customer will get it.
  await page.getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('tab', { name: 'Sent emails' }).click();
  await expect(page.getByText(new RegExp(`order ${orderId} has shipped$`))).toBeVisible();
});

for (const width of [375, 1280]) {
  test.describe(`the order page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('fits the window, every action reachable', async ({ page }) => {
      const orderId = await paidWithGooglePay(page);
      await signInAsOperator(page);
      await page.goto(`/admin/orders/${orderId}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
      await expectNothingPastTheEdge(page);
      for (const name of ['Capture and mark as shipped', 'Capture', 'Partial capture', 'Void']) {
        await expectClickable(page.getByRole('button', { name, exact: true }));
      }
      await expectNoAxeViolations(page, `the order page at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`order-page-${width}.png`), fullPage: true });
    });
  });
}

test('an unknown order says so', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/orders/CC-NOSUCHORDER1');
  await expect(page.getByRole('alert')).toHaveText('Order not found');
});
