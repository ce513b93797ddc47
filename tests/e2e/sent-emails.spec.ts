import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { DELIVERY, expectNothingPastTheEdge, guestPayment, signInAsOperator } from './flows';

async function openSentEmails(page: Page) {
  await signInAsOperator(page);
  await page.getByRole('tab', { name: 'Sent emails' }).click();
  await expect(page).toHaveURL(/tab=emails/);
  await expect(page.getByRole('heading', { name: 'Sent emails', level: 2 })).toBeVisible();
}

/** Demo mode (the built-in sandbox): the console shows each message the store queued, as it would arrive. */
test.describe('the console’s Sent emails', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 1024, height: 800 },
    { width: 375, height: 812 },
  ]) {
    test(`an order's confirmation is listed and opens as it would arrive, at ${viewport.width} px`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const orderId = await guestPayment(
        request,
        baseURL!,
        [{ productId: 'pen-pack-100', quantity: 2 }],
        31.48,
      );
      await page.setViewportSize(viewport);
      await openSentEmails(page);

      const list = page.getByRole('list', { name: 'Emails' });
      const item = list.getByRole('button').filter({ hasText: orderId });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`To ${DELIVERY.email}`);
      await expect(item).toContainText('Order confirmation');
      // No mail server is set for this store: the tab says so, and the message stays queued.
      await expect(page.getByRole('note')).toContainText(
        'No mail server is set (SMTP_URL), so nothing is sent',
      );
      await expect(item).toContainText('Queued');

      await item.click();
      await expect(item).toHaveAttribute('aria-current', 'true');
      const view = page.getByRole('article', { name: new RegExp(orderId) });
      await expect(view.getByRole('heading', { level: 3 })).toBeFocused();
      await expect(view).toContainText(DELIVERY.email);

      // The HTML, in a frame that runs nothing.
      const frameElement = view.locator('iframe');
      await expect(frameElement).toHaveAttribute('sandbox', '');
      await expect(frameElement).toHaveAttribute('title', new RegExp(`^Email: .*${orderId}`));
      const frame = page.frameLocator(`iframe[title^="Email: "]`);
      // The first is the preview line mail programs show in the inbox, hidden in the message itself.
      await expect(frame.getByText(orderId).filter({ visible: true }).first()).toBeVisible();
      const receipt = frame.getByRole('link', { name: 'View your receipt' });
      await expect(receipt).toBeVisible();
      expect(await receipt.getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/receipt\/[\w-]{43}$/);

      // The message's frame aside: no script runs in it (axe neither), and it shows the email, not the console
      // (its title is checked above). The same page with the plain text instead is checked whole, below.
      await expectNoAxeViolations(page, `Sent emails with a message open at ${viewport.width} px`, {
        exclude: 'iframe',
      });
      await expectNothingPastTheEdge(page);
      await page.screenshot({
        path: test.info().outputPath(`sent-emails-${viewport.width}.png`),
        fullPage: true,
      });

      // The plain text, as a mail program without HTML shows it.
      const toggle = view.getByRole('button', { name: 'Plain text' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(view.locator('iframe')).toHaveCount(0);
      const text = view.locator('pre');
      await expect(text).toContainText(orderId);
      await expect(text).toContainText(/Your receipt: https?:\/\/\S+\/receipt\//);
      await expectNoAxeViolations(page, `Sent emails in plain text at ${viewport.width} px`);
      await expectNothingPastTheEdge(page);
      await page.screenshot({
        path: test.info().outputPath(`sent-emails-text-${viewport.width}.png`),
        fullPage: true,
      });
      await toggle.click();
      await expect(view.locator('iframe')).toBeVisible();
    });
  }

  test('an empty outbox says what will appear there', async ({ page }) => {
    await page.route('**/api/admin/emails', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'success', emails: [], nextCursor: null }),
      }),
    );
    await openSentEmails(page);
    await expect(page.getByText('No emails yet.')).toBeVisible();
    await expect(page.getByText('Order confirmations and refund messages appear here.')).toBeVisible();
    await expectNoAxeViolations(page, 'Sent emails, empty');
  });

  test('without the sandbox (the list answers 404) there is no Sent emails tab', async ({ page }) => {
    await page.route('**/api/admin/emails', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Not found', error: 'not_found' }),
      }),
    );
    await signInAsOperator(page);
    await expect(page.getByRole('tab', { name: 'Audit Log' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sent emails' })).toHaveCount(0);
    // A link to the tab opens Pending Payments instead.
    await page.goto('/admin/dashboard?tab=emails');
    await expect(page.getByRole('tab', { name: 'Pending Payments' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Sent emails' })).toHaveCount(0);
  });
});
