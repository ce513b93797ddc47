import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

/** The storefront's budget: every script a shopper's browser fetches for `/` before touching anything. */
const INITIAL_JAVASCRIPT_BUDGET_BYTES = 100 * 1024;
/** Chunks no shopper should download just by opening the shop (the cart's comes at the first click). */
const NOT_FOR_THE_STOREFRONT = /\/assets\/(?:admin-[\w-]*|account|customer-auth|cart)-[\w-]+\.js$/;

test.describe('delivery of the storefront', () => {
  test('loads / with little JavaScript, all of it compressed with brotli, none of the console or account pages', async ({
    page,
  }) => {
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('tablist', { name: 'Products' })).toBeVisible();

    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    let transferred = 0;
    for (const script of scripts) {
      expect(script.status(), script.url()).toBe(200);
      // The body's size as it came over the wire, before the browser decoded it.
      transferred += (await script.request().sizes()).responseBodySize;
    }
    // Sizes read from a cache would be 0: the budget must be measured on real transfers.
    expect(transferred).toBeGreaterThan(10 * 1024);
    const names = scripts.map((script) => new URL(script.url()).pathname);
    expect(
      transferred,
      `JavaScript transferred for /: ${(transferred / 1024).toFixed(1)} KB in ${names.join(', ')}`,
    ).toBeLessThanOrEqual(INITIAL_JAVASCRIPT_BUDGET_BYTES);
    expect(names.filter((name) => NOT_FOR_THE_STOREFRONT.test(name))).toEqual([]);

    // Every built file worth compressing (a kilobyte or more) comes as its precompressed brotli copy.
    const assets = responses.filter((response) => new URL(response.url()).pathname.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
      if ((await asset.body()).length < 1024) continue;
      expect(headers['content-encoding'], asset.url()).toBe('br');
      expect(headers.vary?.toLowerCase(), asset.url()).toContain('accept-encoding');
    }
  });

  test('fetches the cart when it is first used, and it works as before', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const cartChunk = page.waitForResponse((response) => /\/assets\/cart-[\w-]+\.js$/.test(response.url()));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(cart).toBeVisible();
    await expect(cart).toBeFocused();
    await expect(cart.getByText('1 item')).toBeVisible();
    expect((await cartChunk).status()).toBe(200);
  });

  test('serves robots.txt as plain text', async ({ request }) => {
    const answer = await request.get('/robots.txt');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await answer.text()).toContain('Disallow: /admin');
  });
});
