import { readdirSync } from 'node:fs';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page, type Request } from './fixtures';
import {
  addSavedBankAccount,
  cardNumberInFrame,
  cartWithOnePenPack,
  expectClickable,
  expectNothingPastTheEdge,
  fillDelivery,
  registerCustomer,
} from './flows';
import { CARDS } from './test-data';

/**
 * Card numbers never reach the store (decision 054): this store speaks to the standalone sandbox gateway
 * on another origin, as a store speaks to CardPointe, and the Add Payment Method form holds the gateway's
 * Hosted iFrame Tokenizer. Every request the page sends to the store is recorded and read.
 */

const root = new URL('../..', import.meta.url).pathname;

/** Every way a card number can be written in a request: its digits, grouped by 4, URL-encoded. */
function cardNumberForms(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const groups = digits.match(/.{1,4}/g) ?? [];
  return [digits, groups.join(' '), groups.join('%20'), groups.join('+'), groups.join('-')];
}

/** Records every request the page (and its frames) sends to the store's own origin. */
function recordStoreRequests(page: Page): Request[] {
  const storeOrigin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url())
    .origin;
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === storeOrigin) sent.push(request);
  });
  return sent;
}

function expectNoCardNumberIn(requests: Request[], number: string) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const sent = `${request.url()}\n${request.postData() ?? ''}\n${JSON.stringify(request.headers())}`;
    for (const form of cardNumberForms(number)) {
      expect(sent, `${request.method()} ${request.url()}`).not.toContain(form);
    }
  }
}

async function fillBillingAddress(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Account holder name').fill('Pat Shopper');
  await dialog.getByLabel('Address').fill('1 Main St');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByLabel('State').fill('TX');
  await dialog.getByLabel('ZIP code').fill('78701');
  await dialog.getByLabel('Email').fill('pat@example.com');
}

for (const width of [375, 1024, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    test('a customer saves a card typed in the gateway’s frame; no request to the store carries the number, and the card pays', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await registerCustomer(page, 'Frieda Frame');
      const sent = recordStoreRequests(page);

      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
      const frame = dialog.locator('iframe[title="Card number"]');
      await expect(frame).toBeVisible();
      // The frame is the gateway's, on its own origin: the store's scripts cannot read it.
      const frameUrl = new URL((await frame.getAttribute('src'))!);
      expect(frameUrl.origin).not.toBe(new URL(page.url()).origin);
      expect(frameUrl.pathname).toBe('/itoke/ajax-tokenizer.html');
      // Until the gateway's page has loaded, the frame holds the browser's first blank page, which is the
      // store's to read: the check is on the loaded frame.
      await expect(cardNumberInFrame(dialog)).toBeVisible();
      expect(
        await frame.evaluate((element) => {
          try {
            return (element as HTMLIFrameElement).contentDocument === null ? 'unreadable' : 'readable';
          } catch {
            return 'unreadable';
          }
        }),
      ).toBe('unreadable');

      await fillBillingAddress(dialog);
      // The keyboard goes into the frame and out of it as through any field.
      await dialog.getByLabel('Expiry month').focus();
      await page.keyboard.press('Shift+Tab');
      await expect(cardNumberInFrame(dialog)).toBeFocused();
      await page.keyboard.type(CARDS.visa.replace(/\s/g, ''));
      await expect(cardNumberInFrame(dialog)).toHaveValue(CARDS.visa);
      await page.keyboard.press('Tab');
      await expect(dialog.getByLabel('Expiry month')).toBeFocused();
      await dialog.getByLabel('Expiry month').selectOption('12');
      await dialog.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));

      await expectNothingPastTheEdge(page);
      await expectClickable(dialog.getByRole('button', { name: 'Save payment method' }));
      await expectNoAxeViolations(page, `the Add Payment Method dialog with the card frame at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`card-frame-${width}.png`) });
      // The page holds no field with the number: it is in the frame only.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('input')].some((input) =>
            /\d{12}/.test(input.value.replace(/\D/g, '')),
          ),
        ),
      ).toBe(false);

      await dialog.getByRole('button', { name: 'Save payment method' }).click();
      await expect(dialog.getByText('Payment method added.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('VISA •••• 1111')).toBeVisible();

      // Paying with it authorizes.
      const cart = await cartWithOnePenPack(page);
      await expect(cart.getByText(/VISA •••• 1111/).first()).toBeVisible();
      await fillDelivery(page);
      await cart.getByRole('button', { name: 'Pay $15.74' }).click();
      await expect(page).toHaveURL(/\/payment-complete$/);
      await expect(page.getByRole('heading', { name: /payment successful/i })).toBeVisible();

      expect(sent.some((request) => request.url().endsWith('/api/payment/save-payment-token'))).toBe(true);
      expect(sent.some((request) => request.url().endsWith('/api/payment/process-with-token'))).toBe(true);
      expectNoCardNumberIn(sent, CARDS.visa);
    });
  });
}

test('the store refuses a card number sent to its proxy, and bank accounts still save', async ({ page }) => {
  await registerCustomer(page, 'Prox E. Refused');
  const answer = await page.request.post('/api/payment/tokenize-proxy', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      mode: 'CC',
      name: 'Prox E. Refused',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      email: 'prox@example.com',
      accountNumber: CARDS.mastercard,
      expiryMonth: '12',
      expiryYear: String(new Date().getFullYear() + 3),
    },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ message: 'Card numbers are entered in the secure card field' });

  await addSavedBankAccount(page);
  await expect(page.getByText('Checking · First Sandbox Bank •••• 6789')).toBeVisible();
});

test('a card field that cannot load says so, and loads when tried again', async ({ page }) => {
  await registerCustomer(page, 'Rhett Rye');
  await page.route('**/api/payment/card-entry', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' }),
  );
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog.getByRole('alert')).toContainText('The secure card field did not load.');
  await expect(dialog.locator('iframe[title="Card number"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the Add Payment Method dialog, card field not loaded');

  await page.unroute('**/api/payment/card-entry');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await cardNumberInFrame(dialog).fill(CARDS.visa);
  await expect(cardNumberInFrame(dialog)).toHaveValue(CARDS.visa);
});

test('the page with the card frame runs only the store’s own scripts, as the inventory lists them', async ({
  page,
}) => {
  // The inventory (docs/payment-page-scripts.md): the storefront's bundles as built, from the store.
  const built = new Set(readdirSync(`${root}/apps/web/dist/assets`).filter((name) => name.endsWith('.js')));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await registerCustomer(page, 'Scott Scripts');
  const answer = await page.goto('/account');
  const policy = answer!.headers()['content-security-policy'] ?? '';
  // The store's own scripts, and Google's pay.js where Google Pay is set up; frames from the store and the
  // gateway's card frame (and Google Pay's sheet).
  expect(policy).toMatch(/script-src 'self'( https:\/\/pay\.google\.com)?(;|$)/);
  expect(policy).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:\d+( https:\/\/pay\.google\.com)?(;|$)/);

  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await cardNumberInFrame(dialog).fill(CARDS.visa);
  await expect(cardNumberInFrame(dialog)).toHaveValue(CARDS.visa);

  expect(scripts.length).toBeGreaterThan(0);
  const storeOrigin = new URL(page.url()).origin;
  for (const script of scripts) {
    const url = new URL(script);
    expect(url.origin, script).toBe(storeOrigin);
    expect(built.has(url.pathname.replace(/^\/assets\//, '')), `${script} is one of the built bundles`).toBe(
      true,
    );
  }
});
