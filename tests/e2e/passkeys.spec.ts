import { PASSKEY_MESSAGES, STAFF_FACTOR_MESSAGES } from '@store/core';
import type { CDPSession } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page, type Request } from './fixtures';
import {
  animationsFinished,
  expectClickable,
  expectNothingPastTheEdge,
  OPERATOR,
  signInAsOperator,
} from './flows';

/**
 * Passkeys in the console (decision 059), as a person uses them, with Chromium's virtual authenticator (a
 * platform authenticator that holds discoverable credentials and verifies its user): the operator signs in
 * with the password, adds a passkey named "Work laptop" from Your account, signs out, signs in with the
 * passkey alone (no username typed), signs in again with it over a page whose session ended, and removes it
 * after confirming with it. Also: a passkey window closed before the end (the authenticator refusing to
 * verify its user is what a browser reports for it), and the passkey the store no longer knows.
 *
 * A browser makes passkeys only for a domain name, never for an IP address ("This is an invalid domain"),
 * and the store's relying party is its PUBLIC_URL: this spec's store is addressed as http://localhost:port
 * (playwright.config.ts). Its operator is left as it was: no passkey once the test ends.
 */

const REMOVE_PATH = '/api/admin/account/passkeys/remove';

/** Chromium's virtual authenticator for the page: a passkey platform with a user it verifies. */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** False: the person does not get past the fingerprint or PIN, and the window gives nothing. */
    userVerifies: (verified: boolean) =>
      cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified }),
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * At a phone's, a tablet's and a desktop's width: nothing past the window's edge, the controls reachable,
 * axe; screenshots at 375 and 1280 px (/tmp/passkey-NAME-WIDTH.png). Back at 1280 px.
 */
async function checkAtWidths(
  page: Page,
  name: string,
  { controls = [], fullPage = false }: { controls?: Locator[]; fullPage?: boolean } = {},
) {
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await animationsFinished(page);
    await expectNothingPastTheEdge(page);
    for (const control of controls) await expectClickable(control);
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    if (width !== 1024)
      await page.screenshot({ path: test.info().outputPath(`passkey-${name}-${width}.png`), fullPage });
  }
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
}

