import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page, type Request } from './fixtures';
import { animationsFinished, guestPayment, OPERATOR, signInAsOperator } from './flows';

/**
 * The console's idle timeout (decision 057; PCI DSS 4.0.1 8.2.8): every console call says how long its
 * person has been idle; a minute before the limit (15 minutes on this store) the console asks "Still
 * there?", and at the limit, or when a call answers 401, it asks for the password over the page, so that a
 * half-typed amount is kept. The browser's clock is driven by Playwright (the store's is real: its session
 * stays alive, which the client's warning and sign-in do not wait for); the 401 is real, from signing out in
 * another tab.
 */

const IDLE_HEADER = 'x-console-idle-ms';

function rowOf(page: Page, orderId: string) {
  return page
    .getByRole('row')
    .filter({ hasText: orderId })
    .filter({ hasNotText: /Refund to card|Scheduled: runs after|Charge cancelled/ });
}

function idleOf(request: Request): number {
  return Number(request.headers()[IDLE_HEADER]);
}

function isConsoleCall(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/api/admin/');
}

/** An authorized pen pack, its Partial capture dialog open with an amount half typed (keys, as a person types). */
async function halfTypedCapture(page: Page, orderId: string, typed: string): Promise<Locator> {
  await rowOf(page, orderId).getByRole('button', { name: 'Partial capture' }).click();
  const partial = page.getByRole('dialog', { name: 'Partial capture' });
  const amount = partial.getByLabel('Amount to capture');
  await amount.fill('');
  await amount.pressSequentially(typed);
  await expect(amount).toHaveValue(typed);
  return partial;
}

/**
 * The browser's wall clock stops, and moves only when the test says the person waited: the page's timers
 * still run (axe and the animations need them), but the checks, axe and screenshots, which take seconds of
 * real time on a busy machine, do not count as the person's idle time. Each wait moves the clock and fires
 * the page's timers that fall due in it, as a real wait would.
 */
async function frozenClock(page: Page): Promise<(duration: string) => Promise<void>> {
  let now = await page.evaluate(() => Date.now());
  await page.clock.setFixedTime(now);
  return async (duration) => {
    const [minutes, seconds] = duration.split(':').map(Number);
    now += (minutes! * 60 + seconds!) * 1000;
    await page.clock.setFixedTime(now);
    await page.clock.fastForward(duration);
  };
}

