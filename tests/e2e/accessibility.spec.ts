import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import {
  cardNumberInFrame,
  cartWithTwoReams,
  checkBeforeItCloses,
  CUSTOMER_PASSWORD,
  payOnHostedPage,
  toHostedPage,
  uniqueEmail,
} from './flows';
import { BANK_ACCOUNTS, CARDS, ROUTING_NUMBER, walletSheetCard } from './test-data';

/**
 * Every page and dialog of the store, checked by axe (WCAG 2.1 A and AA, and axe's best practices) in the
 * states a person meets them in. The walk-throughs follow the other specs' flows; each check is soft, so
 * that one run lists every page with a problem, and the test still fails when any has one. The console's
 * walk-throughs are in accessibility-console.spec.ts, on a store of their own.
 */

test.describe('axe finds nothing to fix', () => {
  test('on the storefront, its tabs, the quantity note, the cart and the wallet sheets', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expectNoAxeViolations(page, 'the storefront');

    await page.getByRole('tab', { name: /Paper/ }).click();
    await expect(page.getByRole('heading', { name: 'Premium Copy Paper 500 sheets' })).toBeVisible();
    await expectNoAxeViolations(page, 'the storefront, paper tab');

    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('0');
    await quantity.press('Tab');
    await expect(page.getByRole('status').filter({ hasText: 'so the quantity is 1' })).toBeVisible();
    await expectNoAxeViolations(page, 'the storefront, quantity note');

    // The empty cart, opened from the header.
    await page.getByRole('button', { name: /cart, 0 items/i }).click();
    const cart = page.getByRole('dialog', { name: /cart/i });
    await expect(cart).toBeVisible();
    await expectNoAxeViolations(page, 'the empty cart');
    await cart.getByRole('button', { name: /close/i }).click();

    await cartWithTwoReams(page);
    await expectNoAxeViolations(page, 'the cart with items');

    for (const wallet of ['Google Pay', 'Apple Pay']) {
      await cart.getByRole('button', { name: `Pay with ${wallet}` }).click();
      const sheet = page.getByRole('dialog', { name: wallet });
      await expect(sheet).toBeVisible();
      await expectNoAxeViolations(page, `the ${wallet} sandbox sheet`);
      await sheet.getByRole('button', { name: 'Cancel' }).click();
      await expect(sheet).toBeHidden();
    }

    // An error shown in the cart: a merchant validation the store cannot get keeps the shopper there. (A
    // failed wallet payment shows its error too, but leaves for the result page 2 s later: too short a
    // time to check the cart reliably.)
    await page.route('**/api/validate-merchant', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"status":"error","message":"Merchant validation failed"}',
      }),
    );
    await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await expect(cart.getByRole('alert')).toHaveText('Merchant validation failed');
    await expectNoAxeViolations(page, 'the cart with an error');
    await page.unroute('**/api/validate-merchant');

    // A declined wallet card: the failed result page, the wallet's error in its details.
    await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay' });
    await sheet.getByRole('radio', { name: walletSheetCard('Visa', CARDS.declined) }).check();
    await sheet.getByRole('button', { name: 'Pay $20.98' }).click();
    await expect(page).toHaveURL(/\/payment-complete\?status=failed$/);
    await expect(
      page.getByText('Your card was declined. Try another card or contact your bank.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Google Pay payment failed', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, wallet payment failed');
  });

  test('on the hosted payment page, with errors, and on the result page after paying', async ({ page }) => {
    await cartWithTwoReams(page);
    await toHostedPage(page);
    await expectNoAxeViolations(page, 'the hosted payment page');

    // The brand shown beside the card number, and the page's own checks as the person types.
    await page.getByLabel('Card number').fill(CARDS.visa);
    await expect(page.getByText('VISA').first()).toBeVisible();
    await page.getByLabel(/Expiration/).fill('13/1');
    await page.getByLabel('CVV').focus();
    await expectNoAxeViolations(page, 'the hosted payment page, typing');

    // The server's answer to a form it cannot take (the script is bypassed: it posts as a browser
    // without scripts would).
    await page.getByLabel('Card number').fill('');
    await page.evaluate(() => (document.getElementById('payment-form') as HTMLFormElement).submit());
    await expect(page.getByRole('alert')).toContainText('Please check the card details');
    await expectNoAxeViolations(page, 'the hosted payment page, errors from the server');

    // A payment page that cannot be shown.
    await page.goto('/sandbox/hpp?total=abc');
    await expect(page.getByRole('heading', { name: 'Payment page unavailable' })).toBeVisible();
    await expectNoAxeViolations(page, 'the hosted payment error page');

    // Approved: the success state.
    await cartWithTwoReams(page);
    await toHostedPage(page);
    await payOnHostedPage(page, CARDS.visa, '$20.98');
    await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, success');

    // Declined.
    await cartWithTwoReams(page);
    await toHostedPage(page);
    await payOnHostedPage(page, CARDS.declined, '$20.98');
    await expect(page.getByRole('heading', { name: /payment failed/i })).toBeVisible();
    await expect(page.getByText('Your payment was declined, so nothing was charged.')).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, declined');

    // Cancelled on the hosted page: back in the store, the cart open as it was.
    await cartWithTwoReams(page);
    await toHostedPage(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
    await expectNoAxeViolations(page, 'the cart after a cancelled payment');
  });

  test('on the result page while it verifies, when it cannot, and after Apple Pay in test mode', async ({
    page,
  }) => {
    // Verifying: the verify call held until the check is done.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payment/verify-payment', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"status":"error","message":"Internal Server Error"}',
      });
    });
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('lastPaymentRequestId', '6f1c1d1e-8d2b-4a55-9a43-1f7a1b2c3d4e');
      localStorage.setItem('lastPaymentRequestTime', String(Date.now()));
    });
    await page.goto('/payment-complete');
    await expect(page.getByRole('heading', { name: /processing your payment/i })).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, verifying');
    release();
    await expect(page.getByText('Server returned 500 status code')).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, verification failed');
    await page.unroute('**/api/payment/verify-payment');

    // Nothing to verify.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/payment-complete');
    await expect(page.getByText('No payment information found. Please return to the store.')).toBeVisible();
    await expectNoAxeViolations(page, 'the result page, no payment information');

    // Apple Pay in test mode: the success state with its notice.
    const cart = await cartWithTwoReams(page);
    await cart.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
    await sheet.getByRole('radio', { name: walletSheetCard('Mastercard', CARDS.mastercard) }).check();
    await sheet.getByRole('button', { name: 'Pay $20.98' }).click();
    await expect(page).toHaveURL(/\/payment-complete$/);
    await expect(page.getByRole('note')).toContainText('Test mode');
    await expectNoAxeViolations(page, 'the result page, Apple Pay test mode');
  });

  test('on the customer pages: log in, sign up, My Account and its dialogs', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await expectNoAxeViolations(page, 'the log-in page');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email and password are required');
    await expectNoAxeViolations(page, 'the log-in page, error');

    await page.goto('/register');
    await expectNoAxeViolations(page, 'the sign-up page');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('All fields are required');
    await expectNoAxeViolations(page, 'the sign-up page, error');

    const email = uniqueEmail('axe');
    await page.getByLabel('Full name').fill('Pat Shopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("You don't have any saved payment methods.")).toBeVisible();
    await expectNoAxeViolations(page, 'My Account, no saved methods');

    await page.getByRole('button', { name: /account menu$/ }).click();
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
    await expectNoAxeViolations(page, 'My Account, user menu open');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expectNoAxeViolations(page, 'My Account, editing the profile');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Add a card: the empty dialog, an error, then saved.
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'the Add Payment Method dialog (card)');
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    // The account's name and email are there already (decision 050): the address is what is missing.
    await expect(dialog.getByRole('alert')).toHaveText('Address is required');
    await expectNoAxeViolations(page, 'the Add Payment Method dialog, error');
    await dialog.getByLabel('Account holder name').fill('Pat Shopper');
    await dialog.getByLabel('Address').fill('1 Main St');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('ZIP code').fill('78701');
    await dialog.getByLabel('Email').fill('pat@example.com');
    await cardNumberInFrame(dialog).fill(CARDS.visa);
    await dialog.getByLabel('Expiry month').selectOption('12');
    await dialog.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
    // The dialog closes itself a second after it says the method is added: sooner than a check ends on a busy
    // machine.
    await checkBeforeItCloses(page, {
      act: () => dialog.getByRole('button', { name: 'Save payment method' }).click(),
      shown: dialog.getByText('Payment method added.'),
      check: () => expectNoAxeViolations(page, 'the Add Payment Method dialog, saved'),
    });
    await expect(dialog).toBeHidden();

    // Add a bank account.
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    await dialog.getByLabel('Bank account').check();
    await expectNoAxeViolations(page, 'the Add Payment Method dialog (bank account)');
    await dialog.getByLabel('Account holder name').fill('Pat Shopper');
    await dialog.getByLabel('Address').fill('1 Main St');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('ZIP code').fill('78701');
    await dialog.getByLabel('Email').fill('pat@example.com');
    await dialog.getByLabel('Routing number').fill(ROUTING_NUMBER);
    await dialog.getByLabel('Account number').fill(BANK_ACCOUNTS.checking);
    await dialog.getByLabel('Bank name').fill('First Sandbox Bank');
    await dialog.getByLabel('Account type').selectOption('CHECKING');
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('VISA •••• 1111')).toBeVisible();
    await expect(page.getByText('Checking · First Sandbox Bank •••• 6789')).toBeVisible();
    await expectNoAxeViolations(page, 'My Account with a saved card and bank account');

    // The cart of a customer with saved methods: the choice of a saved method.
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('dialog', { name: /cart/i });
    await expect(cart.getByRole('button', { name: 'Change payment method' })).toBeVisible();
    await expectNoAxeViolations(page, 'the cart with the chosen saved method');
    await cart.getByRole('button', { name: 'Change payment method' }).click();
    await expect(cart.getByRole('radio', { name: /VISA •••• 1111/ })).toBeVisible();
    await expectNoAxeViolations(page, 'the cart with saved payment methods');
  });
});
