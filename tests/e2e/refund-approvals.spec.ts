import type { Browser } from '@playwright/test';
import { REFUND_APPROVAL_MESSAGES } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  addStaffPerson,
  expectClickable,
  expectNothingPastTheEdge,
  expectWholeTableInView,
  guestPayment,
  signInAsOperator,
} from './flows';

/**
 * Refunds above the approval limit ($250.00, the store's default): the refund dialog says before sending
 * that a second person approves it and takes a reason; the refund becomes a request, listed under Refund
 * approvals and on the order's page. The requester cannot approve it (they may withdraw it); another
 * manager approves it, which refunds once, or the owner declines it with the reason. Runs on the console
 * store of admin-console.spec.ts, one spec at a time there.
 */

/** 25 pen packs: $374.75 and 5% tax, $393.49: above the limit. */
const BIG_ORDER = [{ productId: 'pen-pack-100', quantity: 25 }];
const BIG_TOTAL = 393.49;

const MANAGER = { name: 'Riley Approver', email: 'riley.approver@example.com' };
const MANAGER_PASSWORD = 'green folders sing at dawn';
const OWNER = 'operator';

function rowOf(page: Page, orderId: string, label?: string) {
  const rows = page.getByRole('row').filter({ hasText: orderId });
  return label
    ? rows.filter({ hasText: label })
    : rows.filter({ hasNotText: /Refund to (card|bank account)|Scheduled: runs after|Charge cancelled/ });
}

function awaitingTable(page: Page) {
  return page.getByRole('table', { name: 'Refunds awaiting approval' });
}

function decidedTable(page: Page) {
  return page.getByRole('table', { name: 'Decided refund requests' });
}

async function openApprovalsTab(page: Page) {
  await page.getByRole('tab', { name: 'Refund approvals' }).click();
  await expect(page.getByRole('heading', { name: 'Refund approvals', level: 2 })).toBeVisible();
}

async function openHistoryTab(page: Page) {
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The owner adds a manager on the Staff tab; the manager sets a password with the link in a browser of their own, and signs in. */
async function addManager(owner: Page, browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.252.3.7' } });
  const manager = await context.newPage();
  await addStaffPerson(owner, manager, { ...MANAGER, role: 'manager', password: MANAGER_PASSWORD });
  await signIn(manager, MANAGER.email, MANAGER_PASSWORD);
  return manager;
}

/** Asks for a refund above the limit in the open refund dialog, with a reason; the dialog says it awaits approval. */
async function askForRefund(page: Page, amount: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel('Refund amount').fill(amount);
  await dialog.getByLabel('Reason (for the approver)').fill(reason);
  await dialog.getByRole('button', { name: `Ask for approval of $${amount}` }).click();
  await expect(dialog.getByRole('status')).toContainText('Awaiting approval');
  await expect(dialog.getByRole('status')).toContainText(
    `A refund above $250.00 needs a second person: $${amount} is awaiting approval by another manager or the owner.`,
  );
  await expect(dialog.getByText('Refund processed')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`refund-dialog-awaiting-${amount}.png`) });
  await expect(dialog).toBeHidden();
}

/**
 * Nothing past the window's edges, once the page has followed a new window size (the money card's chart
 * redraws at its new width a moment after the window changes).
 */
async function nothingPastTheEdgeOnceResized(page: Page) {
  await expect(() => expectNothingPastTheEdge(page)).toPass({ timeout: 15_000 });
}

/** Every tab of the console lies inside the tab strip and the window: none behind a sideways scroll. */
async function expectEveryTabInView(page: Page) {
  const outside = await page.getByRole('tablist', { name: 'Admin sections' }).evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="tab"]')]
      .filter((tab) => {
        const rect = tab.getBoundingClientRect();
        return (
          rect.left < Math.max(0, box.left) - 0.5 || rect.right > Math.min(window.innerWidth, box.right) + 0.5
        );
      })
      .map((tab) => tab.textContent);
  });
  expect(outside).toEqual([]);
}

