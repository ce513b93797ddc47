import { expect, test, type Page } from './fixtures';
import {
  expectNothingPastTheEdge,
  fillDelivery,
  payOnHostedPage,
  signInAsOperator,
  storefrontWithEmptyCart,
} from './flows';
import { CARDS } from './test-data';

/** Puts 3 pen packs and 2 reams in the cart as a shopper would, and returns with the cart open. */
async function fillCart(page: Page): Promise<void> {
  await storefrontWithEmptyCart(page);
  await page.getByRole('tab', { name: /Pen/ }).click();
  const quantity = page.getByLabel('Quantity', { exact: true });
  await page.getByRole('button', { name: 'Increase', exact: true }).click();
  await page.getByRole('button', { name: 'Increase', exact: true }).click();
  await expect(quantity).toHaveValue('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart).toBeVisible();
  await expect(quantity).toHaveValue('1');
  await cart.getByRole('button', { name: /close/i }).click();
  await expect(cart).toBeHidden();

  await page.getByRole('tab', { name: /Paper/ }).click();
  await page.getByRole('button', { name: 'Increase', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart).toBeVisible();
  await expect(page.getByRole('button', { name: /cart, 5 items/i })).toBeVisible();
}

/** The value shown beside a label of the payment summary. */
function detail(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test('a guest buys 3 pen packs and 2 reams with a test card and sees every detail of the payment', async ({
  page,
}) => {
  await fillCart(page);
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart.getByText('$64.95')).toBeVisible();
  await expect(cart.getByText('$3.25')).toBeVisible();
  await expect(cart.getByText('$68.20').first()).toBeVisible();

  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const invoice = new URL(page.url()).searchParams.get('invoice') ?? '';
  expect(invoice).toMatch(/^CC-[0-9A-Z]{12}$/);
  await expect(page.getByText(invoice)).toBeVisible();
  // The sandbox's page lists its test cards, as its wallet sheets do.
  await page.getByText('Sandbox test cards').click();
  await expect(page.getByText('4387 7511 1111 1038')).toBeVisible();
  await expect(page.getByText('VISA · Declined: Do not honor (05)')).toBeVisible();
  await page.getByLabel('Card number').fill(CARDS.visa);
  await expect(page.getByText('VISA').first()).toBeVisible();
  await payOnHostedPage(page, CARDS.visa, '$68.20');

  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Order ID')).toHaveText(invoice);
  await expect(detail(page, 'Amount paid')).toHaveText('$68.20');
  await expect(detail(page, 'Payment method')).toHaveText(/^VISA\s*•+\s*1111$/);
  await expect(detail(page, 'Authorization code')).toHaveText(/^[0-9A-Z]{6}$/);
  const year = new Date().getFullYear();
  await expect(detail(page, 'Transaction date')).toHaveText(
    new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${year} at \\d{1,2}:\\d{2}`),
  );
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // The receipt stays for the stored request's 30 minutes: a reload shows the same payment.
  await page.reload();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Order ID')).toHaveText(invoice);
  await expect(detail(page, 'Amount paid')).toHaveText('$68.20');
});

test('a declined card ends on the failed state, which says what to do and gives the cart back', async ({
  page,
}) => {
  await fillCart(page);
  await fillDelivery(page);
  await page.getByRole('dialog', { name: /cart/i }).getByRole('button', { name: 'Pay $68.20' }).click();
  await payOnHostedPage(page, CARDS.declined, '$68.20');

  await expect(page.getByRole('heading', { name: /payment failed/i })).toBeVisible();
  // Whatever the server's words, the page says what happened and what to do.
  await expect(page.getByText('Your payment was declined, so nothing was charged.')).toBeVisible();
  await expect(
    page.getByText(/^Your cart is saved: Try Again to pay with another card or account\./),
  ).toBeVisible();

  // Try Again opens the cart as it was, to pay again with another card (decision 050).
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/$/);
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await payOnHostedPage(page, CARDS.visa, '$68.20');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
});

test('the cart is kept for the tab, without card data, until a payment for it succeeds', async ({ page }) => {
  await fillCart(page);
  await page.reload();
  await expect(page.getByRole('button', { name: /cart, 5 items/i })).toBeVisible();

  const cart = page.getByRole('dialog', { name: /cart/i });
  await page.getByRole('button', { name: /cart, 5 items/i }).click();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  // Back from the payment page without paying: the cart is there.
  await page.goBack();
  await expect(page.getByRole('button', { name: /cart, 5 items/i })).toBeVisible();
  const kept = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(kept).toContain('pen-pack-100');
  for (const card of Object.values(CARDS)) expect(kept).not.toContain(card.replace(/\D/g, '').slice(0, 12));

  await page.getByRole('button', { name: /cart, 5 items/i }).click();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await payOnHostedPage(page, CARDS.visa, '$68.20');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page.getByRole('button', { name: /cart, 0 items/i })).toBeVisible();
  // A new cart is not emptied by coming back to the receipt of the last one.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await cart.getByRole('button', { name: /close/i }).click();
  await page.goto('/payment-complete');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: /cart, 1 item/i })).toBeVisible();
});

test('Back after paying shows the invoice as paid, never as payable again', async ({ page }) => {
  await fillCart(page);
  await fillDelivery(page);
  await page.getByRole('dialog', { name: /cart/i }).getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const invoice = new URL(page.url()).searchParams.get('invoice') ?? '';
  await payOnHostedPage(page, CARDS.visa, '$68.20');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  await expect(page.getByRole('heading', { name: 'This invoice is paid' })).toBeVisible();
  await expect(page.getByText('Amount due')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Return to the store for your receipt' }).click();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Order ID')).toHaveText(invoice);

  // One authorization, awaiting capture.
  await signInAsOperator(page);
  await expect(page.getByRole('row').filter({ hasText: invoice })).toHaveCount(1);
});

test('paying an older payment page of the same cart (Back, a second tab) takes no money and says so', async ({
  page,
}) => {
  await fillCart(page);
  const cart = page.getByRole('dialog', { name: /cart/i });
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const olderPage = page.url();
  const olderInvoice = new URL(olderPage).searchParams.get('invoice') ?? '';
  // The shopper comes back and checks out again: a new payment page for the same cart.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const newerPage = page.url();
  expect(newerPage).not.toBe(olderPage);

  // Then pays the older page, still open in the history.
  await page.goto(olderPage);
  await payOnHostedPage(page, CARDS.visa, '$68.20');
  await expect(page.getByRole('heading', { name: /payment failed/i })).toBeVisible();
  await expect(page.getByText(/You had started this checkout again/)).toBeVisible();
  await expect(page.getByText(/you were not charged for it/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('older-page-paid-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('older-page-paid-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The newer page pays the cart, once.
  await page.goto(newerPage);
  await payOnHostedPage(page, CARDS.visa, '$68.20');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  const newerInvoice = await detail(page, 'Order ID').textContent();

  await signInAsOperator(page);
  await expect(page.getByRole('row').filter({ hasText: newerInvoice ?? '' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: olderInvoice })).toHaveCount(0);
});

test('a stored payment request older than 30 minutes is not used', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('lastPaymentRequestId', '6f1c1d1e-8d2b-4a55-9a43-1f7a1b2c3d4e');
    localStorage.setItem('lastPaymentRequestTime', String(Date.now() - 31 * 60 * 1000));
  });
  let verified = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/payment/verify-payment')) verified = true;
  });
  await page.goto('/payment-complete');
  await expect(page.getByText('No payment information found. Please return to the store.')).toBeVisible();
  expect(verified).toBe(false);
});

test('the result page says so when it is sent a failed payment', async ({ page }) => {
  await page.goto('/payment-complete?status=failed');
  await expect(page.getByText('Payment processing failed')).toBeVisible();
});

test('Cancel on the hosted page goes back to the store with the cart open as it was', async ({ page }) => {
  await fillCart(page);
  const cart = page.getByRole('dialog', { name: /cart/i });
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /payment failed/i })).toHaveCount(0);
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart.getByText('$68.20').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /cart, 5 items/i })).toBeVisible();
  // Nothing was charged: the cart pays again, on a new payment page.
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $68.20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  await page.goBack();
  // A reload of the store does not open the cart by itself again, but keeps it.
  await page.goto('/');
  await expect(cart).toBeHidden();
  await expect(page.getByRole('button', { name: /cart, 5 items/i })).toBeVisible();
});

test('an unknown address goes to the storefront', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});
