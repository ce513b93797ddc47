import { expect, test, type Page } from './fixtures';
import { cartWithTwoReams, payInSheet } from './flows';
import { CARDS, walletSheetCard } from './test-data';

function detail(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test('a guest pays with Google Pay in the sandbox wallet, and the operator sees it awaiting capture', async ({
  page,
}) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await payInSheet(page, 'Google Pay', walletSheetCard('Visa', CARDS.visa));

  await expect(page).toHaveURL(/\/payment-complete$/);
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Amount paid')).toHaveText('$20.98');
  await expect(detail(page, 'Payment method')).toHaveText('Google Pay · VISA •••• 1111');
  await expect(detail(page, 'Order ID')).toHaveText(/^GP-[0-9A-Z]{12}$/);
  await expect(detail(page, 'Authorization code')).not.toHaveText('—');
  const orderId = (await detail(page, 'Order ID').textContent()) ?? '';
  expect(await page.evaluate(() => localStorage.getItem('usedGooglePay'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Order ID')).toHaveText(orderId);

  await page.goto('/admin');
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill('e2e-operator-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('$20.98');
  await expect(row).toContainText('Google Pay · VISA •••• 1111');
});

test('a declining wallet card ends on the failed result page with the reason', async ({ page }) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await payInSheet(page, 'Google Pay', walletSheetCard('Visa', CARDS.declined));
  await expect(cart.getByRole('alert')).toHaveText('Google Pay payment failed');
  await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
  await expect(page.getByRole('heading', { name: /payment failed/i })).toBeVisible();
  // Headlined as every way to pay headlines a decline; the wallet named under Error details.
  await expect(
    page.getByText('Your card was declined. Try another card or contact your bank.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Google Pay payment failed', { exact: true })).toBeVisible();
  // The cart is given back, to pay another way.
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('dialog', { name: /cart/i }).getByText('$20.98').first()).toBeVisible();
});

test('a Google Pay backend failure goes to the failed result page after 2 s', async ({ page }) => {
  await page.route('**/api/googlepay/process-with-googlepay', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"status":"error","message":"Internal Server Error"}',
    }),
  );
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await payInSheet(page, 'Google Pay', walletSheetCard('Visa', CARDS.visa));
  await expect(cart.getByRole('alert')).toHaveText('Google Pay payment failed');
  const failedAt = Date.now();
  await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
  expect(Date.now() - failedAt).toBeGreaterThan(1_500);
  await expect(page.getByText('Payment processing failed')).toBeVisible();
});

test('closing the Google Pay sheet charges nothing and leaves the cart as it was', async ({ page }) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await payInSheet(page, 'Google Pay', null);
  await expect(page).toHaveURL(/\/$/);
  await expect(cart.getByRole('button', { name: 'Pay $20.98' })).toBeEnabled();
  await expect(cart.getByRole('alert')).toHaveCount(0);
});

test('a browser where Google Pay cannot pay says so instead of showing the button', async ({ page }) => {
  // A PaymentsClient that answers isReadyToPay false, as Google's does on a browser it does not support.
  await page.addInitScript(() => {
    class UnreadyClient {
      isReadyToPay() {
        return Promise.resolve({ result: false });
      }
      createButton() {
        return document.createElement('button');
      }
      prefetchPaymentData() {}
      loadPaymentData() {
        return Promise.reject(new Error('not ready'));
      }
    }
    Object.assign(window, { google: { payments: { api: { PaymentsClient: UnreadyClient } } } });
  });
  const cart = await cartWithTwoReams(page);
  await expect(cart.getByText('Google Pay is not available in your browser')).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Pay with Google Pay' })).toHaveCount(0);
});

test('a guest pays with Apple Pay in test mode, and the result page says so', async ({ page }) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await payInSheet(page, 'Apple Pay', walletSheetCard('Mastercard', CARDS.mastercard));

  await expect(page).toHaveURL(/\/payment-complete$/);
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Test mode');
  await expect(page.getByRole('note')).toContainText('sandbox wallet');
  await expect(detail(page, 'Payment method')).toHaveText('Apple Pay · MASTERCARD •••• 5454');
  await expect(detail(page, 'Order ID')).toHaveText(/^AP-[0-9A-Z]{12}$/);
  await expect(detail(page, 'Amount paid')).toHaveText('$20.98');
  expect(await page.evaluate(() => localStorage.getItem('usedApplePay'))).toBe('true');
});

test('a declining card in the Apple Pay sheet ends on the failed result page', async ({ page }) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await payInSheet(page, 'Apple Pay', walletSheetCard('Visa', CARDS.declined));
  await expect(cart.getByRole('alert')).toHaveText('Apple Pay payment failed');
  await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
  await expect(
    page.getByText('Your card was declined. Try another card or contact your bank.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Apple Pay payment failed', { exact: true })).toBeVisible();
});

test('a merchant validation the store cannot get stops Apple Pay with "Merchant validation failed"', async ({
  page,
}) => {
  await page.route('**/api/validate-merchant', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: '{"status":"error","message":"Merchant validation failed"}',
    }),
  );
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await expect(cart.getByRole('alert')).toHaveText('Merchant validation failed');
  await expect(page.getByRole('dialog', { name: 'Apple Pay' })).toHaveCount(0);
  await expect(cart.getByRole('button', { name: 'Pay $20.98' })).toBeEnabled();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the wallet buttons and the sheet fit the screen', async ({ page }) => {
    const cart = await cartWithTwoReams(page);
    for (const name of ['Pay with Apple Pay', 'Pay with Google Pay']) {
      const wallet = cart.getByRole('button', { name });
      await wallet.scrollIntoViewIfNeeded();
      const box = await wallet.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    const button = cart.getByRole('button', { name: 'Pay with Google Pay' });
    await button.click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay' });
    const sheetBox = await sheet.boundingBox();
    expect(sheetBox!.x).toBeGreaterThanOrEqual(0);
    expect(sheetBox!.x + sheetBox!.width).toBeLessThanOrEqual(375);
  });
});
