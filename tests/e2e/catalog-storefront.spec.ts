import type { AdminProduct } from '@store/core';
import { expectNoAxeViolations } from './axe';
import type { Browser } from '@playwright/test';
import { expect, test, type Locator, type Page } from './fixtures';
import { expectNothingPastTheEdge, fillDelivery, payOnHostedPage, signInAsOperator } from './flows';
import { CARDS } from './test-data';

/**
 * The storefront follows the catalog the owner runs (decision 061): the page comes with the catalog in it;
 * up to four products are tabs, more a grid of cards; a product out of stock cannot be added; a Cancel on
 * the payment page lets the last unit go at once, to another shopper, and the first is told (decision 062);
 * a product withdrawn while in a cart leaves it, named; a new price leaves the receipts of earlier orders as
 * they were. Runs on a store of its own, in order: each test builds on the catalog the one before left.
 */

test.describe.configure({ mode: 'serial' });

const LAST_UNIT = { name: 'Desk Organizer Tray', sku: 'CAT-TRAY', price: '4.50', stockOnHand: 1 };
const SOLD_OUT = { name: 'Wireless Label Printer', sku: 'CAT-LABEL', price: '89.00', stockOnHand: 0 };
const WITHDRAWN = { name: 'Binder Clips, Box of 24', sku: 'CAT-CLIPS', price: '3.20', stockOnHand: 50 };
const REPRICED = { name: 'Highlighters, 6 Colours', sku: 'CAT-HIGH', price: '7.80', stockOnHand: 100 };

/** The owner's console, signed in, in a browser context of its own. */
async function ownerConsole(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsOperator(page);
  return page;
}

/** The store's product calls, made from the signed-in console page (its session, its origin). */
async function productCall(page: Page, method: 'POST' | 'PUT', path: string, body: unknown) {
  const status = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBe(200);
}

async function readProduct(page: Page, sku: string): Promise<AdminProduct> {
  const products = await page.evaluate(async () => {
    const response = await fetch('/api/admin/products', { credentials: 'same-origin' });
    return ((await response.json()) as { products: AdminProduct[] }).products;
  });
  return products.find((product) => product.sku === sku)!;
}

/** Saves a product as the Products form does: every field, changed as asked, with the stock it showed. */
async function changeProduct(page: Page, sku: string, change: { price?: string; active?: boolean }) {
  const product = await readProduct(page, sku);
  await productCall(page, 'PUT', `/api/admin/products/${product.id}`, {
    name: product.name,
    shortName: product.shortName,
    sku: product.sku,
    price: product.price.toFixed(2),
    description: product.description,
    features: product.features,
    stockOnHand: product.stockOnHand,
    lowStockThreshold: product.lowStockThreshold,
    unitOfMeasure: product.unitOfMeasure,
    upc: product.upc,
    commodityCode: product.commodityCode,
    taxCategory: product.taxCategory,
    active: product.active,
    ...change,
    stockWas: product.stockOnHand,
  });
}

function productCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Products' });
}

function card(page: Page, name: string): Locator {
  return productCards(page).getByRole('button', { name: new RegExp(`^${name.replace(/[(),]/g, '.')}`) });
}

function cart(page: Page): Locator {
  return page.getByRole('dialog', { name: /cart/i });
}

/** A shopper in a browser of their own, with one of the grid's products in the cart (the cart open). */
async function shopperWith(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await card(page, name).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cart(page).getByRole('heading', { name })).toBeVisible();
  return page;
}

