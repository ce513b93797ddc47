import { createOrderId } from '@store/core';
import { expect, type APIRequestContext, type Page } from './fixtures';
import { CARDS, CVV } from './test-data';

/** Steps several specs take the same way. */

/** Two reams in the cart: $19.98 and 5% tax, $20.98; the cart open. */
export async function cartWithTwoReams(page: Page) {
  await page.goto('/');
  await page.getByRole('tab', { name: /Paper/ }).click();
  await page.getByRole('button', { name: 'Increase', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart.getByText('$20.98').first()).toBeVisible();
  return cart;
}

/** A guest's payment as the storefront and the hosted payment page make it: authorized, awaiting capture. */
export async function guestPayment(
  request: APIRequestContext,
  baseURL: string,
  items: { productId: string; quantity: number }[],
  amount: number,
): Promise<string> {
  const orderId = createOrderId('card');
  const returnUrl = `${baseURL}/payment-complete`;
  // The store takes state changes only from its own pages, which say so with their Origin.
  const headers = { origin: baseURL };
  const created = await request.post('/api/payment/create-payment', {
    headers,
    data: { amount, orderId, customerName: 'Guest', redirectUrl: returnUrl, items },
  });
  expect(created.ok()).toBe(true);
  const { requestId } = (await created.json()) as { requestId: string };
  const paid = await request.post('/sandbox/hpp/pay', {
    form: {
      cardNumber: CARDS.visa,
      expiry: '12/30',
      cvv: CVV,
      name: 'Pat Shopper',
      total: amount.toFixed(2),
      invoice: orderId,
      returnUrl,
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const verified = await request.post('/api/payment/verify-payment', { headers, data: { requestId } });
  expect(((await verified.json()) as { status: string }).status).toBe('success');
  return orderId;
}
