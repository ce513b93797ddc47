import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page } from './fixtures';
import { expectClickable, expectNothingPastTheEdge, guestPayment, signInAsOperator } from './flows';

/**
 * The money after settlement (decision 036), as the operator follows it in the console: a card sale whose
 * captured amount ends in .66 settled in a batch closed as of 3 days ago (the sandbox charges it back 3 days
 * after settlement, so today), then another sale in a batch closed as of yesterday: today's deposit holds that
 * sale with its fees and the chargeback, each matched to its order; the chargeback is on its order, in
 * Disputes, and in the refund dialog's warning. "As of N days ago" moves only the batch it closes.
 */

const UTC_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A UTC calendar day as the Deposits view writes it: "Tue, Jan 6, 2026". */
function depositDayText(daysAgo: number): string {
  return UTC_DAY.format(new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000));
}

function rowOf(scope: Page | Locator, text: string) {
  return scope.getByRole('row').filter({ hasText: text });
}

/** Closes the sandbox batch from Transaction History, as of `label` ("Yesterday", "2 days ago"). */
async function settleAsOf(page: Page, label: string, button: string) {
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await page.getByLabel('Close the sandbox batch as of').selectOption({ label });
  await page.getByRole('button', { name: button }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Sandbox batch closed' });
  await expect(notice).toContainText(/payments? settled/);
  return notice;
}

let disputedOrder = '';

test('an operator settles two batches, sees the deposit matched with its fees, and the chargeback on its order, in Disputes and in the refund', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pens = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  const paper = await guestPayment(request, baseURL!, [{ productId: 'paper-ream-500', quantity: 2 }], 20.98);
  disputedOrder = pens;
  await signInAsOperator(page);

  // $12.66 of the pen order's $15.74 (a capture the sandbox will charge back), settled as of 3 days ago.
  await rowOf(page, pens).getByRole('button', { name: 'Partial capture' }).click();
  const partial = page.getByRole('dialog', { name: 'Partial capture' });
  await partial.getByLabel('Amount to capture').fill('12.66');
  await partial.getByRole('button', { name: 'Capture $12.66' }).click();
  await expect(partial).toBeHidden();
  const longAgo = await settleAsOf(page, '3 days ago', 'Settle as of 3 days ago (sandbox)');
  await expect(longAgo).toContainText(/^Sandbox batch closed as of 3 days ago: \d+ payments? settled/);

  // The paper order in full, in a batch closed as of yesterday: its deposit is today's.
  await page.getByRole('tab', { name: 'Pending Payments' }).click();
  await rowOf(page, paper).getByRole('button', { name: 'Capture', exact: true }).click();
  await expect(rowOf(page, paper)).toHaveCount(0);
  const settled = await settleAsOf(page, 'Yesterday', 'Settle as of yesterday (sandbox)');
  // Other tests on this store may have left captures of their own: they settle in the same batch.
  await expect(settled).toContainText(/^Sandbox batch closed as of 1 day ago: \d+ payments? settled/);
  await expect(settled).toContainText(`Its deposit is under ${depositDayText(0)} in Deposits.`);

  // Deposits: today's day, matched, with what it expected and what came off it.
  await page.getByRole('tab', { name: 'Deposits' }).click();
  const days = page.getByRole('table', { name: 'Deposit days' });
  const today = rowOf(days, depositDayText(0));
  await expect(today).toContainText('Matched');
  await expect(today.locator('td[data-label="Fees"]')).toHaveText(/^−\$\d+\.\d{2}$/);
  await expect(today.locator('td[data-label="Expected"]')).toContainText(/\d+ captures?/);
  await expectNoAxeViolations(page, 'the Deposits tab');

  await today.getByRole('button', { name: `View lines for ${depositDayText(0)}` }).click();
  await expect(page.getByRole('heading', { name: `Deposit of ${depositDayText(0)}` })).toBeVisible();
  const deposit = page.getByRole('region', { name: 'Deposits of the day' });
  await expect(deposit).toContainText(/Interchange fees−\$\d+\.\d{2}/);
  await expect(deposit).toContainText(/Service charges−\$\d+\.\d{2}/);
  const lines = page.getByRole('table', { name: `Lines of the deposit of ${depositDayText(0)}` });
  // VISA's fees on a sale: 1.80% + $0.10 ($0.48 on $20.98); the pen order's chargeback taken off.
  const sale = rowOf(lines, paper);
  await expect(sale).toContainText('Sale');
  await expect(sale).toContainText('$20.98');
  await expect(sale.locator('td[data-label="Fee"]')).toHaveText(/\$0\.48/);
  await expect(sale).toContainText('Matched');
  const chargeback = rowOf(lines, pens);
  await expect(chargeback).toContainText('Chargeback');
  await expect(chargeback).toContainText('$12.66');
  await expect(chargeback).toContainText('Matched');
  await expectNoAxeViolations(page, "a day's deposit and its lines");

  // Disputes: the pen order, with the network's reason and case.
  await page.getByRole('tab', { name: 'Disputes' }).click();
  const disputes = page.getByRole('table', { name: 'Disputes' });
  const dispute = rowOf(disputes, pens);
  await expect(dispute).toContainText('$12.66');
  await expect(dispute).toContainText('VISA •••• 1111');
  await expect(dispute).toContainText('10.4');
  await expect(dispute).toContainText('Card-Absent');
  await expectNoAxeViolations(page, 'the Disputes tab');

  // Its order page: disputed, the chargeback in the timeline.
  await dispute.getByRole('link', { name: pens }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${pens}` })).toBeVisible();
  await expect(page.getByText('Disputed', { exact: true })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Chargeback $12.66')).toBeVisible();

  // A refund now asks to confirm: the network may have given the money back already.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await refund.getByLabel('Refund amount').fill('2');
  await refund.getByRole('button', { name: 'Refund $2.00' }).click();
  await expect(refund.getByRole('alert')).toContainText('The cardholder disputed this payment');
  await expect(refund.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(refund.getByLabel('Refund amount')).toBeDisabled();
  await expectNoAxeViolations(page, "the refund dialog's dispute warning");
  await page.screenshot({ path: test.info().outputPath('refund-disputed-1280.png') });
  await refund.getByRole('button', { name: 'Refund $2.00 anyway' }).click();
  await expect(refund.getByText('Refund processed')).toBeVisible();
  await expect(refund).toContainText('$2.00 refunded to');
  await expect(refund).toBeHidden();
  await expect(timeline.getByText('Refund $2.00').first()).toBeVisible();

  // Disputes says what was refunded since.
  await page.getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('tab', { name: 'Disputes' }).click();
  await expect(rowOf(page.getByRole('table', { name: 'Disputes' }), pens)).toContainText('$2.00');
});

for (const width of [375, 1024, 1280]) {
  test.describe(`Deposits and Disputes at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('fit the window, every control reachable', async ({ page }) => {
      // The journey above leaves a disputed order: without it, this test has nothing to show, and fails.
      expect(disputedOrder, 'the journey above disputed no order').not.toBe('');
      await signInAsOperator(page);
      await page.getByRole('tab', { name: 'Deposits' }).click();
      const today = rowOf(page.getByRole('table', { name: 'Deposit days' }), depositDayText(0));
      await expect(today).toBeVisible();
      await expectNothingPastTheEdge(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`deposits-${width}.png`), fullPage: true });

      const open = today.getByRole('button', { name: `View lines for ${depositDayText(0)}` });
      await expectClickable(open);
      await open.click();
      await expect(rowOf(page, disputedOrder)).toContainText('Chargeback');
      await expectNothingPastTheEdge(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`deposit-day-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'All deposit days' }).click();

      await page.getByRole('tab', { name: 'Disputes' }).click();
      await expect(rowOf(page, disputedOrder)).toContainText('$12.66');
      await expectNothingPastTheEdge(page);
      await expectClickable(page.getByRole('link', { name: disputedOrder }));
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`disputes-${width}.png`), fullPage: true });

      await page.getByRole('tab', { name: 'Transaction History' }).click();
      await expectClickable(page.getByLabel('Close the sandbox batch as of'));
      await expectClickable(page.getByRole('button', { name: 'Settle now (sandbox)' }));
      await expectNothingPastTheEdge(page);
    });
  });
}
