import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { expectClickable, expectNothingPastTheEdge, guestPayment, signInAsOperator } from './flows';

/**
 * The money at a glance (decision 036): "Money, last 30 days" on the console's first screen, its totals and
 * its chart of captured, refunded, taken back, net and fees per day, with the same numbers in a table for screen readers.
 * The operator captures an order and sees today's captured amount grow by exactly that much.
 */

const SHORT_UTC_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Today as the card's table writes it ("Mar 1"): the days are UTC calendar days. */
function todayText(): string {
  return SHORT_UTC_DAY.format(new Date());
}

/** "$1,234.56" or "−$5.00" as cents. */
function cents(text: string | null): number {
  const match = /^(−|-)?\$([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

function moneyCard(page: Page) {
  return page.getByRole('region', { name: 'Money, last 30 days' });
}

function perDayTable(page: Page) {
  return moneyCard(page).getByRole('table', { name: /Money, last 30 days, per day/ });
}

/** Today's captured cell in the card's table (the first cell after the day). */
function todayCaptured(page: Page) {
  return perDayTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: todayText(), exact: true }) })
    .getByRole('cell')
    .first();
}

function capturedTotal(page: Page) {
  return moneyCard(page).getByRole('definition').first();
}

test('an operator captures an order and sees today’s captured money grow by its amount', async ({
  page,
  request,
  baseURL,
}) => {
  const orderId = await guestPayment(
    request,
    baseURL!,
    [{ productId: 'paper-ream-500', quantity: 2 }],
    20.98,
  );
  await signInAsOperator(page);

  // At 1280 px the card opens with its chart; the table holds the same numbers for screen readers.
  const card = moneyCard(page);
  await expect(card.getByRole('button', { name: 'Hide chart' })).toHaveAttribute('aria-expanded', 'true');
  await expect(
    card.getByRole('img', { name: /Chart of captured, refunded, taken back, net and fees per day/ }),
  ).toBeVisible();
  await expect(card.locator('canvas').first()).toBeVisible();
  await expect(todayCaptured(page)).toHaveText(/\$/);
  const before = cents(await todayCaptured(page).textContent());
  const totalBefore = cents(await capturedTotal(page).textContent());

  await page
    .getByRole('row')
    .filter({ hasText: orderId })
    .getByRole('button', { name: 'Capture', exact: true })
    .click();
  await expect(page.getByRole('row').filter({ hasText: orderId })).toHaveCount(0);

  await expect.poll(async () => cents(await todayCaptured(page).textContent())).toBe(before + 2098);
  await expect.poll(async () => cents(await capturedTotal(page).textContent())).toBe(totalBefore + 2098);
  await expectNoAxeViolations(page, 'the first screen with the money chart');

  // Shown as a table: the same row, on screen, reachable.
  await card.getByRole('button', { name: 'Show as table' }).click();
  await expect(todayCaptured(page)).toBeVisible();
  expect(cents(await todayCaptured(page).textContent())).toBe(before + 2098);
  await expectNoAxeViolations(page, 'the money card shown as a table');
});

for (const width of [375, 1024, 1280]) {
  test.describe(`The money card at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('fits the window, its chart follows the width', async ({ page }) => {
      await signInAsOperator(page);
      const card = moneyCard(page);
      await expect(capturedTotal(page)).toHaveText(/\$/);
      // Every total reads on one line: an amount is never broken ("$0.0" over "0").
      for (const amount of await card.locator('dd').all()) {
        const lines = await amount.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, `${await amount.textContent()} on one line`).toBe(1);
      }
      if (width < 1024) {
        // Closed on phones and tablets: the totals, and a button for the chart.
        const show = card.getByRole('button', { name: 'Show chart' });
        await expect(show).toHaveAttribute('aria-expanded', 'false');
        await expect(card.locator('canvas')).toHaveCount(0);
        await page.screenshot({ path: test.info().outputPath(`money-card-closed-${width}.png`) });
        await expectClickable(show);
        await show.click();
      }
      const canvas = card.locator('canvas').first();
      await expect(canvas).toBeVisible();
      const [canvasBox, cardBox] = await Promise.all([canvas.boundingBox(), card.boundingBox()]);
      expect(canvasBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
      expect(canvasBox!.x + canvasBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      await expectNothingPastTheEdge(page);
      // The first task stays near the top: the tabs start within the first screen.
      const tabs = page.getByRole('tablist', { name: 'Admin sections' });
      expect((await tabs.boundingBox())!.y).toBeLessThan(900);
      await expectNoAxeViolations(page, `the first screen at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`money-card-${width}.png`) });

      await card.getByRole('button', { name: 'Show as table' }).click();
      await expectNothingPastTheEdge(page);
      await expectClickable(card.getByRole('button', { name: 'Hide table' }));
      await page.screenshot({ path: test.info().outputPath(`money-table-${width}.png`), fullPage: true });

      // Narrower window, narrower chart (the chart follows its box).
      if (width === 1280) {
        await page.setViewportSize({ width: 800, height: 900 });
        await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(canvasBox!.width);
        await expectNothingPastTheEdge(page);
      }
    });
  });
}
