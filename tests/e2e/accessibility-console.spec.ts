import { expectNoAxeViolations } from './axe';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import {
  cartWithTwoReams,
  checkBeforeItCloses,
  CUSTOMER_PASSWORD,
  guestPayment,
  OPERATOR,
  signInAsOperator,
  toHostedPage,
  uniqueEmail,
} from './flows';

/**
 * The console, checked by axe as accessibility.spec.ts checks the rest of the store (WCAG 2.1 A and AA,
 * and axe's best practices; each check soft), with the phone walk-through that ends in it. These run on a
 * store of their own (playwright.config.ts): they capture every payment awaiting capture and settle the
 * batch, and expect their own payments in Pending Payments, so no other spec's payments may be there.
 */

/** A guest's authorized payment, made through the API and the hosted form. */
function guestPaymentOf(
  request: APIRequestContext,
  baseURL: string,
  order: 'one pen pack' | 'one ream' | 'two reams',
): Promise<string> {
  // The store charges what the items cost, tax included.
  const { items, amount } = {
    'one pen pack': { items: [{ productId: 'pen-pack-100', quantity: 1 }], amount: 15.74 },
    'one ream': { items: [{ productId: 'paper-ream-500', quantity: 1 }], amount: 10.49 },
    'two reams': { items: [{ productId: 'paper-ream-500', quantity: 2 }], amount: 20.98 },
  }[order];
  return guestPayment(request, baseURL, items, amount);
}

function rowOf(page: Page, orderId: string) {
  return page
    .getByRole('row')
    .filter({ hasText: orderId })
    .filter({ hasNotText: /Refund to card|Scheduled: runs after|Charge cancelled/ });
}

test.describe('axe finds nothing to fix', () => {
  test('on the admin sign-in and every tab and dialog of the console', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const first = await guestPaymentOf(request, baseURL!, 'one pen pack');
    const second = await guestPaymentOf(request, baseURL!, 'two reams');
    await guestPaymentOf(request, baseURL!, 'one ream');

    await page.goto('/admin');
    await expectNoAxeViolations(page, 'the admin sign-in');
    await page.getByLabel('Username').fill(OPERATOR.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expectNoAxeViolations(page, 'the admin sign-in, error');

    await signInAsOperator(page);
    await expect(rowOf(page, first)).toContainText('$15.74');
    await expectNoAxeViolations(page, 'Pending Payments');

    await rowOf(page, first).getByRole('button', { name: 'Partial capture' }).click();
    const partial = page.getByRole('dialog', { name: 'Partial capture' });
    await expectNoAxeViolations(page, 'the Partial capture dialog');
    await partial.getByLabel('Amount to capture').fill('99');
    await expect(partial.getByRole('button', { name: /^Capture/ })).toBeDisabled();
    await expectNoAxeViolations(page, 'the Partial capture dialog, amount too large');
    await partial.getByRole('button', { name: 'Cancel' }).click();
    await expect(partial).toBeHidden();

    await rowOf(page, first).getByRole('button', { name: 'Void' }).click();
    const voiding = page.getByRole('dialog', { name: 'Void payment' });
    await expectNoAxeViolations(page, 'the Void payment dialog');
    await voiding.getByRole('button', { name: 'Keep payment' }).click();
    await expect(voiding).toBeHidden();

    await page.getByRole('button', { name: 'Capture All' }).click();
    const captureAll = page.getByRole('dialog', { name: 'Capture all payments' });
    await expectNoAxeViolations(page, 'the Capture all payments dialog');
    await captureAll.getByRole('button', { name: /^Capture \d+ payments?$/ }).click();
    await expectNoAxeViolations(page, 'the Capture all payments dialog, done');
    await captureAll
      .getByRole('button', { name: /close|done/i })
      .first()
      .click();
    await expect(captureAll).toBeHidden();
    await expectNoAxeViolations(page, 'Pending Payments, after capturing');

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await expect(rowOf(page, second)).toContainText('Captured');
    await expectNoAxeViolations(page, 'Transaction History');

    await rowOf(page, second).getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    await expectNoAxeViolations(page, 'the Refund payment dialog');
    await refund.getByLabel('Refund amount').fill('99');
    await expect(refund.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, 'the Refund payment dialog, amount too large');
    await refund.getByLabel('Refund amount').fill('5');
    // The dialog closes itself 3 s after it answers.
    await checkBeforeItCloses(page, {
      act: () => refund.getByRole('button', { name: 'Refund $5.00' }).click(),
      shown: refund.getByText("Scheduled: runs after tonight's settlement"),
      check: () => expectNoAxeViolations(page, 'the Refund payment dialog, scheduled'),
    });
    await expect(refund).toBeHidden();

    await rowOf(page, first).getByRole('button', { name: 'Cancel charge' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the charge' });
    await expectNoAxeViolations(page, 'the Cancel the charge dialog');
    await cancel.getByRole('button', { name: 'Cancel charge', exact: true }).click();
    await expect(cancel).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Charge of $15.74 cancelled' })).toBeVisible();
    await expectNoAxeViolations(page, 'Transaction History, with a notice');

    await page.getByRole('button', { name: 'Settle now (sandbox)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sandbox batch closed' })).toBeVisible();
    await expectNoAxeViolations(page, 'Transaction History, after settlement');

    await page.getByLabel('Search by order ID').fill('no-such-order');
    await expect(page.getByText('No transactions match')).toBeVisible();
    await expectNoAxeViolations(page, 'Transaction History, nothing matches');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page, 'the Audit Log');
  });
});

