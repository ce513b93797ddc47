import { expect, test } from './fixtures';
import {
  addSavedBankAccount,
  addSavedCard,
  cardNumberInFrame,
  cartWithOnePenPack,
  CUSTOMER_PASSWORD,
  expectClickable,
  expectNothingPastTheEdge,
  fillDelivery,
  registerCustomer,
  uniqueEmail,
  visibleHeight,
} from './flows';
import { BANK_ACCOUNTS, CARDS, ROUTING_NUMBER } from './test-data';

test('a new customer registers, saves a card and a bank account, and pays with the saved card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  await registerCustomer(page, 'Pat Shopper', email);

  // Signed in: the header has a user menu instead of Log in / Sign up.
  await expect(page.getByRole('button', { name: /^Pat\W+account menu$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText('Pat Shopper').first()).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/^\d{6}$/)).toBeVisible();
  await expect(page.getByText('Use this ID when you place an order by phone.')).toBeVisible();
  await expect(page.getByText("You don't have any saved payment methods.")).toBeVisible();

  await addSavedCard(page, CARDS.visa);
  await expect(page.getByText('VISA •••• 1111')).toBeVisible();
  await addSavedBankAccount(page);
  const bank = 'Checking · First Sandbox Bank •••• 6789';
  await expect(page.getByText(bank)).toBeVisible();
  await page.getByRole('button', { name: `Set ${bank} as default` }).click();
  await expect(page.getByRole('listitem').filter({ hasText: bank }).getByText('Default')).toBeVisible();

  // A method added and removed again.
  await addSavedCard(page, CARDS.mastercard);
  await page.getByRole('button', { name: 'Remove MASTERCARD •••• 5454' }).click();
  await expect(page.getByText('MASTERCARD •••• 5454')).toHaveCount(0);

  // The cart preselects the default (the bank account); the customer picks the saved card instead.
  const cart = await cartWithOnePenPack(page);
  await expect(cart.getByText(`Pay with${bank}Default`)).toBeVisible();
  await cart.getByRole('button', { name: 'Change payment method' }).click();
  await expect(cart.getByRole('radio', { name: /First Sandbox Bank/ })).toBeChecked();
  await expect(cart.getByRole('radio', { name: /First Sandbox Bank/ })).toBeFocused();
  await expect(cart.getByRole('radio', { name: /Pay another way/ })).toBeVisible();
  await cart.getByRole('radio', { name: /VISA •••• 1111/ }).check();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();

  await expect(page).toHaveURL(/\/payment-complete$/);
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(page.getByText(/VISA\s*•+\s*1111/)).toBeVisible();
  await expect(page.getByText('$15.74').first()).toBeVisible();
  const orderId = (await page.getByText(/^CC-[0-9A-Z]{12}$/).textContent()) ?? '';

  // In the console, the saved-card payment awaits capture like any other.
  await page.goto('/admin');
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill('e2e-operator-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('$15.74');
  await expect(row).toContainText('VISA •••• 1111');

  // Logged out, My Account sends to the log-in page.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a saved card that declines falls back to the hosted payment page after 2 s', async ({ page }) => {
  await registerCustomer(page, 'Dee Clined', uniqueEmail('decline'));
  await addSavedCard(page, CARDS.declined);
  const cart = await cartWithOnePenPack(page);
  await expect(cart.getByText('Pay withVISA •••• 1038Default')).toBeVisible();
  const started = Date.now();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(
    cart.getByText(/^Saved payment failed: .+[^.]\. Falling back to standard payment\.\.\.$/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
});

test('the log-in and sign-up forms and the Add Payment Method dialog say what is missing, in order', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email and password are required');

  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required');
  await page.getByLabel('Full name').fill('Val Idation');
  await page.getByLabel('Email').fill(uniqueEmail('validation'));
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Confirm password').fill(`${CUSTOMER_PASSWORD}!`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  const save = dialog.getByRole('button', { name: 'Save payment method' });
  // The form starts with the account's name and email (decision 050): emptied, every check is seen.
  await expect(dialog.getByLabel('Account holder name')).toHaveValue('Val Idation');
  await dialog.getByLabel('Account holder name').fill('');
  await dialog.getByLabel('Email').fill('');
  const steps: [string, () => Promise<void>][] = [
    ['Account holder name is required', () => dialog.getByLabel('Account holder name').fill('Pat')],
    ['Address is required', () => dialog.getByLabel('Address').fill('1 Main St')],
    ['City is required', () => dialog.getByLabel('City').fill('Austin')],
    ['State is required', () => dialog.getByLabel('State').fill('T1')],
    [
      'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
      () => dialog.getByLabel('State').fill('TX'),
    ],
    ['ZIP code is required', () => dialog.getByLabel('ZIP code').fill('78701')],
    ['Email is required', () => dialog.getByLabel('Email').fill('not-an-email')],
    ['Please enter a valid email address', () => dialog.getByLabel('Email').fill('pat@example.com')],
    ['Please enter a valid card number', () => cardNumberInFrame(dialog).fill(CARDS.visa)],
    ['Valid expiration date is required', async () => undefined],
  ];
  const faultyField: Record<string, string> = {
    'Account holder name is required': 'Account holder name',
    'Address is required': 'Address',
    'City is required': 'City',
    'State is required': 'State',
    'Please enter a valid 2-letter state code (e.g., TX, CA, NY)': 'State',
    'ZIP code is required': 'ZIP code',
    'Email is required': 'Email',
    'Please enter a valid email address': 'Email',
    'Please enter a valid card number': 'Card number',
    'Valid expiration date is required': 'Expiry month',
  };
  for (const [message, fix] of steps) {
    await save.click();
    // The message stands under the field at fault, in sight; the field is marked and has the keyboard.
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog.getByRole('alert')).toBeInViewport({ ratio: 1 });
    const field = dialog.getByLabel(faultyField[message]!, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(message);
    await fix();
  }
  // The card number, in the gateway's frame, takes digits only, a space every 4, 19 characters at most.
  await cardNumberInFrame(dialog).fill(CARDS.visaMistyped);
  await expect(cardNumberInFrame(dialog)).toHaveValue(CARDS.visa);
  await cardNumberInFrame(dialog).fill(CARDS.amex.replace(/\D/g, ''));
  await expect(cardNumberInFrame(dialog)).toHaveValue('3782 8224 6310 005');

  // No month already past is offered in this year's list; one chosen before the year is let go.
  const today = new Date();
  const thisMonth = today.getMonth() + 1;
  const month = dialog.getByLabel('Expiry month');
  await month.selectOption('01');
  await dialog.getByLabel('Expiry year').selectOption(String(today.getFullYear()));
  const months = Array.from({ length: 13 - thisMonth }, (_, index) =>
    String(thisMonth + index).padStart(2, '0'),
  );
  await expect(month.locator('option')).toHaveText(['Month', ...months]);
  await expect(month).toHaveValue(thisMonth === 1 ? '01' : '');
  await dialog.getByLabel('Expiry year').selectOption(String(today.getFullYear() + 1));
  await expect(month.locator('option')).toHaveCount(13);

  await dialog.getByLabel('Bank account').check();
  await expect(dialog.getByLabel('Account type').locator('option')).toHaveText(['Checking', 'Savings']);
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid 9-digit routing number');
  await dialog.getByLabel('Routing number').fill(ROUTING_NUMBER);
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid account number');
  await dialog.getByLabel('Account number').fill(BANK_ACCOUNTS.short);
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Bank name is required');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('My Account fits the screen', async ({ page }) => {
    await registerCustomer(page, 'Sam Small', uniqueEmail('phone'));
    await addSavedCard(page, CARDS.visa);
    await expectNothingPastTheEdge(page);
    await expect(page.getByRole('button', { name: 'Add Payment Method' })).toBeVisible();
  });
});

