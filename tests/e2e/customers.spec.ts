import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  addSavedCard,
  expectClickable,
  expectNothingPastTheEdge,
  registerCustomer,
  signInAsOperator,
  uniqueEmail,
} from './flows';
import { CARDS } from './test-data';

/** A name and an email long enough to have to wrap on a phone. */
const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';
const SEARCH_LABEL = 'Search by Customer ID, name or email';

/** The Customer ID My Account shows (the page must be My Account). */
async function customerIdOnMyAccount(page: Page): Promise<string> {
  const customerId = (
    (await page
      .locator('dt', { hasText: 'Customer ID' })
      .locator('xpath=following-sibling::dd[1]/span[1]')
      .textContent()) ?? ''
  ).trim();
  expect(customerId).toMatch(/^\d{6,9}$/);
  return customerId;
}

/** Adds an address in Austin from My Account (the page must be My Account). */
async function addAustinAddress(page: Page, name: string, street: string) {
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add address' });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Address', { exact: true }).fill(street);
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('Country').selectOption('US');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP code').fill('78701');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
}

async function searchCustomers(page: Page, text: string) {
  await page.getByLabel(SEARCH_LABEL).fill(text);
  const rows = page.getByRole('table', { name: 'Customers' }).getByRole('row');
  // The header row and the one customer found.
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

test('the operator finds a customer by the Customer ID from My Account and by email, and reads their page', async ({
  page,
}) => {
  const email = uniqueEmail('maximiliana.wolfeschlegelsteinhausenberg');
  await registerCustomer(page, LONG_NAME, email);
  await addSavedCard(page, CARDS.visa);
  const customerId = await customerIdOnMyAccount(page);

  await signInAsOperator(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=customers$/);

  const byId = await searchCustomers(page, customerId);
  await expect(byId).toContainText(LONG_NAME);
  await expect(byId).toContainText(email);
  await expectNoAxeViolations(page, 'the Customers tab');

  const byEmail = await searchCustomers(page, email.toUpperCase());
  await expect(byEmail).toContainText(customerId);
  await expect(byEmail.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();

  await byEmail.getByRole('link', { name: LONG_NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Customer ${customerId}` })).toBeVisible();
  await expect(page.getByText(LONG_NAME)).toBeVisible();
  const methods = page.getByRole('region', { name: 'Saved methods' });
  await expect(methods).toContainText('•••• 1111');
  await expect(methods).toContainText('Default');
  await expect(methods).not.toContainText('4111');
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('No orders yet.');
  // No address yet: no phone order, and the page says what is missing.
  await expect(page.getByRole('button', { name: 'New phone order' })).toHaveCount(0);
  await expect(page.getByText('A phone order needs a saved address')).toBeVisible();
  await expectNoAxeViolations(page, 'the customer page');

  // The view is in the audit log, with the Customer ID.
  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const viewed = page.getByRole('row').filter({ hasText: `Customer ID ${customerId}` });
  await expect(viewed.first()).toContainText('View customer');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard?tab=customers');
    await searchCustomers(page, customerId);
    await expectNothingPastTheEdge(page);
    await page.screenshot({ path: test.info().outputPath(`customers-tab-${width}.png`), fullPage: true });

    await page.goto(`/admin/customers/${customerId}`);
    await expect(page.getByRole('region', { name: 'Saved methods' })).toContainText('•••• 1111');
    await expectNothingPastTheEdge(page);
    await page.screenshot({ path: test.info().outputPath(`customer-page-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 900 });
  await expectNothingPastTheEdge(page);
});

test('the operator takes an order by telephone on the customer page, paid with their saved card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('phone-order');
  await registerCustomer(page, 'Phoebe Caller', email);
  await addSavedCard(page, CARDS.visa);
  await addAustinAddress(page, 'Phoebe Caller', '9 Ringing Lane');
  const customerId = await customerIdOnMyAccount(page);

  await signInAsOperator(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  const row = await searchCustomers(page, customerId);
  await row.getByRole('link', { name: 'Phoebe Caller' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Customer ${customerId}` })).toBeVisible();

  await page.getByRole('button', { name: 'New phone order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone order' });
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Charge', exact: true })).toBeDisabled();
  // The default address and the saved card are chosen already.
  await expect(dialog.getByLabel('Deliver to').locator('option:checked')).toContainText('9 Ringing Lane');
  await expect(dialog.getByLabel('Pay with').locator('option:checked')).toContainText('VISA ending 1111');

  // The sandbox declines totals from $1,000 to $1,999.99: the operator reads why, and the form stays.
  const paper = dialog.getByLabel('Premium Copy Paper 500 sheets');
  await paper.fill('100');
  await dialog.getByRole('button', { name: 'Charge $1,048.95' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('Not taken: The issuer refused the payment');
  await expect(refusal).toBeInViewport({ ratio: 0.95 });
  await expect(dialog).toBeVisible();
  await expect(paper).toHaveValue('100');
  await page.screenshot({ path: test.info().outputPath('phone-order-declined-1280.png') });

  await paper.fill('2');
  await expect(refusal).toBeHidden();
  await expect(dialog.getByText('$19.98', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('$1.00', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the New phone order dialog');
  // The keyboard reaches the charge button from the quantity.
  await paper.focus();
  const charge = dialog.getByRole('button', { name: 'Charge $20.98' });
  for (let step = 0; step < 10; step += 1) {
    if (await charge.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(charge).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  const notice = page
    .getByRole('status')
    .filter({ hasText: /Order PH-[0-9A-Z]+ authorized: it awaits capture/ });
  await expect(notice).toBeVisible();
  const orderLink = notice.getByRole('link', { name: /^Open order PH-/ });
  const orderId = ((await orderLink.textContent()) ?? '').replace('Open order ', '').trim();
  expect(orderId).toMatch(/^PH-[0-9A-Z]+$/);
  // The customer's orders list it at once.
  await expect(
    page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: orderId }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-order-taken-1280.png'), fullPage: true });

  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(page.getByText('Payment authorized', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('$20.98');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('1111');
  // Their Customer ID leads back to their page: their other orders, and another phone order.
  await page
    .getByRole('region', { name: 'Customer' })
    .getByRole('link', { name: new RegExp(`^Customer ID ${customerId}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(
    page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: orderId }),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();

  // The customer's confirmation is in the outbox.
  await page.getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('tab', { name: 'Sent emails' }).click();
  const mail = page.getByRole('list', { name: 'Emails' }).getByRole('button').filter({ hasText: orderId });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`To ${email}`);
  await expect(mail).toContainText('Order confirmation');

  // The dialog fits a phone and a desktop, every control reachable.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/customers/${customerId}`);
    await page.getByRole('button', { name: 'New phone order' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Premium Copy Paper 500 sheets').fill('2');
    await expectNothingPastTheEdge(page);
    await expectClickable(dialog.getByRole('button', { name: 'Charge $20.98' }));
    await expectNoAxeViolations(page, `the New phone order dialog at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`phone-order-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('a caller who removes the chosen card during the call: the form asks for another, which pays', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerCustomer(customer, 'Rhoda Remover', uniqueEmail('phone-removed'));
  await addSavedCard(customer, CARDS.visa);
  await addSavedCard(customer, CARDS.mastercard);
  await addAustinAddress(customer, 'Rhoda Remover', '4 Quiet Street');
  const customerId = await customerIdOnMyAccount(customer);

  // The operator, in a browser of their own, has the order ready with the Mastercard chosen.
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  await operator.goto(`/admin/customers/${customerId}`);
  await operator.getByRole('button', { name: 'New phone order' }).click();
  const dialog = operator.getByRole('dialog', { name: 'New phone order' });
  await dialog.getByLabel('Premium Copy Paper 500 sheets').fill('2');
  const payWith = dialog.getByLabel('Pay with');
  await payWith.selectOption({
    label: (await payWith.locator('option', { hasText: 'MASTERCARD' }).textContent())!,
  });

  // The caller removes that card in My Account meanwhile.
  await customer.getByRole('button', { name: 'Remove MASTERCARD •••• 5454' }).click();
  await expect(customer.getByText('MASTERCARD •••• 5454')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Charge $20.98' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not taken: Payment method not found');
  // The card is gone from the list, and nothing is chosen in its place: charging waits for a choice.
  await expect(payWith.locator('option', { hasText: 'MASTERCARD' })).toHaveCount(0);
  await expect(payWith.locator('option:checked')).toHaveText('Choose how the customer pays');
  await expect(dialog.getByRole('button', { name: /^Charge/ })).toBeDisabled();
  await operator.screenshot({ path: test.info().outputPath('phone-order-method-removed-1280.png') });

  await payWith.selectOption({
    label: (await payWith.locator('option', { hasText: 'VISA' }).textContent())!,
  });
  await dialog.getByRole('button', { name: 'Charge $20.98' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    operator.getByRole('status').filter({ hasText: /Order PH-[0-9A-Z]+ authorized: it awaits capture/ }),
  ).toBeVisible();
  await operatorContext.close();
});

test('an unknown Customer ID says so', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/customers/999999999');
  await expect(page.getByRole('alert')).toHaveText('Customer not found');
});
