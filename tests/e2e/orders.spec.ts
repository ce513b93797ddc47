import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  addSavedCard,
  cartWithOnePenPack,
  cartWithTwoReams,
  DELIVERY,
  expectClickable,
  expectNothingPastTheEdge,
  fillDelivery,
  guestPayment,
  payOnHostedPage,
  registerCustomer,
  signInAsOperator,
  toHostedPage,
} from './flows';
import { CARDS, walletSheetCard } from './test-data';

/**
 * Orders a shop can deliver (decision 027): the contact and delivery address asked once before paying, or
 * taken from a customer's address book or a wallet's sheet, then the order on the result page, on its
 * receipt page and in My Account.
 */

/** Saves an address to the signed-in customer's address book, as My Account's form does. */
async function saveAddress(page: Page, address: Record<string, string>) {
  const answer = await page.request.post('/api/users/addresses', {
    headers: { origin: new URL(page.url()).origin },
    data: { country: 'US', ...address },
  });
  expect(answer.ok()).toBe(true);
}

test('a guest gives the contact and delivery once, in the form’s words, and sees them read-only after', async ({
  page,
}) => {
  const cart = await cartWithTwoReams(page);
  const form = cart.getByRole('region', { name: 'Contact and delivery' });
  await cart.getByRole('button', { name: 'Pay $20.98' }).click();
  // The first problem, under its field, with the keyboard on that field.
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByLabel('Email')).toBeFocused();
  await form.getByLabel('Email').fill('pat@example.com');
  await form.getByLabel('Full name').fill('Pat Shopper');
  await form.getByLabel('Address', { exact: true }).fill('12 Paper Lane');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').fill('T.');
  await form.getByLabel('ZIP code').fill('78701');
  await cart.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(form.getByText('Please enter a valid 2-letter state code (e.g., TX, CA, NY)')).toBeVisible();
  await expect(form.getByLabel('State')).toBeFocused();
  await form.getByLabel('State').fill('TX');
  await expectNoAxeViolations(page, 'the cart with the delivery form');
  await cart.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);

  // Back in the store, the details are shown read-only with Change, which opens the form as it was.
  await page.goBack();
  await page.getByRole('button', { name: /cart, 2 items/i }).click();
  const given = cart.getByRole('region', { name: 'Deliver to' });
  await expect(given).toContainText('Pat Shopper');
  await expect(given).toContainText('12 Paper Lane, Austin, TX 78701');
  await expect(given).toContainText('pat@example.com');
  await given.getByRole('button', { name: 'Change delivery details' }).click();
  await expect(form.getByLabel('City')).toHaveValue('Austin');
});

test('a guest pays by card and the result page and the receipt show what was bought and where it goes', async ({
  page,
}) => {
  await cartWithTwoReams(page);
  await toHostedPage(page);
  await payOnHostedPage(page, CARDS.visa, '$20.98');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Premium Copy Paper 500 sheets');
  await expect(order).toContainText('$19.98');
  await expect(order).toContainText('$1.00');
  await expect(order).toContainText('$20.98');
  await expect(order).toContainText('12 Paper Lane');
  await order.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: /Receipt for order/ })).toBeVisible();
  await expect(page.getByText('Payment authorized')).toBeVisible();
  await expect(page.getByText('VISA •••• 1111')).toBeVisible();
  await expect(page.getByText('12 Paper Lane')).toBeVisible();
});

test('a customer’s default address is preselected, the saved card pays, and the order is in My Account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerCustomer(page, 'Ada Orders');
  await saveAddress(page, {
    name: 'Ada Orders',
    address: '1 Ledger Row',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
  });
  await saveAddress(page, {
    name: 'Ada at Work',
    address: '9 Office Park',
    city: 'Cambridge',
    state: 'MA',
    zip: '02139',
  });
  await addSavedCard(page, CARDS.visa);

  const cart = await cartWithOnePenPack(page);
  const given = cart.getByRole('region', { name: 'Deliver to' });
  // The first address saved is the default, and the contact is the account's email.
  await expect(given).toContainText('1 Ledger Row, Boston, MA 02108');
  await expect(cart.getByLabel('Email')).toHaveCount(0);
  // Another saved address is a choice away.
  await given.getByRole('button', { name: 'Change delivery details' }).click();
  await cart
    .getByLabel('Saved address')
    .selectOption({ label: 'Ada at Work, 9 Office Park, Cambridge, MA 02139, United States' });
  await expect(cart.getByLabel('Address', { exact: true })).toHaveValue('9 Office Park');
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(page).toHaveURL(/\/payment-complete$/);
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('9 Office Park');

  await page.goto('/account');
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await expect(orders).toContainText('Payment authorized');
  await expect(orders).toContainText('$15.74');
  await expectNoAxeViolations(page, 'My Account with an order');
  await orders.getByRole('link', { name: /View receipt/ }).click();
  await expect(page.getByRole('heading', { name: /Receipt for order/ })).toBeVisible();
  await expect(page.getByText('9 Office Park')).toBeVisible();
});