test.describe('axe finds nothing to fix on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('on the storefront, the cart, the hosted page, the customer pages and the console', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expectNoAxeViolations(page, 'the storefront at 375 px');
    const cart = await cartWithTwoReams(page);
    await expectNoAxeViolations(page, 'the cart at 375 px');
    await cart.getByRole('button', { name: 'Pay with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay' });
    await expect(sheet).toBeVisible();
    await expectNoAxeViolations(page, 'the Google Pay sandbox sheet at 375 px');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await toHostedPage(page);
    await expectNoAxeViolations(page, 'the hosted payment page at 375 px');
    await page.evaluate(() => (document.getElementById('payment-form') as HTMLFormElement).submit());
    await expect(page.getByRole('alert')).toContainText('Please check the card details');
    await expectNoAxeViolations(page, 'the hosted payment page, errors, at 375 px');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
    await expectNoAxeViolations(page, 'the cart after a cancelled payment at 375 px');

    // The customer pages: the phone header's account links, My Account and its dialog.
    await page.goto('/login');
    await expectNoAxeViolations(page, 'the log-in page at 375 px');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Sam Small');
    await page.getByLabel('Email').fill(uniqueEmail('axe-phone'));
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expectNoAxeViolations(page, 'My Account at 375 px');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Payment Method' })).toBeVisible();
    await expectNoAxeViolations(page, 'the Add Payment Method dialog at 375 px');
    await page.keyboard.press('Escape');

    const orderId = await guestPaymentOf(request, baseURL!, 'one pen pack');
    await page.goto('/admin');
    await expectNoAxeViolations(page, 'the admin sign-in at 375 px');
    await signInAsOperator(page);
    await expect(rowOf(page, orderId)).toBeVisible();
    await expectNoAxeViolations(page, 'Pending Payments at 375 px');
    await rowOf(page, orderId).getByRole('button', { name: 'Partial capture' }).click();
    await expect(page.getByRole('dialog', { name: 'Partial capture' })).toBeVisible();
    await expectNoAxeViolations(page, 'the Partial capture dialog at 375 px');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    await expect(rowOf(page, orderId)).toBeVisible();
    await expectNoAxeViolations(page, 'Transaction History at 375 px');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, 'the Audit Log at 375 px');
  });
});