test('the page comes with the catalog in it: the two products show as tabs with no call for the catalog', async ({
  page,
}) => {
  const catalogCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/catalog') catalogCalls.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('tab')).toHaveText([/Ballpoint Pens\s*\$14\.99/, /Copy Paper\s*\$9\.99/]);
  await expect(page.locator('script#catalog[type="application/json"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(catalogCalls).toEqual([]);
});

test('beyond four products the storefront is a grid of cards; one out of stock says so and cannot be added', async ({
  browser,
  page,
}) => {
  const owner = await ownerConsole(browser);
  for (const product of [LAST_UNIT, SOLD_OUT, WITHDRAWN, REPRICED]) {
    await productCall(owner, 'POST', '/api/admin/products', product);
  }
  await owner.context().close();

  await page.goto('/');
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(productCards(page).getByRole('button')).toHaveCount(6);
  await expect(card(page, SOLD_OUT.name)).toContainText('Out of stock');
  await expect(card(page, LAST_UNIT.name)).not.toContainText('Out of stock');

  // The first card's detail shows until another is chosen.
  await expect(page.getByRole('heading', { level: 2, name: 'Premium Ballpoint Pen Pack' })).toBeVisible();
  await card(page, SOLD_OUT.name).click();
  await expect(card(page, SOLD_OUT.name)).toHaveAttribute('aria-pressed', 'true');
  const detail = page.getByRole('region', { name: `${SOLD_OUT.name}, details` });
  await expect(detail.getByRole('heading', { name: SOLD_OUT.name })).toBeVisible();
  await expect(detail.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  // A product without a picture shows the plain parcel drawing, described by its name.
  await expect(detail.getByRole('img', { name: `No picture yet of ${SOLD_OUT.name}` })).toBeVisible();

  await card(page, LAST_UNIT.name).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expectNoAxeViolations(page, 'the storefront as a grid of products');

  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await productCards(page).scrollIntoViewIfNeeded();
    if (width === 375) await expectNothingPastTheEdge(page);
    await page.screenshot({ path: test.info().outputPath(`catalog-grid-${width}.png`), fullPage: true });
  }
});

test('a shopper who cancels on the payment page lets the last unit go at once; the other pays for it, and the first is told it is out of stock', async ({
  browser,
}) => {
  const first = await shopperWith(browser, LAST_UNIT.name);
  const second = await shopperWith(browser, LAST_UNIT.name);

  // The first shopper reaches the payment page, which holds the unit, and cancels there.
  await fillDelivery(first);
  await cart(first).getByRole('button', { name: 'Pay $4.73' }).click();
  await expect(first).toHaveURL(/\/sandbox\/hpp\?/);
  const told = first.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/payment/cancel-payment',
  );
  await first.getByRole('link', { name: 'Cancel' }).click();
  await expect(cart(first).getByRole('heading', { name: LAST_UNIT.name })).toBeVisible();
  expect((await told).status()).toBe(200);

  // The unit is free at once: the second shopper pays for it.
  await fillDelivery(second);
  await cart(second).getByRole('button', { name: 'Pay $4.73' }).click();
  await payOnHostedPage(second, CARDS.visa, '$4.73');
  await expect(second.getByRole('heading', { name: /payment successful/i })).toBeVisible();

  // The first shopper, back at their cart, pays now: it is gone.
  await cart(first).getByRole('button', { name: 'Pay $4.73' }).click();
  await expect(cart(first).getByRole('alert')).toHaveText(`${LAST_UNIT.name} is out of stock`);
  await expect(first).toHaveURL(/\/$/);
  // The cart is left as it was, for the shopper to change; the storefront behind it shows the catalog of now.
  await expect(cart(first).getByRole('heading', { name: LAST_UNIT.name })).toBeVisible();
  await cart(first).getByRole('button', { name: 'Close cart' }).click();
  await expect(card(first, LAST_UNIT.name)).toContainText('Out of stock');
  await card(first, LAST_UNIT.name).click();
  await expect(first.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('a new price leaves an earlier order’s receipt at the price it was paid; a cart at the old price is told', async ({
  browser,
}) => {
  const buyer = await shopperWith(browser, REPRICED.name);
  await fillDelivery(buyer);
  await cart(buyer).getByRole('button', { name: 'Pay $8.19' }).click();
  await payOnHostedPage(buyer, CARDS.visa, '$8.19');
  await buyer.getByRole('link', { name: 'View receipt' }).click();
  await expect(buyer).toHaveURL(/\/receipt\//);
  const receipt = buyer.url();

  const later = await shopperWith(browser, REPRICED.name);
  await fillDelivery(later);
  const owner = await ownerConsole(browser);
  await changeProduct(owner, REPRICED.sku, { price: '9.10' });

  await buyer.goto(receipt);
  await expect(buyer.getByRole('table', { name: /^Items in order/ }).getByRole('row')).toHaveText([
    /Item\s*Amount/,
    /Highlighters, 6 Colours\s*1 × \$7\.80\s*\$7\.80/,
    /Subtotal\s*\$7\.80/,
    /Tax \(5%\)\s*\$0\.39/,
    /Total\s*\$8\.19/,
  ]);

  // The cart opened before the change still says $8.19: the store refuses it and the cart shows the new price.
  await cart(later).getByRole('button', { name: 'Pay $8.19' }).click();
  await expect(cart(later).getByRole('alert')).toHaveText(
    'A price in your cart has changed. Please review your cart and pay again.',
  );
  await expect(cart(later).getByRole('button', { name: 'Pay $9.56' })).toBeVisible();
  await owner.context().close();
});

test('a product withdrawn while in a cart is taken out of it, and the cart says so by name', async ({
  browser,
}) => {
  const shopper = await shopperWith(browser, WITHDRAWN.name);
  await cart(shopper).getByRole('button', { name: 'Close cart' }).click();
  await card(shopper, 'Premium Copy Paper').click();
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await fillDelivery(shopper);

  const owner = await ownerConsole(browser);
  const withdrawnId = (await readProduct(owner, WITHDRAWN.sku)).id;
  await changeProduct(owner, WITHDRAWN.sku, { active: false });
  await owner.context().close();

  // Paid for as it stood: the store refuses, the cart drops the product and names it.
  await cart(shopper).getByRole('button', { name: 'Pay $13.85' }).click();
  const message = `${WITHDRAWN.name} is no longer sold. It was removed from your cart.`;
  await expect(cart(shopper).getByText(message)).toBeVisible();
  await expect(cart(shopper).getByRole('heading', { name: WITHDRAWN.name })).toHaveCount(0);
  await expect(cart(shopper).getByRole('button', { name: 'Pay $10.49' })).toBeVisible();

  // A tab that kept the product in its cart hears the same when it comes back to the store.
  const returning = await (await browser.newContext()).newPage();
  await returning.goto('/robots.txt');
  await returning.evaluate(
    ({ id, name }) => sessionStorage.setItem('cart', JSON.stringify([{ productId: id, quantity: 2, name }])),
    { id: withdrawnId, name: WITHDRAWN.name },
  );
  await returning.goto('/');
  await expect(returning.getByRole('button', { name: /cart, 0 items/i })).toBeVisible();
  await returning.getByRole('button', { name: /cart, 0 items/i }).click();
  await expect(cart(returning).getByText(message)).toBeVisible();
  await expect(cart(returning).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expectNoAxeViolations(returning, 'the cart telling of a product no longer sold');
});
