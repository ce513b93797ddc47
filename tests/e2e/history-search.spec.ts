import { expect, test, type Page } from './fixtures';
import {
  cartWithTwoReams,
  DELIVERY,
  expectNothingPastTheEdge,
  fillDelivery,
  payOnHostedPage,
  signInAsOperator,
  uniqueEmail,
} from './flows';
import { CARDS } from './test-data';

const SEARCH_LABEL = 'Search by order ID, name, email, Customer ID, last 4 or amount';

/** A surname no other order of the shared store carries: Q and seven random letters. */
function uniqueSurname(): string {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `Q${letters.join('')}`;
}

/** Today in the browser's time zone (YYYY-MM-DD), as the console's date inputs take it. */
function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Date().toLocaleDateString('en-CA'));
}

async function openHistory(page: Page) {
  await page.getByRole('tab', { name: /Transaction History/ }).click();
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
}

test('the operator finds a shopper’s order by email, by name and by last 4 on the day, and opens it', async ({
  page,
}) => {
  // A guest pays for two reams on the payment page with the less common 2-series Mastercard (last 4: 3222).
  const email = uniqueEmail('history-search');
  const surname = uniqueSurname();
  const cart = await cartWithTwoReams(page);
  await fillDelivery(page, { ...DELIVERY, email, name: `Hedy ${surname}` });
  await cart.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const orderId = new URL(page.url()).searchParams.get('invoice') ?? '';
  expect(orderId).toMatch(/^CC-[0-9A-Z]{12}$/);
  await payOnHostedPage(page, CARDS.mastercard2Series, '$20.98');
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();

  await signInAsOperator(page);
  await openHistory(page);
  const search = page.getByLabel(SEARCH_LABEL);
  const rows = page.getByRole('table', { name: 'Transactions' }).locator('tbody').getByRole('row');
  const mine = rows.filter({ hasText: orderId });

  // By the email the shopper gave, whatever its case: that order alone.
  await search.fill(email.toUpperCase());
  await expect(mine).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  await expect(mine).toContainText(`Ship to Hedy ${surname}`);

  // By the start of the name on the delivery.
  await search.fill(surname.slice(0, 6).toLowerCase());
  await expect(mine).toHaveCount(1);
  await expect(rows).toHaveCount(1);

  // By last 4, paid on the payment page, today: every row is such a payment, this order among them.
  const today = await browserToday(page);
  await search.fill('3222');
  await page.getByLabel('Paid with').selectOption({ label: 'Card (payment page)' });
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(mine).toHaveCount(1);
  const shown = await rows.count();
  for (let index = 0; index < shown; index += 1) await expect(rows.nth(index)).toContainText('3222');
  // The export holds what the list shows.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    new RegExp(
      `^/api/admin/transactions\\.csv\\?search=3222&channel=card&from=${today}&to=${today}&timeZone=`,
    ),
  );

  // The search and the filters stay while the operator looks at another tab.
  await page.getByRole('tab', { name: /Pending Payments/ }).click();
  await openHistory(page);
  await expect(search).toHaveValue('3222');
  await expect(page.getByLabel('Paid with')).toHaveValue('card');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
  await expect(mine).toHaveCount(1);

  // Clear filters clears every one of them.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByLabel('Status')).toHaveValue('all');
  await expect(page.getByLabel('Paid with')).toHaveValue('all');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeHidden();

  // Nothing found says what to try.
  await search.fill(`${surname}zz`);
  await expect(page.getByText('No transactions match')).toBeVisible();
  await expect(page.getByText(/Try the start of a name or an email/)).toBeVisible();

  // The order id opens the order's page.
  await search.fill(email);
  await expect(rows).toHaveCount(1);
  await mine.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
});

test('the operator finds a declined payment under Failed, reads why, and opens its order', async ({
  page,
}) => {
  // A guest's card is declined on the payment page.
  const email = uniqueEmail('failed-attempt');
  const surname = uniqueSurname();
  const cart = await cartWithTwoReams(page);
  await fillDelivery(page, { ...DELIVERY, email, name: `Ida ${surname}` });
  await cart.getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  const orderId = new URL(page.url()).searchParams.get('invoice') ?? '';
  expect(orderId).toMatch(/^CC-[0-9A-Z]{12}$/);
  await payOnHostedPage(page, CARDS.declined, '$20.98');
  await expect(page.getByText('Your payment was declined, so nothing was charged.')).toBeVisible();

  await signInAsOperator(page);
  // The history may hold no payment yet: its search box, not its table, says it is open.
  await page.getByRole('tab', { name: /Transaction History/ }).click();
  // Not a transaction: the money history does not list it.
  await page.getByLabel(SEARCH_LABEL).fill(email);
  await expect(page.getByText(/^No transactions (match|yet)$/)).toBeVisible();

  await page.getByLabel('Status').selectOption({ label: 'Failed attempts' });
  const failed = page.getByRole('table', { name: 'Failed payment attempts' });
  const rows = failed.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(orderId);
  await expect(row).toContainText('$20.98');
  // The gateway named the declined card's last 4: what the shopper on the phone knows it by.
  await expect(row).toContainText('Card (payment page) •••• 1038');
  await expect(row).toContainText('Declined');
  await expect(row).toContainText('The issuer refused the payment without giving a reason.');
  await expect(row).toContainText('Retry later');
  // Nothing was charged: no money action on it.
  await expect(row.getByRole('button')).toHaveCount(0);

  // Nothing past the edge of a laptop's or a phone's screen.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toBeVisible();
    await expectNothingPastTheEdge(page);
    const box = (await row.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`failed-attempts-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The order id opens the order's page, whose timeline says the payment was declined.
  await row.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByText('Payment declined')).toBeVisible();
  await expect(page.getByText(/^Card •••• 1038: The issuer refused the payment/)).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the search box and every filter fit, and each can be reached by keyboard', async ({ page }) => {
    await signInAsOperator(page);
    await openHistory(page);
    const controls = [
      page.getByLabel(SEARCH_LABEL),
      page.getByLabel('Status'),
      page.getByLabel('Paid with'),
      page.getByLabel('From', { exact: true }),
      page.getByLabel('To', { exact: true }),
    ];
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNothingPastTheEdge(page);

    // Tab goes from the search box through each filter in turn.
    await controls[0]!.focus();
    await page.keyboard.press('Tab');
    await expect(controls[1]!).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(controls[2]!).toBeFocused();
    await page.keyboard.press('Tab');
    // A date input's first part (the month, in en-US) takes the focus.
    await expect(controls[3]!).toBeFocused();
  });
});
