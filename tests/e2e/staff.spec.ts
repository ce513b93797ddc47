import { STAFF_MESSAGES } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import {
  expectClickable,
  expectNothingPastTheEdge,
  expectWholeTableInView,
  guestPayment,
  signInAsOperator,
} from './flows';

/**
 * The Staff tab (the owner's) and the set-up page: a person added by the owner chooses their password with
 * a one-time link, signs in with their email, and gets only what their role may do; disabled, they are out
 * at once. Runs on the console store of admin-console.spec.ts, after it (one spec at a time there).
 */

const CLERK = { name: 'Pat Clerk-Longname Example', email: 'pat.clerk@example.com' };
const CLERK_PASSWORD = 'blue staplers hum at noon';

function staffTable(page: Page) {
  return page.getByRole('table', { name: 'Staff' });
}

function staffRow(page: Page, text: string) {
  return staffTable(page).getByRole('row').filter({ hasText: text });
}

async function openStaffTab(page: Page) {
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(staffTable(page)).toBeVisible();
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the owner adds a clerk, who sets a password with the link and gets a clerk’s console; disabled, enabled, made a manager; the audit log by person', async ({
  page: owner,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  // A captured payment: the owner could refund it, a clerk may not.
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await signInAsOperator(owner);
  await owner
    .getByRole('row')
    .filter({ hasText: orderId })
    .getByRole('button', { name: 'Capture', exact: true })
    .click();
  await expect(owner.getByRole('row').filter({ hasText: orderId })).toHaveCount(0);

  // The owner's Staff tab: their own row says so, and cannot be disabled.
  await openStaffTab(owner);
  await expect(owner).toHaveTitle(/^Staff · Admin/);
  const me = staffRow(owner, 'operator');
  await expect(me).toContainText('(you)');
  await expect(me).toContainText('Owner');
  await expect(me.getByRole('button', { name: /Disable/ })).toHaveCount(0);
  await expectNoAxeViolations(owner, 'the Staff tab');

  // Add person: the form's rules under their fields, then the link, shown once.
  await owner.getByRole('button', { name: 'Add person' }).click();
  const add = owner.getByRole('dialog', { name: 'Add person' });
  await expectNoAxeViolations(owner, 'the Add person dialog');
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(add.getByRole('alert')).toHaveText(STAFF_MESSAGES.nameRequired);
  await expect(add.getByLabel('Name')).toBeFocused();
  await add.getByLabel('Name').fill(CLERK.name);
  await add.getByLabel('Email').fill(CLERK.email);
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(add.getByRole('alert')).toHaveText(STAFF_MESSAGES.roleRequired);
  await expect(add.getByLabel('Role')).toBeFocused();
  await expectNoAxeViolations(owner, 'the Add person dialog, a field refused');
  await expect(add).toContainText('Clerk: Reads the console; may mark orders shipped');
  await add.getByLabel('Role').selectOption('clerk');
  await add.getByRole('button', { name: 'Add person' }).click();

  await expect(add.getByRole('status').filter({ hasText: `${CLERK.name} is invited` })).toBeVisible();
  await expect(add).toContainText('Shown once.');
  await expect(add).toContainText('It works for 48 hours and only once');
  const linkField = add.getByLabel('Set-up link');
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/admin/setup#[A-Za-z0-9_-]{20,}$`));
  await expect(add.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await add.getByRole('button', { name: 'Copy link' }).click();
  await expect(add.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoAxeViolations(owner, 'the Add person dialog, the link');
  await owner.setViewportSize({ width: 375, height: 800 });
  await expectNothingPastTheEdge(owner);
  await owner.screenshot({ path: test.info().outputPath('add-person-link-375.png') });
  await owner.setViewportSize({ width: 1280, height: 800 });
  await add.getByRole('button', { name: 'Done' }).click();
  await expect(add).toBeHidden();

  const clerkRow = staffRow(owner, CLERK.email);
  await expect(clerkRow).toContainText(CLERK.name);
  await expect(clerkRow).toContainText('Clerk');
  await expect(clerkRow).toContainText('Invited');
  await expect(clerkRow).toContainText('link until');
  await expect(clerkRow).toContainText('Never');

  // The same email again is refused under Email.
  await owner.getByRole('button', { name: 'Add person' }).click();
  await add.getByLabel('Name').fill('Pat Again');
  await add.getByLabel('Email').fill(CLERK.email);
  await add.getByLabel('Role').selectOption('viewer');
  await add.getByRole('button', { name: 'Add person' }).click();
  await expect(add.getByRole('alert')).toHaveText(STAFF_MESSAGES.emailTaken);
  await expect(add.getByLabel('Email')).toBeFocused();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  // Every row and action inside the page, at a phone's, a small laptop's and a desktop's width.
  for (const width of [375, 1024, 1280]) {
    await owner.setViewportSize({ width, height: 900 });
    await expect(clerkRow.getByRole('button', { name: /Disable/ })).toBeVisible();
    await expectWholeTableInView(owner, staffTable(owner));
    await expectNothingPastTheEdge(owner);
    await expectClickable(owner.getByRole('button', { name: 'Add person' }));
    await owner.screenshot({ path: test.info().outputPath(`staff-${width}.png`), fullPage: true });
  }

  // The clerk, in a browser of their own, opens the link.
  const clerkContext = await browser.newContext({
    viewport: { width: 375, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '10.251.7.9' },
  });
  const clerk = await clerkContext.newPage();
  await clerk.goto(link);
  await expect(clerk.getByRole('heading', { name: `Welcome, ${CLERK.name}` })).toBeVisible();
  await expect(clerk).toHaveTitle(/^Set up your account/);
  // The token is out of the address bar at once.
  await expect.poll(() => new URL(clerk.url()).hash).toBe('');
  expect(clerk.url()).toBe(`${baseURL}/admin/setup`);
  await expect(clerk.getByRole('definition').filter({ hasText: CLERK.email })).toBeVisible();
  await expect(clerk.getByRole('definition').filter({ hasText: /^Clerk$/ })).toBeVisible();
  await expectNoAxeViolations(clerk, 'the set-up page');
  await expectNothingPastTheEdge(clerk);
  await clerk.screenshot({ path: test.info().outputPath('setup-375.png'), fullPage: true });

  const setPassword = clerk.getByRole('button', { name: 'Set password' });
  await clerk.getByLabel('New password').fill('short');
  await setPassword.click();
  await expect(clerk.getByRole('alert')).toHaveText(STAFF_MESSAGES.passwordTooShort);
  await expect(clerk.getByLabel('New password')).toBeFocused();
  await clerk.getByLabel('New password').fill(CLERK_PASSWORD);
  await clerk.getByLabel('Confirm password').fill(`${CLERK_PASSWORD}!`);
  await setPassword.click();
  await expect(clerk.getByRole('alert')).toHaveText(STAFF_MESSAGES.passwordsDiffer);
  await expect(clerk.getByLabel('Confirm password')).toBeFocused();
  await expectNoAxeViolations(clerk, 'the set-up page, a field refused');
  // A password anyone would guess: the store's own words, under the field.
  await clerk.getByLabel('New password').fill('passwordpassword');
  await clerk.getByLabel('Confirm password').fill('passwordpassword');
  await setPassword.click();
  await expect(clerk.getByRole('alert')).toBeVisible();
  await expect(clerk.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await clerk.screenshot({ path: test.info().outputPath('setup-refused-375.png'), fullPage: true });

  await clerk.getByLabel('New password').fill(CLERK_PASSWORD);
  await clerk.getByLabel('Confirm password').fill(CLERK_PASSWORD);
  await setPassword.click();
  await expect(clerk.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await expect(clerk.getByRole('status')).toContainText(CLERK.email);
  await expectNoAxeViolations(clerk, 'the set-up page, done');
  await clerk.screenshot({ path: test.info().outputPath('setup-done-375.png') });

  // The link worked once.
  await clerk.goto(link);
  await expect(clerk.getByRole('alert')).toHaveText(STAFF_MESSAGES.setupLinkGone);
  await expectNoAxeViolations(clerk, 'the set-up page, a used link');
  await clerk.setViewportSize({ width: 1280, height: 800 });
  await clerk.screenshot({ path: test.info().outputPath('setup-gone-1280.png') });

  // Signed in with the email: a clerk's console, without Staff, refunds or captures.
  await signIn(clerk, CLERK.email, CLERK_PASSWORD);
  await expect(clerk).toHaveURL(/\/admin\/dashboard$/);
  await expect(clerk.getByRole('tab', { name: 'Pending Payments' })).toBeVisible();
  await expect(clerk.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
  await clerk.getByRole('tab', { name: 'Transaction History' }).click();
  const clerkHistoryRow = clerk.getByRole('row').filter({ hasText: orderId }).first();
  await expect(clerkHistoryRow).toContainText('$15.74');
  await expect(
    clerk.getByRole('note').filter({ hasText: 'Your role (Clerk) may not refund payments' }),
  ).toBeVisible();
  await expect(clerk.getByRole('button', { name: /^(Refund|Capture)/ })).toHaveCount(0);

  // The owner disables the clerk: asked once, then out at once.
  await owner.setViewportSize({ width: 1280, height: 900 });
  await clerkRow.getByRole('button', { name: /Disable/ }).click();
  const disable = owner.getByRole('dialog', { name: 'Disable person' });
  await expect(disable).toContainText(
    `${CLERK.name} is signed out at once and cannot sign in until enabled again.`,
  );
  await expectNoAxeViolations(owner, 'the Disable person dialog');
  await disable.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(disable).toBeHidden();
  await expect(clerkRow).toContainText('Disabled');
  await expect(clerkRow.getByRole('button', { name: /Enable/ })).toBeVisible();
  await owner.setViewportSize({ width: 375, height: 900 });
  await expectWholeTableInView(owner, staffTable(owner));
  await clerkRow.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: test.info().outputPath('staff-disabled-375.png') });
  await owner.setViewportSize({ width: 1280, height: 900 });

  // Their console is signed out at once: the next call (a list's own refresh, within seconds) is refused, and
  // the sign-in opens over the page, which takes no click meanwhile; their password no longer opens a session.
  const again = clerk.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await again.getByLabel('Password').fill(CLERK_PASSWORD);
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(again.getByRole('alert')).toBeVisible();
  await again.getByRole('button', { name: 'Sign out' }).click();
  await expect(clerk).toHaveURL(/\/admin(\?next=.*)?$/);
  await signIn(clerk, CLERK.email, CLERK_PASSWORD);
  await expect(clerk.getByRole('alert')).toBeVisible();
  await expect(clerk).toHaveURL(/\/admin(\?next=.*)?$/);

  // Enabled again, they sign in.
  await clerkRow.getByRole('button', { name: /Enable/ }).click();
  await expect(clerkRow).toContainText('Active');
  await signIn(clerk, CLERK.email, CLERK_PASSWORD);
  await expect(clerk).toHaveURL(/\/admin\/dashboard/);

  // Made a manager: the Refund button is there for them from their next page on.
  await clerkRow.getByRole('button', { name: /Change role/ }).click();
  const changeRole = owner.getByRole('dialog', { name: 'Change role' });
  await expect(changeRole.getByRole('button', { name: 'Save role' })).toBeDisabled();
  await changeRole.getByLabel('Role').selectOption('manager');
  await expectNoAxeViolations(owner, 'the Change role dialog');
  await changeRole.getByRole('button', { name: 'Save role' }).click();
  await expect(changeRole).toBeHidden();
  await expect(clerkRow).toContainText('Manager');
  await clerk.goto('/admin/dashboard?tab=history');
  await expect(
    clerk.getByRole('row').filter({ hasText: orderId }).first().getByRole('button', { name: 'Refund' }),
  ).toBeVisible();
  await expect(clerk.getByRole('navigation', { name: 'Admin' })).toContainText('Manager');

  // A new set-up link (a forgotten password): asked first, then shown once.
  await clerkRow.getByRole('button', { name: /New set-up link/ }).click();
  const renew = owner.getByRole('dialog', { name: 'New set-up link' });
  await expect(renew).toContainText('their old password no longer works');
  await renew.getByRole('button', { name: 'Make link' }).click();
  await expect(renew).toContainText('Shown once.');
  const newLink = await renew.getByLabel('Set-up link').inputValue();
  expect(newLink).toMatch(new RegExp(`^${baseURL}/admin/setup#[A-Za-z0-9_-]{20,}$`));
  expect(newLink).not.toBe(link);
  await expectNoAxeViolations(owner, 'the New set-up link dialog, the link');
  await renew.getByRole('button', { name: 'Done' }).click();
  await expect(renew).toBeHidden();

  // The audit log, narrowed to the person: only their lines.
  await owner.getByRole('tab', { name: 'Audit Log' }).click();
  const audit = owner.getByRole('table', { name: 'Audit log' });
  await expect(audit).toBeVisible();
  await owner.getByLabel('Person').selectOption(CLERK.email);
  await expect
    .poll(async () => new Set(await audit.locator('tbody td[data-label="Who"]').allTextContents()))
    .toEqual(new Set([CLERK.email]));
  await expectNoAxeViolations(owner, 'the Audit Log, by person');
  await owner.screenshot({ path: test.info().outputPath('audit-by-person-1280.png') });
  await owner.setViewportSize({ width: 375, height: 900 });
  await expectNothingPastTheEdge(owner);
  await owner.getByLabel('Person').scrollIntoViewIfNeeded();
  await owner.screenshot({ path: test.info().outputPath('audit-by-person-375.png') });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.getByLabel('Person').selectOption({ label: 'Everyone' });
  await expect
    .poll(async () => new Set(await audit.locator('tbody td[data-label="Who"]').allTextContents()).size)
    .toBeGreaterThan(1);

  await clerkContext.close();
});
