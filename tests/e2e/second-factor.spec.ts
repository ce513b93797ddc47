import { readFile } from 'node:fs/promises';
import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page, type Request } from './fixtures';
import {
  addStaffPerson,
  expectClickable,
  expectFocused,
  expectNothingPastTheEdge,
  guestPayment,
  signInAsOperator,
  uniqueEmail,
  animationsFinished,
} from './flows';

/**
 * Two-step sign-in with an authenticator app (decision 059), as a person does it: a manager the owner adds
 * sets up an app from Your account (its QR code, the key, its first code, then the ten recovery codes once),
 * signs out, signs in with the password and then the code, once with a recovery code, and removes the app.
 * The codes are computed here as the person's app would. Runs on a store of its own with the default
 * policy (STAFF_SECOND_FACTOR owners-and-managers) and a step-up window of one minute
 * (ADMIN_STEP_UP_MINUTES=1), so that both of the store's refusals of a capture are real: "set up an app
 * first" before the app is added, and "confirm it is you" a minute after the code was last typed. The
 * operator, the owner here, only adds the manager, which moves no money.
 */

const PERSON = { name: 'Robin Two-Step', password: 'green folders stack high' };
const STEP_MS = 30_000;

/** The person's authenticator app: a code for each 30-second step, each step used once. */
class AuthenticatorApp {
  private readonly totp: TOTP;
  private lastStep = -1;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  }

  /**
   * The code of the first step not used yet that the store takes now (its own step or the next one): the
   * store takes each step once, so a second code within 30 seconds is the next step's, and a third waits.
   */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / STEP_MS);
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * STEP_MS });
      }
      await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - now + 250));
    }
  }

  /** Six digits that are no code of the steps the store takes now. */
  wrongCode(): string {
    const now = Date.now();
    const near = new Set(
      [-1, 0, 1, 2].map((offset) => this.totp.generate({ timestamp: now + offset * STEP_MS })),
    );
    for (let candidate = 100_000; ; candidate += 1) {
      if (!near.has(String(candidate))) return String(candidate);
    }
  }
}

const CAPTURE_PATH = '/api/admin/capture-payment';
/** The store's step-up window in this spec (ADMIN_STEP_UP_MINUTES=1, playwright.config.ts). */
const STEP_UP_MS = 60_000;

function pendingRow(page: Page, orderId: string) {
  return page.getByRole('row').filter({ hasText: orderId });
}

/** Log out, and wait for the sign-in page: the tab has forgotten the session. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(PERSON.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Axe, nothing past the edge and a screenshot, at a phone's width and a desktop's; back at 1280 px. */
async function checkAtWidths(page: Page, name: string, controls: Locator[] = []) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await animationsFinished(page);
    await expectNothingPastTheEdge(page);
    for (const control of controls) await expectClickable(control);
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

/** The field's description names the message (aria-describedby), so a screen reader reads it with it. */
async function expectDescribedBy(field: Locator, message: string) {
  const described = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  expect(described).toContain(message);
}