test('a refund above the limit waits for a second person: the requester cannot approve it, another manager approves it once, the owner declines another with the reason', async ({
  page: owner,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const approved = await guestPayment(request, baseURL!, BIG_ORDER, BIG_TOTAL);
  const declined = await guestPayment(request, baseURL!, BIG_ORDER, BIG_TOTAL);

  // Captured and settled: a refund is then sent at once, not scheduled for tonight's settlement.
  await signInAsOperator(owner);
  for (const orderId of [approved, declined]) {
    await rowOf(owner, orderId).getByRole('button', { name: 'Capture', exact: true }).click();
    await expect(rowOf(owner, orderId)).toHaveCount(0);
  }
  await openHistoryTab(owner);
  await owner.getByRole('button', { name: 'Settle now (sandbox)' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Sandbox batch closed' })).toBeVisible();
  await expect(rowOf(owner, approved)).toContainText('Settled');
  await expect(rowOf(owner, declined)).toContainText('Settled');

  const manager = await addManager(owner, browser);

  // The owner's refund dialog: at or under the limit, the refund as ever; above it, said before sending.
  await openHistoryTab(owner);
  await rowOf(owner, approved).getByRole('button', { name: 'Refund' }).click();
  const refund = owner.getByRole('dialog', { name: 'Refund payment' });
  await expect(refund.getByLabel('Refund amount')).toHaveValue('393.49');
  const above = refund.getByText(
    'Above $250.00: another manager or the owner approves it before it is sent.',
  );
  await expect(above).toBeVisible();
  await expect(refund.getByRole('button', { name: 'Ask for approval of $393.49' })).toBeVisible();
  await refund.getByLabel('Refund amount').fill('250');
  await expect(above).toHaveCount(0);
  await expect(refund.getByLabel('Reason (for the approver)')).toHaveCount(0);
  await expect(refund.getByRole('button', { name: 'Refund $250.00' })).toBeVisible();
  await refund.getByLabel('Refund amount').fill('300');
  await expect(above).toBeVisible();
  await refund.getByLabel('Reason (for the approver)').fill('The customer sent back twenty packs');
  await expectNoAxeViolations(owner, 'the refund dialog, above the approval limit');
  await owner.setViewportSize({ width: 375, height: 800 });
  await nothingPastTheEdgeOnceResized(owner);
  await owner.screenshot({ path: test.info().outputPath('refund-dialog-above-limit-375.png') });
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.screenshot({ path: test.info().outputPath('refund-dialog-above-limit-1280.png') });
  await askForRefund(owner, '300.00', 'The customer sent back twenty packs');
  // Nothing was refunded.
  await expect(rowOf(owner, approved, 'Refund to card')).toHaveCount(0);

  // A second request for the payment is not offered while this one awaits.
  await rowOf(owner, approved).getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('note')).toContainText(
    'A refund of $300.00 awaits approval, asked for by operator.',
  );
  await expect(refund.getByRole('button', { name: 'Ask for approval' })).toBeDisabled();
  await expectNoAxeViolations(owner, 'the refund dialog, a refund awaiting approval');
  await owner.screenshot({ path: test.info().outputPath('refund-dialog-second-request-1280.png') });
  await refund.getByRole('button', { name: 'Cancel' }).click();
  await expect(refund).toBeHidden();

  // The tab: the owner's own request, which they may withdraw but not approve.
  await expect(owner.getByRole('tab', { name: 'Refund approvals' })).toContainText(/Refund approvals\s*1$/);
  await openApprovalsTab(owner);
  await expect(owner).toHaveTitle(/^Refund approvals · Admin/);
  const ownRow = awaitingTable(owner).getByRole('row').filter({ hasText: approved });
  await expect(ownRow).toContainText('$300.00');
  await expect(ownRow).toContainText('operator (you)');
  await expect(ownRow).toContainText('The customer sent back twenty packs');
  await expect(ownRow).toContainText('Awaiting another manager or the owner');
  await expect(ownRow.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
  await expect(ownRow.getByRole('button', { name: /^(Approve|Decline)/ })).toHaveCount(0);
  await expect(ownRow.getByRole('link', { name: approved })).toHaveAttribute(
    'href',
    `/admin/orders/${approved}`,
  );
  await expectNoAxeViolations(owner, 'the Refund approvals tab, one’s own request');
  for (const width of [375, 1024, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expect(ownRow.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
    await expectWholeTableInView(owner, awaitingTable(owner));
    await nothingPastTheEdgeOnceResized(owner);
    await expectEveryTabInView(owner);
    await owner.screenshot({ path: test.info().outputPath(`approvals-own-${width}.png`), fullPage: true });
  }
  await owner.setViewportSize({ width: 1280, height: 900 });

  // The manager approves it: the refund is sent, once.
  await manager.goto('/admin/dashboard?tab=approvals');
  const managerRow = awaitingTable(manager).getByRole('row').filter({ hasText: approved });
  await expect(managerRow).toContainText('operator');
  await expect(managerRow.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await managerRow.getByRole('button', { name: /^Approve/ }).click();
  const approve = manager.getByRole('dialog', { name: 'Approve refund' });
  await expect(approve).toContainText('Refund $300.00 to the customer now, as operator asked?');
  await expect(approve).toContainText('The customer sent back twenty packs');
  await expectNoAxeViolations(manager, 'the Approve refund dialog');
  await manager.screenshot({ path: test.info().outputPath('approve-dialog-1280.png') });
  await approve.getByRole('button', { name: 'Approve and refund $300.00' }).click();
  await expect(approve).toBeHidden();
  await expect(manager.getByRole('status').filter({ hasText: 'Refund of $300.00 approved' })).toBeVisible();
  await expect(awaitingTable(manager)).toHaveCount(0);
  await expect(manager.getByText('No refunds await approval')).toBeVisible();
  const approvedRow = decidedTable(manager).getByRole('row').filter({ hasText: approved });
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow).toContainText('by you');
  await expect(manager.getByRole('tab', { name: 'Refund approvals' })).toContainText(/Refund approvals\s*0$/);

  await openHistoryTab(manager);
  await expect(rowOf(manager, approved, 'Refund to card')).toHaveCount(1);
  await expect(rowOf(manager, approved, 'Refund to card')).toContainText('$300.00');
  await expect(rowOf(manager, approved)).toContainText('Partial Refund');
  // The owner's console follows: the request decided, the refund in the history.
  await openHistoryTab(owner);
  await expect(rowOf(owner, approved, 'Refund to card')).toHaveCount(1);
  await openApprovalsTab(owner);
  await expect(decidedTable(owner).getByRole('row').filter({ hasText: approved })).toContainText(
    `by ${MANAGER.email}`,
  );

  // The manager asks for a refund of the other order on its page; the owner declines it there, saying why.
  await manager.goto(`/admin/orders/${declined}`);
  await manager.getByRole('button', { name: 'Refund', exact: true }).click();
  await askForRefund(manager, '300.00', 'Damaged in transit');
  const managerSection = manager.getByRole('region', { name: 'Refund approvals' });
  await expect(managerSection).toContainText('Awaiting approval');
  await expect(managerSection).toContainText(`${MANAGER.email} (you)`);
  await expect(managerSection).toContainText('Awaiting another manager or the owner');
  await expect(managerSection.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  await owner.goto(`/admin/orders/${declined}`);
  const section = owner.getByRole('region', { name: 'Refund approvals' });
  await expect(section).toContainText('Refund of $300.00');
  await expect(section).toContainText('Damaged in transit');
  await expect(section.getByRole('button', { name: /^Approve/ })).toBeVisible();
  await expectNoAxeViolations(owner, 'the order page, a refund awaiting approval');
  for (const width of [375, 1024, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await nothingPastTheEdgeOnceResized(owner);
    for (const button of await section.getByRole('button').all()) await expectClickable(button);
    await section.screenshot({ path: test.info().outputPath(`order-approvals-section-${width}.png`) });
    await owner.screenshot({ path: test.info().outputPath(`order-approvals-${width}.png`), fullPage: true });
  }
  await owner.setViewportSize({ width: 1280, height: 900 });

  await section.getByRole('button', { name: /^Decline/ }).click();
  const decline = owner.getByRole('dialog', { name: 'Decline refund' });
  await expect(decline.getByLabel('Why is it declined?')).toBeFocused();
  await decline.getByRole('button', { name: 'Decline refund' }).click();
  await expect(decline.getByRole('alert')).toHaveText(REFUND_APPROVAL_MESSAGES.declineReasonRequired);
  await expect(decline.getByLabel('Why is it declined?')).toBeFocused();
  await expectNoAxeViolations(owner, 'the Decline refund dialog, no reason');
  await owner.setViewportSize({ width: 375, height: 800 });
  await nothingPastTheEdgeOnceResized(owner);
  await owner.screenshot({ path: test.info().outputPath('decline-dialog-375.png') });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await decline.getByLabel('Why is it declined?').fill('The goods have not come back yet');
  await decline.getByRole('button', { name: 'Decline refund' }).click();
  await expect(decline).toBeHidden();
  await expect(
    owner.getByRole('status').filter({ hasText: 'The refund of $300.00 was declined' }),
  ).toBeVisible();
  await expect(section).toContainText('Declined');
  await expect(section).toContainText('The goods have not come back yet');
  await expect(section.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(owner, 'the order page, a declined refund');

  // The manager reads why; nothing was refunded.
  await expect(managerSection).toContainText('Declined', { timeout: 15_000 });
  await expect(managerSection).toContainText('The goods have not come back yet');
  await manager.goto('/admin/dashboard?tab=history');
  await expect(rowOf(manager, declined)).toContainText('Settled');
  await expect(rowOf(manager, declined, 'Refund to card')).toHaveCount(0);
  await openApprovalsTab(manager);
  const declinedRow = decidedTable(manager).getByRole('row').filter({ hasText: declined });
  await expect(declinedRow).toContainText('Declined');
  await expect(declinedRow).toContainText(`by ${OWNER}`);
  await expect(declinedRow).toContainText('The goods have not come back yet');
  await expectNoAxeViolations(manager, 'the Refund approvals tab, decided requests');
  await owner.goto('/admin/dashboard?tab=approvals');
  await expect(decidedTable(owner).getByRole('row').filter({ hasText: declined })).toContainText('by you');
  for (const width of [375, 1024, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expectWholeTableInView(owner, decidedTable(owner));
    await nothingPastTheEdgeOnceResized(owner);
    await owner.screenshot({
      path: test.info().outputPath(`approvals-decided-${width}.png`),
      fullPage: true,
    });
  }
  await owner.setViewportSize({ width: 1280, height: 900 });

  // Asked again, and withdrawn by the one who asked.
  await owner.goto('/admin/dashboard?tab=history');
  await rowOf(owner, declined).getByRole('button', { name: 'Refund' }).click();
  await askForRefund(owner, '260.00', 'Half of it came back');
  await openApprovalsTab(owner);
  const again = awaitingTable(owner).getByRole('row').filter({ hasText: declined });
  await expect(again).toContainText('$260.00');

  // A role without refunds reads the list and a note, and is offered no decision.
  await owner.getByRole('tab', { name: 'Staff' }).click();
  await owner
    .getByRole('row')
    .filter({ hasText: MANAGER.email })
    .getByRole('button', { name: /Change role/ })
    .click();
  const changeRole = owner.getByRole('dialog', { name: 'Change role' });
  await changeRole.getByLabel('Role').selectOption('viewer');
  await changeRole.getByRole('button', { name: 'Save role' }).click();
  await expect(changeRole).toBeHidden();
  await manager.goto('/admin/dashboard?tab=approvals');
  await expect(
    manager.getByRole('note').filter({ hasText: 'Your role (Viewer) may not refund payments' }),
  ).toBeVisible();
  const viewerRow = awaitingTable(manager).getByRole('row').filter({ hasText: declined });
  await expect(viewerRow).toContainText('$260.00');
  await expect(viewerRow.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(manager, 'the Refund approvals tab, a viewer');

  await openApprovalsTab(owner);
  await again.getByRole('button', { name: /^Withdraw/ }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'The refund request of $260.00 was withdrawn' }),
  ).toBeVisible();
  await expect(decidedTable(owner).getByRole('row').filter({ hasText: declined }).first()).toContainText(
    'Withdrawn',
  );
  await expect(owner.getByText('No refunds await approval')).toBeVisible();

  await manager.context().close();
});