async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // A phone's dialog slides up again when the width changes: taken once it has arrived.
    await animationsFinished(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a minute before the idle limit the console asks "Still there?"; at it, the password over the page, the typed amount kept', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await page.clock.install();
  await signInAsOperator(page);
  await expect(rowOf(page, orderId)).toContainText('$15.74');
  const partial = await halfTypedCapture(page, orderId, '12.3');
  const amount = partial.getByLabel('Amount to capture');
  const wait = await frozenClock(page);

  // The lists refresh by themselves and say how long the person has been idle: that keeps nobody signed in.
  const idleRefresh = page.waitForRequest((call) => isConsoleCall(call) && idleOf(call) >= 5 * 60_000);
  await wait('05:00');
  await idleRefresh;

  const warning = page.getByRole('alertdialog', { name: 'Still there?' });
  await wait('08:45');
  await expect(partial).toBeVisible();
  await expect(warning).toHaveCount(0);

  // 14 minutes idle: the warning, the keyboard on its button, the countdown in its description.
  await wait('00:20');
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAccessibleDescription(
    /^You will be signed out in 0:[45]\d for your security\.$/,
  );
  const stay = warning.getByRole('button', { name: 'Stay signed in' });
  await expect(stay).toBeFocused();
  await expect(warning.getByRole('status')).toHaveText('Less than a minute left before you are signed out.');
  await expectNoAxeViolations(page, 'the idle warning');
  await screenshotAtWidths(page, 'idle-warning');

  // The countdown is told to a screen reader at 30 seconds, not every second.
  await wait('00:30');
  await expect(warning.getByRole('status')).toHaveText('30 seconds left before you are signed out.');

  // Stay signed in: the session is read, saying the person is here.
  const presence = page.waitForRequest(
    (call) => new URL(call.url()).pathname === '/api/admin/session' && idleOf(call) < 5_000,
  );
  await stay.press('Enter');
  await presence;
  await expect(warning).toBeHidden();
  await expect(amount).toHaveValue('12.3');
  await expect(amount).toBeFocused();

  // Any activity also closes the warning: a key pressed anywhere.
  await wait('14:10');
  await expect(warning).toBeVisible();
  await page.keyboard.press('Shift');
  await expect(warning).toBeHidden();

  // 15 minutes idle: signed out, the sign-in over the page; the page behind is inert, its dialog as it was.
  await wait('15:05');
  const signIn = page.getByRole('alertdialog', { name: 'Signed out after 15 minutes without activity' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAccessibleDescription(
    'For your security. Sign in again to carry on: what you typed on this page is kept.',
  );
  const username = signIn.getByLabel('Username');
  await expect(username).toHaveValue(OPERATOR.username);
  await expect(username).not.toBeEditable();
  const password = signIn.getByLabel('Password');
  await expect(password).toBeFocused();
  await expect(amount).toHaveValue('12.3');
  expect(await signIn.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  await expect(
    partial.getByRole('button', { name: 'Capture $12.30' }).click({ trial: true, timeout: 1_000 }),
  ).rejects.toThrow();
  await expectNoAxeViolations(page, 'the sign-in over the page');
  await screenshotAtWidths(page, 'idle-sign-in');

  // Escape does not dismiss it, even twice.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(signIn).toBeVisible();

  await password.fill('not-the-password');
  await password.press('Enter');
  await expect(signIn.getByRole('alert')).toHaveText('Invalid credentials');
  await expectNoAxeViolations(page, 'the sign-in over the page, refused');
  await password.fill(OPERATOR.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toBeHidden();

  // The person carries on: the half-typed amount, finished and captured with the new session.
  await expect(amount).toHaveValue('12.3');
  await partial.getByRole('button', { name: 'Capture $12.30' }).click();
  await expect(partial).toBeHidden();
  await expect(rowOf(page, orderId)).toHaveCount(0);
});

test('signed out in another tab, the console asks for the password over the page at its next call, the typed amount kept', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await signInAsOperator(page);
  await expect(rowOf(page, orderId)).toContainText('$15.74');
  const partial = await halfTypedCapture(page, orderId, '9.99');
  const amount = partial.getByLabel('Amount to capture');

  // Another tab of the same browser signs out: the session ends on the server.
  const other = await context.newPage();
  await other.goto('/admin');
  const status = await other.evaluate(async () => {
    const answer = await fetch('/api/admin/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return answer.status;
  });
  expect(status).toBe(200);
  await other.close();

  // The operator captures: refused (401), or a list's refresh was refused a moment before and the sign-in
  // is already over the page. Either way the page stays as it was.
  await partial
    .getByRole('button', { name: 'Capture $9.99' })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  const signIn = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(signIn).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(signIn.getByLabel('Username')).toHaveValue(OPERATOR.username);
  await expect(amount).toHaveValue('9.99');

  await signIn.getByLabel('Password').fill(OPERATOR.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(amount).toHaveValue('9.99');
  await partial.getByRole('button', { name: 'Capture $9.99' }).click();
  await expect(partial).toBeHidden();
  await expect(rowOf(page, orderId)).toHaveCount(0);
});

test('on an order page, "Sign out" in the sign-in over the page goes to the sign-in page', async ({
  page,
  request,
  baseURL,
}) => {
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'pen-pack-100', quantity: 1 }], 15.74);
  await page.clock.install();
  await signInAsOperator(page);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();

  await page.clock.fastForward('15:05');
  const signIn = page.getByRole('alertdialog', { name: 'Signed out after 15 minutes without activity' });
  await expect(signIn).toBeVisible();
  await signIn.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
});