test('a manager sets up an authenticator app, signs in with its code and with a recovery code, and removes it', async ({
  page: owner,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('two-step');
  await signInAsOperator(owner);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '10.251.9.17' },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await addStaffPerson(owner, page, { ...PERSON, email, role: 'manager' });

  // Password only, for now.
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The store asks its managers for a second factor before moving money: the banner says so at once.
  const banner = page.getByRole('complementary', { name: 'Two-step sign-in' });
  // Your account, in the header (the banner offers it too).
  const accountButton = page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('button', { name: 'Your account' });
  await expect(banner.getByRole('button', { name: 'Your account' })).toBeVisible();
  await expect(banner).toBeVisible();

  // Your account, from the header, whose buttons stay in the page beside a long username.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingPastTheEdge(page);
  await expectClickable(accountButton);
  await page.screenshot({ path: test.info().outputPath('header-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A capture refused until the person has an authenticator app: the way to set one up, over the dialog,
  // which keeps what was typed and says why nothing was captured.
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await expect(pendingRow(page, orderId)).toContainText('$15.74');
  await pendingRow(page, orderId).getByRole('button', { name: 'Partial capture' }).click();
  const partial = page.getByRole('dialog', { name: 'Partial capture' });
  const amount = partial.getByLabel('Amount to capture');
  await amount.fill('12.30');
  await partial.getByRole('button', { name: 'Capture $12.30' }).click();
  const offer = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(offer).toContainText(STAFF_FACTOR_MESSAGES.required);
  await expectFocused(offer.getByRole('button', { name: 'Not now' }));
  await expectNoAxeViolations(page, 'the offer to set up an app, over a money dialog');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
  await expect(partial.getByRole('alert')).toContainText(STAFF_FACTOR_MESSAGES.required);
  await expect(amount).toHaveValue('12.30');
  await partial.getByRole('button', { name: 'Cancel' }).click();
  await expect(partial).toBeHidden();

  // Two-step sign-in is off.
  await accountButton.click();
  const account = page.getByRole('dialog', { name: 'Your account' });
  await expect(account).toContainText(`Signed in as ${email} · Manager`);
  const twoStep = account.getByRole('region', { name: 'Two-step sign-in' });
  await expect(twoStep).toContainText('Off');
  await expect(twoStep).toContainText('You sign in with your password only.');
  await expectNoAxeViolations(page, 'Your account, no authenticator app');

  // Set up: the QR code, the key in groups of four, the code field.
  await twoStep.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up authenticator app' });
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  const keyText = (await setup
    .locator('p')
    .filter({ hasText: /^Key: / })
    .textContent())!.replace(/^Key: /, '');
  expect(keyText).toMatch(/^([A-Z2-7]{4} ?){8}$/);
  const secret = keyText.replace(/\s/g, '');
  const app = new AuthenticatorApp(secret);
  const codeField = setup.getByLabel('Code from your authenticator app');
  // The keyboard stays in the dialog, which is read from its title: the QR code and the key come first.
  await expectFocused(setup);
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  // No recovery codes yet: the app's code only.
  await expect(setup.getByRole('button', { name: 'Use a recovery code instead' })).toHaveCount(0);
  await checkAtWidths(page, 'set-up-qr', [setup.getByRole('button', { name: 'Turn on' })]);
  await setup.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // A wrong code: the store's words under the field, which keeps the keyboard.
  await codeField.fill(app.wrongCode());
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByRole('alert')).toHaveText(STAFF_FACTOR_MESSAGES.wrongCode);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expectDescribedBy(codeField, STAFF_FACTOR_MESSAGES.wrongCode);
  await expectFocused(codeField);
  await expectNoAxeViolations(page, 'the set-up, a wrong code');

  // The right one, typed as a person types (a space included: the field keeps the digits).
  const first = await app.nextCode();
  await codeField.fill('');
  await codeField.pressSequentially(`${first.slice(0, 3)} ${first.slice(3)}`);
  await expect(codeField).toHaveValue(first);
  await page.keyboard.press('Enter');

  // The ten recovery codes, once, with Copy and Download as text.
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codesDialog.getByRole('status').first()).toContainText('Your authenticator app is set up');
  await expect(codesDialog).toContainText('Shown once.');
  await expect(codesDialog).toContainText('Keep them somewhere safe');
  const codeList = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeList).toHaveCount(10);
  const recoveryCodes = (await codeList.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const copy = codesDialog.getByRole('button', { name: 'Copy', exact: true });
  await expectFocused(copy);
  await copy.click();
  await expect(codesDialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const code of recoveryCodes) expect(copied).toContain(code);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codesDialog.getByRole('link', { name: 'Download as text' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/recovery-codes\.txt$/);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain(`recovery codes for ${email}`);
  for (const code of recoveryCodes) expect(file).toContain(`\n${code}\n`);
  await checkAtWidths(page, 'recovery-codes', [copy]);

  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep).toContainText('On');
  await expect(twoStep.getByRole('definition')).toHaveText('10 of 10');
  await account.getByRole('button', { name: 'Done' }).click();
  await expect(account).toBeHidden();
  await expectFocused(accountButton);

  // Signed out, the password is not enough: the code step, keyboard only.
  await logOut(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page).toHaveTitle(/^Two-step sign-in/);
  const signInCode = page.getByLabel('Code from your authenticator app');
  await expectFocused(signInCode);
  await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(signInCode).toHaveAttribute('inputmode', 'numeric');
  await checkAtWidths(page, 'sign-in-code', [page.getByRole('button', { name: 'Verify and sign in' })]);

  await page.keyboard.type(app.wrongCode());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(STAFF_FACTOR_MESSAGES.wrongCode);
  await expectDescribedBy(signInCode, STAFF_FACTOR_MESSAGES.wrongCode);
  await expectFocused(signInCode);
  await expectNoAxeViolations(page, 'the sign-in code step, a wrong code');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('sign-in-code-wrong-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.type(await app.nextCode());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const codeTypedAt = Date.now();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toContainText(email);
  // With the app set up, the banner is gone.
  await expect(banner).toHaveCount(0);

  // A capture the store wants the code again for: "Confirm it is you" over the dialog, which stays as it
  // was; once confirmed, the same capture again, with the same Idempotency-Key.
  const captures: Request[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === CAPTURE_PATH) captures.push(call);
  });
  // A minute after the code: the store asks for it again before this capture.
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, codeTypedAt + STEP_UP_MS + 1_000 - Date.now())),
  );
  await pendingRow(page, orderId).getByRole('button', { name: 'Partial capture' }).click();
  await amount.fill('12.30');
  await partial.getByRole('button', { name: 'Capture $12.30' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  const stepUpCode = stepUp.getByLabel('Code from your authenticator app');
  await expectFocused(stepUpCode);
  await expect(partial).toBeVisible();
  await expect(amount).toHaveValue('12.30');
  await expectNoAxeViolations(page, 'Confirm it is you, over a money dialog');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('step-up-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.type(app.wrongCode());
  await page.keyboard.press('Enter');
  await expect(stepUp.getByRole('alert')).toHaveText(STAFF_FACTOR_MESSAGES.wrongCode);
  await expectFocused(stepUpCode);
  await page.keyboard.type(await app.nextCode());
  await page.keyboard.press('Enter');
  await expect(stepUp).toBeHidden();
  await expect(partial).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Captured $12.30' })).toBeVisible();
  await expect(pendingRow(page, orderId)).toHaveCount(0);
  expect(captures).toHaveLength(2);
  const keys = captures.map((call) => call.headers()['idempotency-key']);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(captures[1]!.postData()).toBe(captures[0]!.postData());

  // Signed out in another tab: the sign-in over the page asks for the password, then the code, in place.
  const other = await context.newPage();
  await other.goto('/admin');
  expect(
    await other.evaluate(async () => {
      const answer = await fetch('/api/admin/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      return answer.status;
    }),
  ).toBe(200);
  await other.close();
  // Back in the first tab, which has the window's focus again.
  await page.bringToFront();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  const signInAgain = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(signInAgain).toBeVisible();
  await signInAgain.getByLabel('Password').fill(PERSON.password);
  await signInAgain.getByLabel('Password').press('Enter');
  const againCode = signInAgain.getByLabel('Code from your authenticator app');
  await expectFocused(againCode);
  await expect(againCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page, 'the sign-in over the page, its code step');
  await againCode.fill(await app.nextCode());
  await againCode.press('Enter');
  await expect(signInAgain).toBeHidden();
  await expect(page.getByRole('tabpanel', { name: 'Transaction History' })).toBeVisible();

  // The sign-in that waited for the code is gone (its cookie here): back to the password, saying so.
  await logOut(page);
  await signInWithPassword(page, email);
  await expectFocused(signInCode);
  await context.clearCookies();
  await signInCode.fill(app.wrongCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(STAFF_FACTOR_MESSAGES.noPendingSignIn);
  await expectFocused(page.getByLabel('Password'));
  await expect(page.getByLabel('Username')).toHaveValue(email);

  // A recovery code, once.
  await page.getByLabel('Password').fill(PERSON.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recoveryField = page.getByLabel('Recovery code');
  await expectFocused(recoveryField);
  await expect(recoveryField).toHaveAttribute('inputmode', 'text');
  await expectNoAxeViolations(page, 'the sign-in recovery code step');
  await recoveryField.fill(recoveryCodes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await logOut(page);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await recoveryField.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(STAFF_FACTOR_MESSAGES.wrongCode);
  await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click();
  await expectFocused(signInCode);
  await signInCode.fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Your account counts what is left; Remove asks a code.
  await accountButton.click();
  await expect(twoStep.getByRole('definition')).toHaveText('9 of 10');
  await twoStep.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove authenticator app' });
  await expect(remove).toContainText('Sign in with your password only again?');
  const removeCode = remove.getByLabel('Code from your authenticator app');
  await expectFocused(removeCode);
  await expectNoAxeViolations(page, 'Remove authenticator app');
  await removeCode.fill(await app.nextCode());
  await remove.getByRole('button', { name: 'Remove app' }).click();
  await expect(account.getByRole('status')).toHaveText('Your authenticator app was removed');
  await expect(twoStep).toContainText('Off');
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();

  // The password alone signs in again.
  await logOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await context.close();
});
