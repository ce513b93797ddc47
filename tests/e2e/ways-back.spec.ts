import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page } from './fixtures';
import {
  addSavedCard,
  cartWithOnePenPack,
  cartWithTwoReams,
  DELIVERY,
  expectClickable,
  expectNothingPastTheEdge,
  fillDelivery,
  guestPayment,
  OPERATOR,
  payInSheet,
  payOnHostedPage,
  registerCustomer,
  toHostedPage,
  uniqueEmail,
} from './flows';
import { CARDS, walletSheetCard } from './test-data';

/**
 * The ways back after a payment that did not go through, and the words of an address by its country
 * (decision 050): Try Again leads back to paying, every way to pay words a decline the same, a customer
 * whose saved card is declined may choose another, Add Payment Method starts from the account, a console
 * page met without a session lands there once signed in, and a Canadian address asks for a province and a
 * postal code in every form.
 */

const CARD_DECLINED = 'Your card was declined. Try another card or contact your bank.';

/** A screenshot of the window (a dialog or the cart in sight), or of the whole page. */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

/** The value shown beside a label of the payment result. */
function detail(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test.describe('at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('Try Again after a declined card opens the cart as it was, ready to pay again, and paying works', async ({
    page,
  }) => {
    const cart = await cartWithTwoReams(page);
    await toHostedPage(page);
    await payOnHostedPage(page, CARDS.declined, '$20.98');
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText(CARD_DECLINED)).toBeVisible();
    await expect(
      page.getByText(/^Your cart is saved: Try Again to pay with another card or account\./),
    ).toBeVisible();
    await shoot(page, 'declined-1024', true);
    await expectNoAxeViolations(page, 'the failed result page at 1024 px');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectClickable(page.getByRole('button', { name: 'Try Again' }));
      await expectNothingPastTheEdge(page);
      await shoot(page, `declined-${width}`, true);
    }
    await page.setViewportSize({ width: 1024, height: 768 });

    // Not the same page again: the cart, open, with the delivery given, the keyboard on Pay.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cart).toBeVisible();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
    await expect(cart.getByRole('status')).toHaveText(
      /^Your cart and delivery details are as you left them: pay again/,
    );
    await expect(cart.getByRole('region', { name: 'Deliver to' })).toContainText(DELIVERY.name);
    const pay = cart.getByRole('button', { name: 'Pay $20.98' });
    await expect(pay).toBeFocused();
    await expectClickable(pay);
    await expectNothingPastTheEdge(page);
    await shoot(page, 'pay-again-1024');
    await expectNoAxeViolations(page, 'the cart opened to pay again at 1024 px');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectClickable(pay);
      await expectNothingPastTheEdge(page);
      await page.screenshot({ path: test.info().outputPath(`pay-again-${width}.png`) });
    }
    await page.setViewportSize({ width: 1024, height: 768 });

    await pay.click();
    await payOnHostedPage(page, CARDS.visa, '$20.98');
    await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  });

  test('Return to Store goes back to shopping with the cart kept; Try Again after a wallet decline opens it', async ({
    page,
  }) => {
    const cart = await cartWithTwoReams(page);
    await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await payInSheet(page, 'Google Pay', walletSheetCard('Visa', CARDS.declined));
    await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
    await page.getByRole('link', { name: 'Return to Store' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /cart, 2 items/i })).toBeVisible();
    await expect(cart).toBeHidden();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(cart).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Pay with Google Pay' })).toBeEnabled();
    await expect(cart.getByRole('button', { name: 'Pay $20.98' })).toBeFocused();
  });

  test('a console page opened without a session asks to sign in, then lands on that page', async ({
    page,
    baseURL,
  }) => {
    const orderId = await guestPayment(
      page.request,
      baseURL!,
      [{ productId: 'pen-pack-100', quantity: 1 }],
      15.74,
    );
    // The per-tab rule stays: a tab of its own, though another tab of the browser is signed in.
    await page.goto('/admin');
    await page.getByLabel('Username').fill(OPERATOR.username);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const tab = await page.context().newPage();
    await tab.goto(`/admin/orders/${orderId}`);
    await expect(tab).toHaveURL(new RegExp(`/admin\\?next=%2Fadmin%2Forders%2F${orderId}$`));
    await tab.getByLabel('Username').fill(OPERATOR.username);
    await tab.getByLabel('Password').fill(OPERATOR.password);
    await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(tab).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(tab.getByRole('heading', { name: new RegExp(orderId) })).toBeVisible();

    // A customer's page and a tab of the dashboard come back the same way; nothing else is followed.
    const other = await page.context().newPage();
    await other.goto('/admin/dashboard?tab=customers');
    await expect(other).toHaveURL(/\/admin\?next=%2Fadmin%2Fdashboard%3Ftab%3Dcustomers$/);
    await other.goto('/admin?next=https%3A%2F%2Felsewhere.example%2Fadmin%2F');
    await other.getByLabel('Username').fill(OPERATOR.username);
    await other.getByLabel('Password').fill(OPERATOR.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other).toHaveURL(/\/admin\/dashboard$/);
    await tab.close();
    await other.close();
  });
});

