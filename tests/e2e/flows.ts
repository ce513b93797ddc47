import { createOrderId } from '@store/core';
import { expect, type APIRequestContext, type Locator, type Page } from './fixtures';
import { BANK_ACCOUNTS, CARDS, CVV, ROUTING_NUMBER } from './test-data';

/** Steps several specs take the same way. */

/**
 * The storefront with an empty cart: the cart is kept for the tab (sessionStorage), so a test that fills
 * it again in the same tab starts from nothing, as a new visit would.
 */
export async function storefrontWithEmptyCart(page: Page) {
  // Emptied from a page of the store's own where its app does not run: a running app keeps its cart in
  // the tab's storage, and could write it back while the storage is being emptied.
  await page.goto('/robots.txt');
  await page.evaluate(() => {
    sessionStorage.removeItem('cart');
    sessionStorage.removeItem('cartCheckoutRequestId');
    sessionStorage.removeItem('cartId');
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /cart, 0 items/i })).toBeVisible();
}

/** Two reams in the cart: $19.98 and 5% tax, $20.98; the cart open. */
export async function cartWithTwoReams(page: Page) {
  await storefrontWithEmptyCart(page);
  await page.getByRole('tab', { name: /Paper/ }).click();
  await page.getByRole('button', { name: 'Increase', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart.getByText('$20.98').first()).toBeVisible();
  return cart;
}

/** The contact and delivery address the shoppers of these tests give. */
export const DELIVERY = {
  email: 'pat@example.com',
  name: 'Pat Shopper',
  address: '12 Paper Lane',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/**
 * Fills the cart's "Contact and delivery" form when it shows (a tab that gave them already shows them
 * read-only, and a signed-in customer is not asked for an email).
 */
export async function fillDelivery(page: Page, delivery = DELIVERY) {
  const cart = page.getByRole('dialog', { name: /cart/i });
  // The form, or the details given before shown read-only.
  await expect(cart.getByRole('region', { name: /^(Contact and delivery|Deliver to)$/ })).toBeVisible();
  const form = cart.getByRole('region', { name: 'Contact and delivery' });
  if (!(await form.isVisible())) return;
  const email = form.getByLabel('Email');
  if (await email.isVisible()) await email.fill(delivery.email);
  await form.getByLabel('Full name').fill(delivery.name);
  await form.getByLabel('Address', { exact: true }).fill(delivery.address);
  await form.getByLabel('City').fill(delivery.city);
  await form.getByLabel('State').fill(delivery.state);
  await form.getByLabel('ZIP code').fill(delivery.zip);
}

/** From the open cart of two reams to the sandbox gateway's hosted payment page. */
export async function toHostedPage(page: Page) {
  await fillDelivery(page);
  await page.getByRole('dialog', { name: /cart/i }).getByRole('button', { name: 'Pay $20.98' }).click();
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
}

/** Pays on the sandbox gateway's hosted payment page with a test card, and waits for the store's result page. */
export async function payOnHostedPage(page: Page, card: string, amount: string) {
  await expect(page).toHaveURL(/\/sandbox\/hpp\?/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel(/Expiration/).fill('12/30');
  await page.getByLabel('CVV').fill(CVV);
  await page.getByLabel('Cardholder name').fill('Pat Shopper');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/payment-complete/);
}

/** A guest's payment as the storefront and the hosted payment page make it: authorized, awaiting capture. */
export async function guestPayment(
  request: APIRequestContext,
  baseURL: string,
  items: { productId: string; quantity: number }[],
  amount: number,
  delivery = DELIVERY,
): Promise<string> {
  const orderId = createOrderId('card');
  const returnUrl = `${baseURL}/payment-complete`;
  const { email, ...address } = delivery;
  // The store takes state changes only from its own pages, which say so with their Origin.
  const headers = { origin: baseURL };
  const created = await request.post('/api/payment/create-payment', {
    headers,
    data: {
      amount,
      orderId,
      customerName: 'Guest',
      redirectUrl: returnUrl,
      items,
      delivery: { email, address: { ...address, country: 'US' } },
    },
  });
  expect(created.ok()).toBe(true);
  const { requestId } = (await created.json()) as { requestId: string };
  const paid = await request.post('/sandbox/hpp/pay', {
    form: {
      cardNumber: CARDS.visa,
      expiry: '12/30',
      cvv: CVV,
      name: 'Pat Shopper',
      total: amount.toFixed(2),
      invoice: orderId,
      returnUrl,
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const verified = await request.post('/api/payment/verify-payment', { headers, data: { requestId } });
  expect(((await verified.json()) as { status: string }).status).toBe('success');
  return orderId;
}

export const OPERATOR = { username: 'operator', password: 'e2e-operator-password' };

/** Signs the operator in; the console opens on Pending Payments. */
export async function signInAsOperator(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export const CUSTOMER_PASSWORD = 'paper clips and staples';

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up a new customer, who lands on My Account. */
export async function registerCustomer(page: Page, name: string, email = uniqueEmail('customer')) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/account$/);
  return email;
}

type Dialog = ReturnType<Page['getByRole']>;

/** Fills the Add Payment Method dialog's address part, as product §5 orders it. */
async function fillMethodAddress(dialog: Dialog) {
  await dialog.getByLabel('Account holder name').fill('Pat Shopper');
  await dialog.getByLabel('Address').fill('1 Main St');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP code').fill('78701');
  await dialog.getByLabel('Email').fill('pat@example.com');
}

/**
 * The card number field of the Add Payment Method dialog: the input inside the gateway's frame, where the
 * number is typed (the store's page never holds it).
 */
export function cardNumberInFrame(dialog: Dialog): Locator {
  return dialog.frameLocator('iframe[title="Card number"]').getByLabel('Card number');
}

/** Saves a card from My Account, valid until December three years from now. */
export async function addSavedCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await fillMethodAddress(dialog);
  await cardNumberInFrame(dialog).fill(number);
  await dialog.getByLabel('Expiry month').selectOption('12');
  await dialog.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await dialog.getByRole('button', { name: 'Save payment method' }).click();
  // Said where it is seen, however far the form is scrolled, for the second before the dialog closes.
  await expect(dialog.getByRole('status').filter({ hasText: 'Payment method added.' })).toBeInViewport({
    ratio: 1,
  });
  await expect(dialog).toBeHidden();
}

/** Saves the test checking account ("•••• 6789") from My Account. */
export async function addSavedBankAccount(page: Page, bankName = 'First Sandbox Bank') {
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByLabel('Bank account').check();
  await fillMethodAddress(dialog);
  await dialog.getByLabel('Routing number').fill(ROUTING_NUMBER);
  await dialog.getByLabel('Account number').fill(BANK_ACCOUNTS.checking);
  await dialog.getByLabel('Bank name').fill(bankName);
  await dialog.getByLabel('Account type').selectOption('CHECKING');
  await dialog.getByRole('button', { name: 'Save payment method' }).click();
  await expect(dialog).toBeHidden();
}

/** One pen pack in the cart (from the storefront), the cart open: $15.74. */
export async function cartWithOnePenPack(page: Page) {
  await storefrontWithEmptyCart(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('dialog', { name: /cart/i });
  await expect(cart.getByText('$15.74').first()).toBeVisible();
  return cart;
}

/**
 * The keyboard is at this element: it is its document's active element. Unlike `toBeFocused`, this does not
 * ask that the browser's window have the system's focus too, which a test with two windows open (a second
 * person's, a second tab) cannot count on while several tests run at once.
 */
export async function expectFocused(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => node === (node.getRootNode() as Document).activeElement), {
      message: 'the keyboard is at the element',
    })
    .toBe(true);
}

/**
 * The owner adds a person on the Staff tab (the owner's page is signed in), and the person sets their
 * password with the set-up link the dialog shows once, on their own page.
 */
export async function addStaffPerson(
  owner: Page,
  person: Page,
  who: { name: string; email: string; role: 'manager' | 'clerk' | 'viewer' | 'owner'; password: string },
) {
  await owner.getByRole('tab', { name: 'Staff' }).click();
  await owner.getByRole('button', { name: 'Add person' }).click();
  const add = owner.getByRole('dialog', { name: 'Add person' });
  await add.getByLabel('Name').fill(who.name);
  await add.getByLabel('Email').fill(who.email);
  await add.getByLabel('Role').selectOption(who.role);
  await add.getByRole('button', { name: 'Add person' }).click();
  const link = await add.getByLabel('Set-up link').inputValue();
  await add.getByRole('button', { name: 'Done' }).click();
  await expect(add).toBeHidden();

  await person.goto(link);
  await expect(person.getByRole('heading', { name: `Welcome, ${who.name}` })).toBeVisible();
  await person.getByLabel('New password').fill(who.password);
  await person.getByLabel('Confirm password').fill(who.password);
  await person.getByRole('button', { name: 'Set password' }).click();
  await expect(person.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
}

/**
 * Every cell and button of a table lies inside the page and inside its own card, with nothing scrolled
 * sideways, and every button is the element a click at its centre reaches.
 */
export async function expectWholeTableInView(page: Page, table: Locator) {
  const width = page.viewportSize()!.width;
  const outOfView = await table.evaluate((element, viewportWidth) => {
    const box = element.parentElement!.getBoundingClientRect();
    const problems: string[] = [];
    if (element.parentElement!.scrollWidth > element.parentElement!.clientWidth) {
      problems.push(`the table scrolls sideways (${element.parentElement!.scrollWidth} px wide)`);
    }
    for (const cell of element.querySelectorAll<HTMLElement>('tbody td, thead th, button')) {
      if (cell.getClientRects().length === 0) continue;
      if (cell.closest('thead') && getComputedStyle(cell.closest('thead')!).position === 'absolute') continue;
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < Math.max(0, box.left) - 0.5 || rect.right > Math.min(viewportWidth, box.right) + 0.5) {
        problems.push(`${cell.tagName} "${cell.textContent?.trim()}" spans ${rect.left}–${rect.right}`);
      }
    }
    return problems;
  }, width);
  expect(outOfView).toEqual([]);
  const buttons = table.getByRole('button');
  for (let index = 0; index < (await buttons.count()); index++) await expectClickable(buttons.nth(index));
}

/**
 * Checks a state that closes itself a moment after it shows, such as a dialog that closes a second after it
 * succeeds, however slow the machine: `act` brings the state about and `shown` says it is there. The page's
 * clock (its timers, dates and animation frames; not CSS animations) is paused before `act`, and moves a
 * millisecond at a time while `check` runs, as axe waits on a zero-delay timer after each rule: a check moves
 * it a few milliseconds, so a timer set a second or more ahead does not fall due during it. The state is
 * still shown after the check; then the clock runs again in real time, and the state closes.
 */
export async function checkBeforeItCloses(
  page: Page,
  { act, shown, check }: { act: () => Promise<void>; shown: Locator; check: () => Promise<void> },
) {
  await page.clock.install();
  // A moment ahead of now: the clock runs on while the call travels, and cannot be paused in the past.
  await page.clock.pauseAt(Date.now() + 1_000);
  await act();
  await expect(shown).toBeVisible();
  const run = check();
  let done = false;
  void run.finally(() => (done = true)).catch(() => undefined);
  while (!done) await page.clock.runFor(1);
  await run;
  await expect(shown).toBeVisible();
  await page.clock.resume();
}

/** Waits for the page's transitions and animations to finish (not the endless ones: spinners, shimmers). */
export async function animationsFinished(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** The control can be scrolled to, and a click at its centre reaches it (nothing covers it, nothing clips it). */
export async function expectClickable(control: Locator) {
  // Retried for a moment: a page just resized or scrolled may still be laying out.
  await expect(async () => {
    await control.scrollIntoViewIfNeeded();
    const reached = await control.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
    expect(reached, `${await control.textContent()} can be clicked`).toBe(true);
  }).toPass({ timeout: 15_000 });
}

/**
 * Nothing on the page, or in its open dialog, reaches past the window's edges (a control there cannot be
 * reached), and the page does not scroll sideways. Not counted: what is not on the screen at all (no width,
 * or clipped to nothing for screen readers, as a table's header row while its rows are cards), and what
 * scrolls inside a box of its own that fits the window (a wide table on a phone).
 */
export async function expectNothingPastTheEdge(page: Page) {
  // Retried for a moment: a page just resized may still be laying out (a chart redrawn at its new width).
  await expect(async () => {
    const past = await page.evaluate(() => {
      const clipped = (element: Element): boolean => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          if (getComputedStyle(node).clipPath !== 'none') return true;
        }
        return false;
      };
      const scrolledInside = (element: Element): boolean => {
        for (let node = element.parentElement; node; node = node.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(node).overflowX)) {
            const box = node.getBoundingClientRect();
            return box.left >= -1 && box.right <= window.innerWidth + 1;
          }
        }
        return false;
      };
      return [...document.querySelectorAll('main *, dialog[open], dialog[open] *')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
        })
        .filter((element) => !clipped(element) && !scrolledInside(element))
        .map((element) => element.outerHTML.slice(0, 80));
    });
    expect(past).toEqual([]);
  }).toPass({ timeout: 15_000 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** How many pixels of the element the shopper can see (inside its scrolling box and the window). */
export async function visibleHeight(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const rect = target.getBoundingClientRect();
    let top = Math.max(rect.top, 0);
    let bottom = Math.min(rect.bottom, window.innerHeight);
    for (let box = target.parentElement; box; box = box.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowY)) continue;
      const clip = box.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
    return Math.max(0, bottom - top);
  });
}

/** The sandbox wallet's sheet: pick a card and pay (or cancel). */
export async function payInSheet(page: Page, wallet: string, card: RegExp | null) {
  const sheet = page.getByRole('dialog', { name: wallet });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('$20.98').first()).toBeVisible();
  if (card === null) {
    await sheet.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await sheet.getByRole('radio', { name: card }).check();
    await sheet.getByRole('button', { name: 'Pay $20.98' }).click();
  }
  await expect(sheet).toBeHidden();
}