test('a $7.00 capture of a $15.74 order reads paid in part, $7.00, on My Account, the receipt and the order page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await registerCustomer(page, 'Pia Partial');
  await addSavedCard(page, CARDS.visa);
  const cart = await cartWithOnePenPack(page);
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  const orderId =
    (await page
      .locator('dt', { hasText: 'Order ID' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? '';

  // The operator captures $7.00 of it (the rest is not shipped).
  await signInAsOperator(page);
  const headers = { origin: baseURL ?? '' };
  const pending = (await (await page.request.post('/api/admin/payments', { headers, data: {} })).json()) as {
    payments: { orderId: string; paymentId: string }[];
  };
  const paymentId = pending.payments.find((row) => row.orderId === orderId)?.paymentId;
  const captured = await page.request.post('/api/admin/capture-payment', {
    headers,
    data: { payment: { paymentId, originalAmount: 15.74, amount: 7 } },
  });
  expect(captured.ok()).toBe(true);

  const line = 'Paid $7.00 of $15.74';
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByText('Paid in part').first()).toBeVisible();
  await expect(page.getByText(line).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-page-partial-1280.png'), fullPage: true });

  await page.goto('/account');
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders).toContainText('Paid in part');
  await expect(orders).toContainText(line);
  await page.screenshot({ path: test.info().outputPath('my-account-partial-1280.png'), fullPage: true });
  await orders.getByRole('link', { name: /View receipt/ }).click();
  await expect(page.getByRole('heading', { name: /Receipt for order/ })).toBeVisible();
  await expect(page.getByText('Paid in part')).toBeVisible();
  await expect(page.getByText(line)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('receipt-partial-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 740 });
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('receipt-partial-375.png'), fullPage: true });
  await page.goto('/account');
  await expect(orders).toContainText(line);
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('my-account-partial-375.png'), fullPage: true });
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText(line).first()).toBeVisible();
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('order-page-partial-375.png'), fullPage: true });
});

test('Google Pay’s sheet gives the email and the shipping address, and the order keeps them', async ({
  page,
}) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await sheet.getByRole('radio', { name: walletSheetCard('Visa', CARDS.visa) }).check();
  await sheet.getByRole('radio', { name: /100 King St W/ }).check();
  await sheet.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Jordan Wallet');
  await expect(order).toContainText('100 King St W');
  await expect(order).toContainText('Toronto, ON M5X 1A9');
  await expect(order).toContainText('jordan.wallet@example.com');
});

test('Apple Pay’s sheet gives the shipping contact, and the order keeps it', async ({ page }) => {
  const cart = await cartWithTwoReams(page);
  await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
  await sheet.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('500 Congress Ave');
  await expect(order).toContainText('Apt 12');
  await expect(order).toContainText('jordan.wallet@example.com');
});

test('markup typed in a delivery shows as text where the operator reads it', async ({
  page,
  request,
  baseURL,
}) => {
  let scripted = false;
  page.on('dialog', (dialog) => {
    scripted = true;
    void dialog.dismiss();
  });
  const name = '<script>alert(1)</script><img src=x onerror=alert(2)>';
  const orderId = await guestPayment(
    request,
    baseURL!,
    [{ productId: 'paper-ream-500', quantity: 1 }],
    10.49,
    {
      ...DELIVERY,
      name,
    },
  );
  await signInAsOperator(page);
  await page.getByRole('tab', { name: /Transaction History/ }).click();
  await page.getByLabel('Search by order ID').fill(orderId);
  const row = page.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText(`Ship to ${name}`);
  expect(await row.locator('script, img').count()).toBe(0);
  expect(scripted).toBe(false);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the delivery form and the read-only details fit, with every control in reach', async ({ page }) => {
    const cart = await cartWithTwoReams(page);
    const form = cart.getByRole('region', { name: 'Contact and delivery' });
    for (const label of ['Email', 'Full name', 'City', 'State', 'ZIP code', 'Phone (optional)']) {
      await expectClickable(form.getByLabel(label, { exact: true }));
    }
    await expectNothingPastTheEdge(page);
    await form.getByLabel('Email').fill('a.very.long.address.for.mail@example-with-a-long-domain.com');
    await form.getByLabel('Full name').fill('Maximiliana Evangelina Worthington-Smythe');
    await form.getByLabel('Address', { exact: true }).fill('48210 Extraordinarily Long Boulevard Name');
    await form.getByLabel('City').fill('Rancho Santa Margarita');
    await form.getByLabel('State').fill('CA');
    await form.getByLabel('ZIP code').fill('92688');
    await cart.getByRole('button', { name: 'Pay $20.98' }).click();
    await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
    await page.goBack();
    await page.getByRole('button', { name: /cart, 2 items/i }).click();
    const given = cart.getByRole('region', { name: 'Deliver to' });
    await expect(given).toContainText('Worthington-Smythe');
    await expectClickable(given.getByRole('button', { name: 'Change delivery details' }));
    await expectClickable(cart.getByRole('button', { name: 'Pay $20.98' }));
    await expectNothingPastTheEdge(page);
  });
});