test('with four saved methods and an address the cart keeps its items in sight and every way to pay within reach', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerCustomer(page, 'Four Ways');
  await addSavedCard(page, CARDS.visa);
  await addSavedCard(page, CARDS.mastercard);
  await addSavedCard(page, CARDS.amex);
  await addSavedBankAccount(page, 'First Community Savings Bank of Central Texas');
  // And a long delivery address in the address book, preselected in the cart.
  const saved = await page.request.post('/api/users/addresses', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name: 'Four Ways of Paying Worthington-Smythe',
      address: '48210 North Saint Lawrence Seaway Industrial Park Boulevard East',
      address2: 'Attention: Accounts Payable and Office Supplies Receiving',
      city: 'Rancho Santa Margarita',
      state: 'CA',
      zip: '92688',
      country: 'US',
    },
  });
  expect(saved.ok()).toBe(true);
  // A hosted-page payment that fails, so that the cart shows its error too.
  await page.route('**/api/payment/create-payment', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"status":"error","message":"Busy"}',
    }),
  );

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const cart = await cartWithOnePenPack(page);
    const items = cart.getByRole('list', { name: 'Items in your cart' });
    const itemHeight = await items
      .getByRole('listitem')
      .evaluate((item) => item.getBoundingClientRect().height);
    // As the cart opens, its item is in sight whole, without scrolling.
    expect(await visibleHeight(items)).toBeGreaterThanOrEqual(itemHeight);

    await expect(cart.getByRole('region', { name: 'Deliver to' })).toContainText('Rancho Santa Margarita');
    await expectClickable(cart.getByRole('button', { name: 'Change delivery details' }));
    await expectClickable(cart.getByRole('button', { name: 'Change payment method' }));
    await cart.getByRole('button', { name: 'Change payment method' }).click();
    for (const method of [/VISA •••• 1111/, /MASTERCARD •••• 5454/, /AMEX •••• 0005/, /Central Texas/]) {
      await expectClickable(cart.getByRole('radio', { name: method }));
    }
    await cart.getByRole('radio', { name: /Pay another way/ }).check();
    await expectClickable(cart.getByRole('button', { name: 'Pay with Apple Pay' }));
    await expectClickable(cart.getByRole('button', { name: 'Pay with Google Pay' }));
    await expectClickable(cart.getByRole('button', { name: 'Pay $15.74' }));

    await fillDelivery(page);
    await cart.getByRole('button', { name: 'Pay $15.74' }).click();
    await expect(cart.getByRole('alert')).toHaveText('Payment failed: Busy');
    await expectClickable(cart.getByRole('button', { name: 'Pay $15.74' }));
    await expectClickable(cart.getByRole('button', { name: 'Pay with Google Pay' }));
    // The error takes room, never the items': they are a scroll away, whole.
    await items.scrollIntoViewIfNeeded();
    expect(await visibleHeight(items)).toBeGreaterThanOrEqual(itemHeight);
  }
});
