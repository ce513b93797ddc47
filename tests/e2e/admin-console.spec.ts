import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import {
  fillDelivery,
  addSavedBankAccount,
  cartWithOnePenPack,
  guestPayment,
  OPERATOR,
  registerCustomer,
  expectWholeTableInView,
  signInAsOperator,
} from './flows';

function rowOf(page: Page, orderId: string, label?: string) {
  const rows = page.getByRole('row').filter({ hasText: orderId });
  return label
    ? rows.filter({ hasText: label })
    : rows.filter({ hasNotText: /Refund to (card|bank account)|Scheduled: runs after|Charge cancelled/ });
}

test('the dashboard without a session goes to the admin sign-in', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Username and password are required')).toBeVisible();
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

test('an operator captures part of one payment, the rest with Capture All, and refunds one in two steps around settlement', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const full = await guestPayment(
    request,
    baseURL!,
    [
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ],
    68.2,
  );
  const pens = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  const paper = await guestPayment(request, baseURL!, [{ productId: 'paper-ream-500', quantity: 2 }], 20.98);

  await page.goto('/admin');
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(OPERATOR.password);

  // Pending Payments: the three fresh guest payments.
  await expect(page.getByRole('tab', { name: 'Pending Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, full)).toContainText('$68.20');
  await expect(rowOf(page, full)).toContainText('VISA •••• 1111');
  await expect(rowOf(page, full)).toContainText(/6d 2\dh left/);
  await expect(rowOf(page, pens)).toContainText('$15.74');
  await expect(rowOf(page, paper)).toContainText('$20.98');

  // Partial capture: $50.00 of $68.20 ends the authorization.
  await rowOf(page, full).getByRole('button', { name: 'Partial capture' }).click();
  const partial = page.getByRole('dialog', { name: 'Partial capture' });
  const amount = partial.getByLabel('Amount to capture');
  await amount.fill('68.21');
  await expect(partial.getByRole('button', { name: /^Capture/ })).toBeDisabled();
  await amount.fill('50');
  await partial.getByRole('button', { name: 'Capture $50.00' }).click();
  await expect(partial).toBeHidden();
  await expect(rowOf(page, full)).toHaveCount(0);

  // Capture All captures the other two.
  await page.getByRole('button', { name: 'Capture All' }).click();
  const captureAll = page.getByRole('dialog', { name: 'Capture all payments' });
  await captureAll.getByRole('button', { name: /^Capture \d+ payments?$/ }).click();
  await expect(captureAll.getByRole('status')).toContainText(/Captured (\d+) of \1/);
  await expect(captureAll.getByRole('list', { name: 'Capture results' })).toContainText(pens);
  await expect(captureAll.getByRole('list', { name: 'Capture results' })).toContainText(paper);
  await captureAll.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('No payments awaiting capture')).toBeVisible();

  // Transaction History: every label and amount.
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(rowOf(page, full)).toContainText('Partially Captured');
  await expect(rowOf(page, full)).toContainText('$50.00');
  await expect(rowOf(page, pens)).toContainText('Captured');
  await expect(rowOf(page, paper)).toContainText('Captured');

  // Refund part of the pen order the same day: the gateway refunds only settled payments, so the refund
  // is scheduled; it runs by itself once the batch settles.
  await rowOf(page, pens).getByRole('button', { name: 'Refund' }).click();
  let refund = page.getByRole('dialog', { name: 'Refund payment' });
  const refundAmount = refund.getByLabel('Refund amount');
  await expect(refundAmount).toHaveValue('15.74');
  await refundAmount.fill('15.75');
  await expect(refund.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled();
  await expect(refund.getByRole('alert')).toHaveText('The amount cannot be more than $15.74');
  await refundAmount.fill('5');
  await refund.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(refund.getByText("Scheduled: runs after tonight's settlement")).toBeVisible();
  await expect(refund).toContainText('$5.00 goes back to VISA •••• 1111 by itself once it settles.');
  await expect(refund).toBeHidden();
  const scheduled = rowOf(page, pens, 'Scheduled: runs after');
  await expect(scheduled).toContainText('Scheduled Refund');
  await expect(scheduled).toContainText('$5.00');
  await expect(rowOf(page, pens)).toContainText('+$5.00 scheduled');
  await expect(rowOf(page, pens)).toContainText('$10.74 left');
  // Not cancellable as a whole any more: part of it is on its way back.
  await expect(rowOf(page, pens).getByRole('button', { name: 'Cancel charge' })).toHaveCount(0);

  // The sandbox closes today's batch (tonight's settlement, now): the scheduled refund runs.
  await page.getByRole('button', { name: 'Settle now (sandbox)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sandbox batch closed' })).toContainText(
    /\d+ payments? settled, 1 scheduled refund sent/,
  );
  await expect(scheduled).toHaveCount(0);
  // Settled, the partial capture is still called one.
  await expect(rowOf(page, full)).toContainText('Partially Captured');
  await expect(rowOf(page, full)).toContainText('Settled');
  await expect(rowOf(page, pens)).toContainText('Partial Refund');
  await expect(rowOf(page, pens)).toContainText('Settled');
  await expect(rowOf(page, pens, 'Refund to card')).toContainText('Demo Refund');
  await expect(rowOf(page, pens, 'Refund to card')).toContainText('$5.00');

  await rowOf(page, pens).getByRole('button', { name: 'Refund' }).click();
  refund = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refund.getByLabel('Refund amount')).toHaveValue('10.74');
  // Settled: the rest is refunded at once.
  await refund.getByRole('button', { name: 'Refund $10.74' }).click();
  await expect(refund.getByText('Refund processed')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(rowOf(page, pens)).toContainText('Refunded');
  await expect(rowOf(page, pens).getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(rowOf(page, pens, 'Refund to card')).toHaveCount(2);

  // The audit log shows what was done.
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('table');
  await expect(
    log.getByRole('row').filter({ hasText: 'Partial capture' }).filter({ hasText: full }),
  ).toContainText('$50.00');
  await expect(log.getByRole('row').filter({ hasText: 'Capture all' }).first()).toBeVisible();
  // Asked and scheduled, sent after settlement, and the rest.
  await expect(log.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: pens })).toHaveCount(3);
  // The newest settlement is this test's (other tests of the run may have closed a batch before).
  await expect(log.getByRole('row').filter({ hasText: 'Sandbox settlement' }).first()).toContainText(
    '1 scheduled refund sent',
  );

  // Logging out ends the session.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
});

test('an operator cancels a same-day charge: the capture is voided before settlement', async ({
  page,
  request,
  baseURL,
}) => {
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await signInAsOperator(page);
  await rowOf(page, orderId).getByRole('button', { name: 'Capture', exact: true }).click();
  await expect(rowOf(page, orderId)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await rowOf(page, orderId).getByRole('button', { name: 'Cancel charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the charge' });
  await expect(dialog).toContainText(/Cancel the \$15\.74 charge before tonight.s settlement\?/);
  await dialog.getByRole('button', { name: 'Cancel charge', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Charge of $15.74 cancelled' })).toBeVisible();
  // Never charged: the payment is Cancelled, with nothing captured or refunded, and no refund row.
  await expect(rowOf(page, orderId)).toContainText('Cancelled');
  await expect(rowOf(page, orderId)).toContainText('Never charged');
  await expect(rowOf(page, orderId)).not.toContainText('Refunded');
  await expect(rowOf(page, orderId).getByRole('cell', { name: '$15.74' })).toHaveCount(1);
  const voidRow = rowOf(page, orderId, 'Charge cancelled before settlement');
  await expect(voidRow).toContainText('$15.74');
  await expect(voidRow).toContainText('Charge Cancelled');
  await expect(voidRow).not.toContainText('Refund');
  await expect(rowOf(page, orderId).getByRole('button')).toHaveCount(0);
});

test('an operator voids an authorization: the hold is released and the payment leaves Pending Payments', async ({
  page,
  request,
  baseURL,
}) => {
  const orderId = await guestPayment(
    request,
    baseURL!,
    [{ productId: 'paper-ream-500', quantity: 1 }],
    10.49,
  );
  await signInAsOperator(page);
  await rowOf(page, orderId).getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void payment' });
  await expect(dialog).toContainText('Release the hold on $10.49? The customer is not charged.');
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, orderId)).toBeVisible();

  await rowOf(page, orderId).getByRole('button', { name: 'Void' }).click();
  await page
    .getByRole('dialog', { name: 'Void payment' })
    .getByRole('button', { name: 'Void payment' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Voided $10.49' })).toBeVisible();
  await expect(rowOf(page, orderId)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(rowOf(page, orderId)).toContainText('Voided');
});

test('an operator exports the filtered history as a CSV file that the server streams', async ({
  page,
  request,
  baseURL,
}) => {
  const pens = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  const paper = await guestPayment(request, baseURL!, [{ productId: 'paper-ream-500', quantity: 1 }], 10.49);
  await signInAsOperator(page);
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(rowOf(page, pens)).toContainText('Pending Capture');

  /** Clicks Export CSV and returns the file's name and its lines. */
  const exportCsv = async () => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloaded;
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    return { name: download.suggestedFilename(), lines: text.slice(0, -2).split('\r\n') };
  };

  // The search as typed, lower case and in part: the file holds what the table holds.
  await page.getByLabel('Search by order ID').fill(pens.slice(0, 12).toLowerCase());
  await expect(rowOf(page, paper)).toHaveCount(0);
  const searched = await exportCsv();
  expect(searched.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(searched.lines[0]).toBe(
    'orderId,requestId,amount,cardType,last4,transactionDate,captureStatus,isRefunded,isPartialRefund,' +
      'refundAmount,refundType,creditType,isDemoRefund,refundedOrderId,isPartialCapture,captureAmount,' +
      'originalAmount,refundDate,label,contactEmail,deliverTo,scheduledRefundAmount,takenBackAmount,' +
      'refundableAmount',
  );
  expect(searched.lines.slice(1)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${pens},[0-9a-f-]{36},15\\.74,VISA,1111,.*,authorized,.*,Pending Capture,` +
          'pat@example\\.com,"Pat Shopper, 12 Paper Lane, Austin, TX 78701, United States",,,0\\.00$',
      ),
    ),
  ]);

  // Without filters: the whole history, both payments among it.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rowOf(page, paper)).toBeVisible();
  const whole = await exportCsv();
  const orders = whole.lines.slice(1).map((line) => line.split(',')[0]);
  expect(orders).toEqual(expect.arrayContaining([pens, paper]));
  expect(orders.length).toBe(new Set(whole.lines.slice(1)).size);

  // The console is still there (a download, not a navigation), and the export is in the audit log.
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=history$/);
  await expect(rowOf(page, paper)).toBeVisible();
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Export CSV' })).toHaveCount(2);
});

test('both tables show every column and action inside the page at 375, 1024 and 1280 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The widest rows a console has: a bank payment from a bank with a long name (captured at once, so it
  // can be refunded or cancelled), and card payments awaiting capture.
  await registerCustomer(page, 'Wide Rows');
  await addSavedBankAccount(page, 'First Community Savings Bank of Central Texas');
  const cart = await cartWithOnePenPack(page);
  await expect(cart.getByText(/First Community Savings Bank/)).toBeVisible();
  await fillDelivery(page);
  await cart.getByRole('button', { name: 'Pay $15.74' }).click();
  await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();
  // A bank payment's receipt speaks of a bank account and a reference, not a card's authorization.
  await expect(page.getByText('Bank account •••• 6789')).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Reference' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Authorization code' })).toHaveCount(0);
  const bankOrder = (await page.getByText(/^CC-[0-9A-Z]{12}$/).textContent()) ?? '';
  const cardOrder = await guestPayment(
    request,
    baseURL!,
    [{ productId: 'pen-pack-100', quantity: 1 }],
    15.74,
  );

  await signInAsOperator(page);
  for (const width of [1280, 1024, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab', { name: 'Pending Payments' }).click();
    const pending = page.getByRole('table', { name: 'Payments awaiting capture' });
    await expect(rowOf(page, cardOrder).getByRole('button', { name: 'Void' })).toBeVisible();
    await expectWholeTableInView(page, pending);

    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const history = page.getByRole('table', { name: 'Transactions' });
    await expect(rowOf(page, bankOrder).getByRole('button', { name: 'Refund' })).toBeVisible();
    await expect(rowOf(page, bankOrder).getByRole('button', { name: 'Cancel charge' })).toBeVisible();
    await expectWholeTableInView(page, history);
  }

  // Settled, a part of the bank payment goes back to the bank account, and its row says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Settle now (sandbox)' }).click();
  await expect(rowOf(page, bankOrder)).toContainText('Settled');
  await rowOf(page, bankOrder).getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await refund.getByLabel('Refund amount').fill('5');
  await refund.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(refund.getByText('Refund processed')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(rowOf(page, bankOrder, 'Refund to bank account')).toContainText('$5.00');
  await expect(
    page.getByRole('row').filter({ hasText: bankOrder }).filter({ hasText: 'Refund to card' }),
  ).toHaveCount(0);
});

test('the refund dialog keeps the keyboard on its controls, and a list that cannot refresh is not called live', async ({
  page,
  request,
  baseURL,
}) => {
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await signInAsOperator(page);
  await rowOf(page, orderId).getByRole('button', { name: 'Capture', exact: true }).click();
  await expect(rowOf(page, orderId)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Transaction History' }).click();

  await rowOf(page, orderId).getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await refund.getByLabel('Refund amount').fill('5');
  await page.keyboard.press('Tab');
  const useAll = refund.getByRole('button', { name: 'Use the full $15.74' });
  await expect(useAll).toBeFocused();
  // It looks like the button it is: a visible edge, not bare text.
  const edge = await useAll.evaluate((button) => getComputedStyle(button).borderTopColor);
  expect(edge).not.toBe('rgba(0, 0, 0, 0)');
  await page.keyboard.press('Enter');
  await expect(refund.getByLabel('Refund amount')).toHaveValue('15.74');
  await refund.getByRole('button', { name: 'Cancel' }).click();
  await expect(refund).toBeHidden();

  // The list's next refresh fails: the note says the list is not live any more.
  await expect(page.getByText(/Live · updated/).first()).toBeVisible();
  await page.route('**/api/admin/transactions', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"status":"error","message":"Down"}',
    }),
  );
  await expect(page.getByText(/Could not refresh/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Not live · last updated/)).toBeVisible();
  await expect(page.getByText(/^Live · updated/)).toHaveCount(0);
});
