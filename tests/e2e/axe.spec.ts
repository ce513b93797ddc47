import { axeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * The accessibility checks are only as good as the runner under them (axe.ts): it must see what is wrong in
 * the page and in each of its frames, the gateway's card frame being of another origin, and leave out only
 * what it is told to. Two made-up origins, answered by the browser's own routing, stand for the store and
 * the gateway.
 */

const PAGE = 'http://store.axe-check.test/';
const OTHER_ORIGIN_FRAME = 'http://gateway.axe-check.test/frame.html';

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

test('axe finds a fault in the page and in a frame of another origin, and leaves out only what it is told to', async ({
  page,
}) => {
  await page.route(PAGE, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: html(
        'A page with faults',
        `<h1>Faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">` +
          `<iframe title="Card number" src="${OTHER_ORIGIN_FRAME}"></iframe>`,
      ),
    }),
  );
  await page.route(OTHER_ORIGIN_FRAME, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: html('Card frame', '<label>Card number</label><input id="card">'),
    }),
  );
  await page.goto(PAGE);
  await expect(page.frameLocator('iframe').locator('#card')).toBeVisible();

  const found = await axeViolations(page);
  const where = (id: string) =>
    found.find((violation) => violation.id === id)?.nodes.map((node) => node.target) ?? [];
  // The image without a text alternative, in the page.
  expect(where('image-alt')).toEqual([['img']]);
  // The field without a label, inside the other origin's frame: named through the frame.
  expect(where('label')).toEqual([['iframe', '#card']]);

  // Told to leave the frame out, axe sees the page's fault only.
  const withoutFrame = await axeViolations(page, { exclude: 'iframe' });
  expect(withoutFrame.map((violation) => violation.id)).toEqual(['image-alt']);
});
