import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  expectClickable,
  expectNothingPastTheEdge,
  payOnHostedPage,
  registerCustomer,
  signInAsOperator,
  uniqueEmail,
} from './flows';
import { CARDS } from './test-data';

/** A payer's name long enough to have to wrap on a phone. */
const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';

/** The value shown beside a label of the payment result. */
function detail(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/**
 * From the Customers tab, a payment link for two reams to a caller who is not a customer; answers the link's
 * address as the dialog shows it. The dialog is left open on its outcome.
 */
async function sendLinkToCaller(console: Page, payer: { name: string; email: string }) {
  await console.getByRole('tab', { name: 'Customers' }).click();
  await console.getByRole('button', { name: 'New payment link' }).click();
  const dialog = console.getByRole('dialog', { name: 'New payment link' });
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Send link', exact: true })).toBeDisabled();
  await dialog.getByLabel('Premium Copy Paper 500 sheets').fill('2');
  await expect(dialog.getByText('$19.98', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('$1.00', { exact: true })).toBeVisible();

  // Nothing typed yet: the cart's first rule, under its field, and the keyboard there.
  const send = dialog.getByRole('button', { name: 'Send link for $20.98' });
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Email is required');
  await expect(dialog.getByLabel('Email')).toBeFocused();

  await dialog.getByLabel('Email').fill(payer.email);
  await dialog.getByLabel('Full name').fill(payer.name);
  await dialog.getByLabel('Address', { exact: true }).fill('12 Paper Lane');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP code').fill('78701');
  await send.click();

  await expect(dialog.getByRole('status').filter({ hasText: 'Payment link ready' })).toBeVisible();
  // No mail server is set for this store: the dialog does not claim an email went out.
  await expect(dialog).toContainText(`No mail server is set, so no email will be sent to ${payer.email}`);
  await expect(dialog).not.toContainText('was sent');
  const url = ((await dialog.getByText(/\/pay\/[\w-]+$/).textContent()) ?? '').trim();
  return { dialog, url };
}

test('an operator sends a payment link to a caller who is not a customer, who pays it as a guest', async ({
  page: payer,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('link-payer');
  const name = 'Pat Linkpayer';

  // The operator, in a browser of their own.
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await operatorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const console = await operatorContext.newPage();
  await signInAsOperator(console);
  const { dialog, url } = await sendLinkToCaller(console, { name, email });
  expect(url).toMatch(new RegExp(`^${baseURL}/pay/[\\w-]{20,}$`));
  await expectNoAxeViolations(console, 'the New payment link dialog, sent');
  await console.screenshot({ path: test.info().outputPath('payment-link-sent-1280.png') });

  // Copy link puts the address on the clipboard.
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await console.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The Customers tab lists it, awaiting payment.
  const links = console.getByRole('list', { name: 'Payment links' });
  const item = links.getByRole('listitem').filter({ hasText: email });
  await expect(item).toContainText('Awaiting payment');
  await expect(item).toContainText('$20.98');
  await expect(item).toContainText(name);
  await expect(item).toContainText('by operator');
  await expect(item).toContainText('Expires');

  // The link's email is in the outbox, with the link in it.
  await console.getByRole('tab', { name: 'Sent emails' }).click();
  const mail = console.getByRole('list', { name: 'Emails' }).getByRole('button').filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`To ${email}`);
  await expect(mail).toContainText('Payment link');
  await mail.click();
  const view = console.getByRole('article').filter({ hasText: email });
  await view.getByRole('button', { name: 'Plain text' }).click();
  await expect(view.locator('pre')).toContainText(`Pay here: ${url}`);

  // The payer opens the link in a browser that has never seen the store.
  await payer.goto(url);
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment for your order' })).toBeVisible();
  await expect(payer.getByText(`Prepared for ${name}`)).toBeVisible();
  const items = payer.getByRole('table', { name: 'Items in your order' });
  await expect(items.getByRole('row', { name: /Premium Copy Paper 500 sheets/ })).toContainText('2 × $9.99');
  await expect(items.getByRole('row', { name: /Subtotal/ })).toContainText('$19.98');
  await expect(items.getByRole('row', { name: /Total/ }).last()).toContainText('$20.98');
  await expect(payer.getByRole('region', { name: 'Delivery' })).toContainText('12 Paper Lane');
  await expect(payer.getByText(/^This link expires on /)).toBeVisible();
  await expect(payer.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expectNoAxeViolations(payer, 'the payment link page');
  for (const width of [375, 1280]) {
    await payer.setViewportSize({ width, height: 900 });
    await expectNothingPastTheEdge(payer);
    await expectClickable(payer.getByRole('button', { name: 'Pay $20.98' }));
    // From the top: a whole-page picture taken scrolled shows the sticky header half-way down.
    await payer.evaluate(() => window.scrollTo(0, 0));
    await payer.screenshot({
      path: test.info().outputPath(`payment-link-page-${width}.png`),
      fullPage: true,
    });
  }

  await payer.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(payer).toHaveURL(/\/sandbox\/hpp\?/);
  const invoice = new URL(payer.url()).searchParams.get('invoice') ?? '';
  expect(invoice).toMatch(/^PL-[0-9A-Z]{12}$/);
  await payOnHostedPage(payer, CARDS.visa, '$20.98');
  await expect(payer.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  await expect(detail(payer, 'Order ID')).toHaveText(invoice);
  await expect(detail(payer, 'Amount paid')).toHaveText('$20.98');

  // Opened again, the link is paid, leads to the receipt, and offers no payment.
  await payer.goto(url);
  await expect(payer.getByText('This order has been paid')).toBeVisible();
  await expect(payer.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectNoAxeViolations(payer, 'the payment link page, paid');
  await payer.getByRole('link', { name: 'View your receipt' }).click();
  await expect(payer.getByRole('heading', { level: 1, name: `Receipt for order ${invoice}` })).toBeVisible();

  // The console: the order awaits capture, and the link is paid, with its order.
  await console.getByRole('tab', { name: /Pending Payments/ }).click();
  const row = console.getByRole('table', { name: 'Payments awaiting capture' }).getByRole('row', {
    name: new RegExp(invoice),
  });
  await expect(row).toContainText('$20.98');
  await console.getByRole('tab', { name: 'Customers' }).click();
  await expect(item).toContainText('Paid');
  await expect(item.getByRole('link', { name: invoice })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Cancel link/ })).toHaveCount(0);
  await operatorContext.close();
});

test('an operator cancels a link: its page says so and offers no payment', async ({
  page: payer,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cancelled-link');
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const console = await operatorContext.newPage();
  await signInAsOperator(console);
  const { dialog, url } = await sendLinkToCaller(console, { name: LONG_NAME, email });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const item = console.getByRole('list', { name: 'Payment links' }).getByRole('listitem').filter({
    hasText: email,
  });
  await expect(item).toContainText('Awaiting payment');
  // The payer has the page open while the operator cancels.
  await payer.goto(url);
  const pay = payer.getByRole('button', { name: 'Pay $20.98' });
  await expect(pay).toBeVisible();
  await item.getByRole('button', { name: /^Cancel link/ }).click();
  const confirm = console.getByRole('dialog', { name: 'Cancel the payment link' });
  await expect(confirm.getByRole('button', { name: 'Keep link' })).toBeFocused();
  await expect(confirm).toContainText('$20.98');
  await expectNoAxeViolations(console, 'the Cancel the payment link dialog');
  await confirm.getByRole('button', { name: 'Cancel link' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    console.getByRole('status').filter({ hasText: /cancelled: it can no longer be paid/ }),
  ).toBeVisible();
  await expect(item).toContainText('Cancelled');
  await expect(item).toContainText('by operator');
  await expect(item.getByRole('button', { name: /^Cancel link/ })).toHaveCount(0);
  // Nothing to send any more: a cancelled link is not offered to copy.
  await expect(item.getByRole('button', { name: /^Copy link/ })).toHaveCount(0);

  // Pay, pressed on the page opened before: refused with the reason, and the button goes.
  await pay.click();
  await expect(payer.getByRole('alert')).toHaveText(
    'This payment link was cancelled. Please contact the store for a new one.',
  );
  await expect(pay).toHaveCount(0);
  await expect(payer).toHaveURL(url);

  // Opened again, it says so at once.
  await payer.goto(url);
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment for your order' })).toBeVisible();
  await expect(
    payer.getByText('This payment link was cancelled. Please contact the store for a new one.'),
  ).toBeVisible();
  await expect(payer.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectNoAxeViolations(payer, 'the payment link page, cancelled');

  // A link that names nothing says so.
  await payer.goto('/pay/no-such-link-0123456789');
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment link not found' })).toBeVisible();
  await operatorContext.close();
});

test('an operator cancels a link whose payer is at the payment page: what they pay there is voided', async ({
  page: payer,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('paying-link');
  const operatorContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const console = await operatorContext.newPage();
  await signInAsOperator(console);
  const { dialog, url } = await sendLinkToCaller(console, { name: 'Pat Slowpayer', email });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The payer presses Pay and is at the hosted page.
  await payer.goto(url);
  await payer.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(payer).toHaveURL(/\/sandbox\/hpp\?/);

  // The console says why the link reads so, and still offers to cancel it.
  await console.reload();
  await console.getByRole('tab', { name: 'Customers' }).click();
  const item = console.getByRole('list', { name: 'Payment links' }).getByRole('listitem').filter({
    hasText: email,
  });
  await expect(item).toContainText('Being paid');
  await expect(item).toContainText('The payer pressed Pay and is at the payment page');
  await item.getByRole('button', { name: /^Cancel link/ }).click();
  const confirm = console.getByRole('dialog', { name: 'Cancel the payment link' });
  await expect(confirm).toContainText('if they pay after you cancel, the payment is voided at once');
  await expectNoAxeViolations(console, 'the Cancel the payment link dialog, link being paid');
  await confirm.getByRole('button', { name: 'Cancel link' }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toContainText('Cancelled');

  // The payer pays on the page they had open: they are told they were not charged, and nothing is paid.
  await payOnHostedPage(payer, CARDS.visa, '$20.98');
  await expect(payer.getByRole('heading', { name: /payment successful/i })).toHaveCount(0);
  await expect(payer.getByText(/not charged/i).first()).toBeVisible();
  await console.reload();
  await console.getByRole('tab', { name: 'Customers' }).click();
  await expect(item).toContainText('Cancelled');
  await operatorContext.close();
});

test('the console’s payment links fit a phone, a tablet and a desktop, with long names', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('maximiliana.wolfeschlegelsteinhausenberg');
  await signInAsOperator(page);
  const { dialog } = await sendLinkToCaller(page, { name: LONG_NAME, email });
  await dialog.getByRole('button', { name: 'Done' }).click();

  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard?tab=customers');
    const item = page.getByRole('list', { name: 'Payment links' }).getByRole('listitem').filter({
      hasText: email,
    });
    await expect(item).toContainText(LONG_NAME);
    await expectNothingPastTheEdge(page);
    await expectClickable(item.getByRole('button', { name: /^Cancel link/ }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: test.info().outputPath(`payment-links-list-${width}.png`),
      fullPage: true,
    });

    await page.getByRole('button', { name: 'New payment link' }).click();
    const form = page.getByRole('dialog', { name: 'New payment link' });
    await form.getByLabel('Premium Copy Paper 500 sheets').fill('2');
    await form.getByLabel('Full name').fill(LONG_NAME);
    await expectNothingPastTheEdge(page);
    await expectClickable(form.getByRole('button', { name: 'Send link for $20.98' }));
    await expectNoAxeViolations(page, `the New payment link dialog at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`payment-link-dialog-${width}.png`) });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  }
});

test('a customer without a saved method or an address gets a link from their page, at their account’s email', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('link-customer');
  await registerCustomer(page, LONG_NAME, email);
  const customerId = (
    (await page
      .locator('dt', { hasText: 'Customer ID' })
      .locator('xpath=following-sibling::dd[1]/span[1]')
      .textContent()) ?? ''
  ).trim();
  expect(customerId).toMatch(/^\d{6,9}$/);

  await signInAsOperator(page);
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Customer ${customerId}` })).toBeVisible();
  // No phone order without a saved method and an address; a payment link needs neither.
  await expect(page.getByRole('button', { name: 'New phone order' })).toHaveCount(0);
  const links = page.getByRole('region', { name: 'Payment links' });
  await expect(links).toContainText('No payment links yet');
  await page.getByRole('button', { name: 'Send payment link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment link' });
  await expect(dialog).toContainText(`Customer ${customerId}`);
  await expect(dialog).toContainText(`The link is emailed to ${email}`);
  // Their email is their account's: only the address is typed.
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  await dialog.getByLabel('Premium Ballpoint Pen Pack').fill('1');
  await dialog.getByLabel('Full name').fill(LONG_NAME);
  await dialog.getByLabel('Address', { exact: true }).fill('1 Long Name Road');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('ZIP code').fill('78701');
  await dialog.getByRole('button', { name: 'Send link for $15.74' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('State is required');
  await expect(dialog.getByLabel('State')).toBeFocused();
  await dialog.getByLabel('State').fill('TX');
  await expectNoAxeViolations(page, 'the Send payment link dialog');
  await dialog.getByRole('button', { name: 'Send link for $15.74' }).click();
  await expect(dialog).toContainText(`no email will be sent to ${email}`);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Done' }).click();

  const item = links.getByRole('listitem').filter({ hasText: '$15.74' });
  await expect(item).toContainText('Awaiting payment');
  await expect(item).toContainText(email);
  await expectNoAxeViolations(page, 'the customer page with a payment link');
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingPastTheEdge(page);
    await expectClickable(item.getByRole('button', { name: /^Cancel link/ }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`customer-links-${width}.png`), fullPage: true });
  }
});