test('the operator adds a passkey, signs in with it alone, confirms with it and removes it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const authenticator = await virtualAuthenticator(page);

  // The sign-in page: the spec's form as it was, and under it the passkey.
  await page.goto('/admin');
  const main = page.getByRole('main');
  await expect(main.getByRole('button')).toHaveText(['Sign in', 'Use a passkey']);
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  const withPasskey = page.getByRole('button', { name: 'Use a passkey' });
  await checkAtWidths(page, 'sign-in', { controls: [withPasskey], fullPage: true });

  // No passkey yet, and the window closed: nobody is signed in, said plainly, no alert.
  await authenticator.userVerifies(false);
  await withPasskey.click();
  await expect(main.getByRole('status')).toHaveText(
    'You are not signed in: the browser’s passkey window was closed before it finished.',
  );
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  await authenticator.userVerifies(true);

  await signInAsOperator(page);
  const yourAccount = page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('button', { name: 'Your account' });
  await yourAccount.click();
  const account = page.getByRole('dialog', { name: 'Your account' });
  const passkeys = account.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys).toContainText('You have no passkeys yet.');

  // Adding one: its name first.
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  const name = add.getByLabel('Name');
  await expect(name).toBeFocused();
  await add.getByRole('button', { name: 'Add passkey' }).click();
  await expect(add.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.nameRequired);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Work laptop');

  // The browser's window closed before the end: nothing added, said plainly; the name stays.
  await authenticator.userVerifies(false);
  await add.getByRole('button', { name: 'Add passkey' }).click();
  await expect(add.getByRole('status')).toHaveText(
    'No passkey was added: the browser’s passkey window was closed before it finished.',
  );
  await expect(add.getByRole('alert')).toHaveCount(0);
  await expect(name).toHaveValue('Work laptop');
  await expectNoAxeViolations(page, 'Add a passkey, the window closed');
  await page.setViewportSize({ width: 375, height: 812 });
  await animationsFinished(page);
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('passkey-add-closed-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await authenticator.userVerifies(true);
  await add.getByRole('button', { name: 'Add passkey' }).click();
  await expect(account.getByRole('status')).toHaveText('Your passkey is added');
  const listed = passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('Work laptop');
  await expect(listed.first()).toContainText(/Added \w{3} \d{1,2}, \d{4}/);
  await expect(listed.first()).toContainText('Not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  // A passkey is a second factor: the two-step sign-in is on, and no banner asks for one.
  await expect(account.getByRole('region', { name: 'Two-step sign-in' })).toContainText('On');
  await expect(page.getByRole('complementary', { name: 'Two-step sign-in' })).toHaveCount(0);
  await checkAtWidths(page, 'account', {
    controls: [listed.first().getByRole('button', { name: 'Remove Work laptop' })],
  });
  await account.getByRole('button', { name: 'Done' }).click();
  await expect(account).toBeHidden();

  // Signed out, the passkey alone signs in, no username typed, to the page the sign-in was asked for.
  await logOut(page);
  await page.goto(`/admin?next=${encodeURIComponent('/admin/dashboard?tab=history')}`);
  await expect(page.getByLabel('Username')).toHaveValue('');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=history$/);
  await expect(page.getByRole('tabpanel', { name: 'Transaction History' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toContainText(OPERATOR.username);

  // The session ends elsewhere: the sign-in over the page takes the passkey too, and the page carries on.
  const loggedOut = await page.request.post('/api/admin/logout', {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(loggedOut.status()).toBe(200);
  await page.getByRole('tab', { name: 'Pending Payments' }).click();
  const signInAgain = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(signInAgain).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in over the page, with a passkey');
  await page.setViewportSize({ width: 375, height: 812 });
  await animationsFinished(page);
  await expectNothingPastTheEdge(page);
  await expectClickable(signInAgain.getByRole('button', { name: 'Use a passkey' }));
  await page.screenshot({ path: test.info().outputPath('passkey-sign-in-again-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAgain.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(signInAgain).toBeHidden();
  await expect(page.getByRole('tabpanel', { name: 'Pending Payments' })).toBeVisible();

  // Your account says when it was last used.
  await yourAccount.click();
  await expect(listed.first()).toContainText(/Last used \w{3} \d{1,2}, \d{4}/);

  // Removing it, when the store wants the second factor proved again (the store's refusal, once, in its
  // place: this session proved it a moment ago): "Confirm it is you" with the passkey, then the removal
  // goes on by itself.
  const removals: Request[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === REMOVE_PATH) removals.push(call);
  });
  await page.route(
    `**${REMOVE_PATH}`,
    (route) =>
      route.fulfill({
        status: 403,
        json: { status: 'error', error: 'step_up_required', message: STAFF_FACTOR_MESSAGES.stepUp },
      }),
    { times: 1 },
  );
  await listed.first().getByRole('button', { name: 'Remove Work laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove passkey' });
  await expect(remove).toContainText('Remove the passkey “Work laptop”?');
  await expectNoAxeViolations(page, 'Remove passkey');
  await remove.getByRole('button', { name: 'Remove passkey' }).click();

  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  // The operator has no authenticator app: the passkey is the way, and the keyboard is on it.
  const usePasskey = stepUp.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeFocused();
  await expect(stepUp.getByLabel('Code from your authenticator app')).toHaveCount(0);
  await expect(remove).toBeVisible();
  await checkAtWidths(page, 'step-up', { controls: [usePasskey] });

  await authenticator.userVerifies(false);
  await usePasskey.click();
  await expect(stepUp.getByRole('status')).toHaveText(
    'Nothing was confirmed: the browser’s passkey window was closed before it finished.',
  );
  await authenticator.userVerifies(true);
  await usePasskey.click();
  await expect(stepUp).toBeHidden();
  await expect(account.getByRole('status')).toHaveText('The passkey was removed');
  await expect(passkeys).toContainText('You have no passkeys yet.');
  await expect(account.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Off');
  expect(removals).toHaveLength(2);
  expect(removals[1]!.postData()).toBe(removals[0]!.postData());
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();

  // The passkey the device still holds is one the store no longer knows: its words, as an alert.
  await logOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(PASSKEY_MESSAGES.notRecognised);
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoAxeViolations(page, 'the admin sign-in, a passkey refused');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNothingPastTheEdge(page);
  await page.screenshot({ path: test.info().outputPath('passkey-sign-in-refused-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // With no second factor left, the password alone signs the operator in again.
  await signInAsOperator(page);
});
