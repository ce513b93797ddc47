import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { addSavedCard, registerCustomer, signInAsOperator, uniqueEmail } from './flows';
import { CARDS } from './test-data';

/** A name and an email long enough to have to wrap on a phone. */
const LONG_NAME = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh';
const SEARCH_LABEL = 'Search by Customer ID, name or email';

/**
 * Nothing on the page reaches past the window's right edge (a control there cannot be reached), and the page
 * does not scroll sideways. A table's header row read only by screen readers on cards (clipped to nothing,
 * `clip-path: inset(50%)`) is not on the screen at all.
 */
async function expectNothingPastTheEdge(page: Page) {
  const past = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const hidden = element.closest('thead');
        return !hidden || getComputedStyle(hidden).clipPath === 'none';
      })
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(past).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
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
  const customerId = (
    (await page
      .locator('dt', { hasText: 'Customer ID' })
      .locator('xpath=following-sibling::dd[1]/span[1]')
      .textContent()) ?? ''
  ).trim();
  expect(customerId).toMatch(/^\d{6,9}$/);

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

test('an unknown Customer ID says so', async ({ page }) => {
  await signInAsOperator(page);
  await page.goto('/admin/customers/999999999');
  await expect(page.getByRole('alert')).toHaveText('Customer not found');
});