test('a declined Google Pay or Apple Pay card is headlined as a hosted-page decline is', async ({ page }) => {
  for (const wallet of ['Google Pay', 'Apple Pay']) {
    const cart = await cartWithTwoReams(page);
    await cart.getByRole('button', { name: `Pay with ${wallet}` }).click();
    await payInSheet(page, wallet, walletSheetCard('Visa', CARDS.declined));
    await expect(cart.getByRole('alert')).toHaveText(`${wallet} payment failed`);
    await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
    await expect(page.getByText(CARD_DECLINED, { exact: true })).toBeVisible();
    await expect(page.getByText('Payment processing failed')).toHaveCount(0);
    await expect(page.getByText('Your payment was declined, so nothing was charged.')).toBeVisible();
    // The wallet is named under Error details, the decline not said twice.
    await expect(page.getByText(`${wallet} payment failed`, { exact: true })).toBeVisible();
  }
});

/** Chooses Canada in an address form and checks its words: Province and Postal code, never State or ZIP. */
async function expectCanadianWords(form: Locator) {
  await form.getByLabel('Country').selectOption('CA');
  await expect(form.getByLabel('Province', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Postal code', { exact: true })).toBeVisible();
  await expect(form.getByLabel('State', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('ZIP code', { exact: true })).toHaveCount(0);
}

for (const width of [375, 1024, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test("a Canadian address asks for a province and a postal code in the cart's contact and delivery", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // The cart's contact and delivery.
      const cart = await cartWithTwoReams(page);
      const delivery = cart.getByRole('region', { name: 'Contact and delivery' });
      await expectCanadianWords(delivery);
      await delivery.getByLabel('Email').fill('rae@example.com');
      await delivery.getByLabel('Full name').fill('Rae Maple');
      await delivery.getByLabel('Address', { exact: true }).fill('100 King St W');
      await delivery.getByLabel('City').fill('Toronto');
      await cart.getByRole('button', { name: 'Pay $20.98' }).click();
      await expect(delivery.getByText('Province is required')).toBeVisible();
      await expect(delivery.getByLabel('Province', { exact: true })).toBeFocused();
      await delivery.getByLabel('Province', { exact: true }).fill('Ontario');
      await cart.getByRole('button', { name: 'Pay $20.98' }).click();
      await expect(delivery.getByText('Postal code is required')).toBeVisible();
      await expectNothingPastTheEdge(page);
      await shoot(page, `cart-canada-${width}`);
      await expectNoAxeViolations(page, `the cart's Canadian address at ${width} px`);
    });
  });
}

test('a payment link to a Canadian payer asks the operator for a province and a postal code', async ({
  page,
}) => {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByRole('button', { name: 'New payment link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New payment link' });
  await dialog.getByLabel('Premium Copy Paper 500 sheets').fill('2');
  await expectCanadianWords(dialog);
  await dialog.getByLabel('Email').fill('rae@example.com');
  await dialog.getByLabel('Full name').fill('Rae Maple');
  await dialog.getByLabel('Address', { exact: true }).fill('100 King St W');
  await dialog.getByLabel('City').fill('Toronto');
  await dialog.getByRole('button', { name: 'Send link for $20.98' }).click();
  await expect(dialog.getByText('Province is required')).toBeVisible();
  await shoot(page, 'payment-link-canada-1280');
  await expectNoAxeViolations(page, 'the New payment link dialog with a Canadian address');
});

/**
 * One customer for what needs an account (the store lets an address open only so many accounts): the choice
 * after a declined saved card, Add Payment Method started from the account, and a Canadian address in the
 * address book and in Add Payment Method at 375, 1024 and 1280 px.
 */
test('a customer chooses another saved card after a decline, and the account forms start from what it holds', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = await registerCustomer(page, 'Cho Ice', uniqueEmail('ways-back'));

  // A declined saved card leaves the choice of another saved method, which then pays.
  await addSavedCard(page, CARDS.declined);
  await addSavedCard(page, CARDS.visa);
  const cart = await cartWithOnePenPack(page);
  await expect(cart.getByText('Pay withVISA •••• 1038Default')).toBeVisible();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(cart.getByRole('alert')).toHaveText(
    /^Saved payment failed: .+[^.]\. Choose another saved method or pay another way\.$/,
  );
  await expect(cart.getByRole('radio', { name: /VISA •••• 1038/ })).toBeDisabled();
  await expect(cart.getByRole('group', { name: 'Pay with' })).toContainText('Declined');
  await expect(cart.getByRole('radio', { name: /Pay another way/ })).toBeChecked();
  await expectNoAxeViolations(page, 'the cart after a declined saved card');
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNothingPastTheEdge(page);
    await cart.getByRole('radio', { name: /VISA •••• 1111/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`saved-card-declined-${width}.png`) });
  }
  // No fall-back by itself: the choice is the customer's.
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/$/);
  await cart.getByRole('radio', { name: /VISA •••• 1111/ }).check();
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(page).toHaveURL(/\/payment-complete$/);
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(page, 'Payment method')).toHaveText(/VISA\s*•+\s*1111/);

  // Add Payment Method starts with the name, email and default address the account holds.
  const origin = new URL(page.url()).origin;
  const saved = await page.request.post('/api/users/addresses', {
    headers: { origin },
    data: {
      name: 'Cho Ice',
      address: '100 King St W',
      address2: 'Suite 5',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const methodDialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(methodDialog.getByLabel('Account holder name')).toHaveValue('Cho Ice');
  await expect(methodDialog.getByLabel('Email')).toHaveValue(email);
  await expect(methodDialog.getByLabel('Address')).toHaveValue('100 King St W, Suite 5');
  await expect(methodDialog.getByLabel('City')).toHaveValue('Toronto');
  await expect(methodDialog.getByLabel('Province')).toHaveValue('ON');
  await expect(methodDialog.getByLabel('Postal code')).toHaveValue('M5X 1A9');
  await expect(methodDialog.getByLabel('Country')).toHaveValue('CA');
  // Still the customer's to change, for a card in another name or billed elsewhere.
  await methodDialog.getByLabel('Account holder name').fill('Sam Other');
  await expect(methodDialog.getByLabel('Account holder name')).toHaveValue('Sam Other');
  await methodDialog.getByLabel('Postal code').fill('');
  await methodDialog.getByRole('button', { name: 'Save payment method' }).click();
  await expect(methodDialog.getByText('Postal code is required')).toBeVisible();
  await expectNoAxeViolations(page, "Add Payment Method's Canadian address");
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNothingPastTheEdge(page);
    await shoot(page, `payment-method-canada-${width}`);
  }
  await methodDialog.getByRole('button', { name: 'Cancel' }).click();

  // The address book asks the same.
  await page.getByRole('button', { name: 'Add address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Add address' });
  await expectCanadianWords(addressDialog);
  await addressDialog.getByLabel('Full name').fill('Cho Ice');
  await addressDialog.getByLabel('Address', { exact: true }).fill('1 Rue Sainte-Catherine');
  await addressDialog.getByLabel('City').fill('Montréal');
  await addressDialog.getByRole('button', { name: 'Save address' }).click();
  await expect(addressDialog.getByText('Province is required')).toBeVisible();
  await expect(addressDialog.getByLabel('Province', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page, "the address book's Canadian address");
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectNothingPastTheEdge(page);
    await shoot(page, `address-book-canada-${width}`);
  }
});
