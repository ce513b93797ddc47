import { createOrderId } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page } from './fixtures';
import { expectClickable, expectNothingPastTheEdge, payOnHostedPage } from './flows';
import { CARDS } from './test-data';

/** One pen pack ($14.99) and two reams ($19.98): $34.97, tax $1.75, $36.72. */
const ITEMS = [
  { productId: 'pen-pack-100', quantity: 1 },
  { productId: 'paper-ream-500', quantity: 2 },
];
const TOTAL = 36.72;

interface Delivery {
  email: string;
  address: { name: string; address: string; address2?: string; city: string; state: string; zip: string };
}

const AUSTIN: Delivery = {
  email: 'pat.receipts@example.com',
  address: {
    name: 'Pat Receipts',
    address: '1200 Commerce Street',
    address2: 'Suite 400',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  },
};

/** Markup in the name, and every field as long as the form takes, with words too long for a phone. */
const LONG_AND_MARKED_UP: Delivery = {
  email: 'maximilian.alexander.montgomery-fitzgerald@receiving-department.example.com',
  address: {
    name: '<script>window.injected = true</script> Maximilian Alexander Montgomery-Fitzgerald',
    address: '4815 Extraordinarilylongstreetnamewithoutanyspacesatall Boulevard Northwest',
    address2: 'Attention: Receiving Department, Loading Dock Number 7, Rear Entrance',
    city: 'Rancho Santa Margarita de los Ángeles',
    state: 'CA',
    zip: '92688',
  },
};

/**
 * A guest's order made through the API, as the storefront makes it (the cart's own delivery step is
 * tested with the cart), paid on the sandbox's hosted page in the browser: the page ends on the result
 * page, which verifies the payment.
 */
async function payForOrder(page: Page, baseURL: string, delivery: Delivery): Promise<string> {
  const orderId = createOrderId('card');
  await page.goto('/');
  const created = await page.request.post('/api/payment/create-payment', {
    // The store takes state changes only from its own pages, which say so with their Origin.
    headers: { origin: baseURL },
    data: {
      amount: TOTAL,
      orderId,
      customerName: delivery.address.name,
      redirectUrl: `${baseURL}/payment-complete`,
      items: ITEMS,
      delivery: { email: delivery.email, address: { ...delivery.address, country: 'US' } },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { requestId, paymentUrl } = (await created.json()) as { requestId: string; paymentUrl: string };
  // What the cart keeps for the result page before it leaves for the hosted page.
  await page.evaluate(
    ({ requestId, amount }) => {
      localStorage.setItem('lastPaymentRequestId', requestId);
      localStorage.setItem('lastPaymentRequestTime', String(Date.now()));
      localStorage.setItem('lastPaymentAmount', amount);
      localStorage.setItem('lastOrderAmount', amount);
    },
    { requestId, amount: TOTAL.toFixed(2) },
  );
  await page.goto(paymentUrl);
  await payOnHostedPage(page, CARDS.visa, `$${TOTAL.toFixed(2)}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  return orderId;
}

/** The table of what the order bought, row by row (by product, as the store lists them), then its totals. */
async function expectItemsAndTotals(page: Page, orderId: string) {
  const table = page.getByRole('table', { name: `Items in order ${orderId}` });
  await expect(table.getByRole('row')).toHaveText([
    /Item\s*Amount/,
    /Premium Copy Paper 500 sheets\s*2 × \$9\.99\s*\$19\.98/,
    /Premium Ballpoint Pen Pack\s*1 × \$14\.99\s*\$14\.99/,
    /Subtotal\s*\$34\.97/,
    /Tax \(5%\)\s*\$1\.75/,
    /Total\s*\$36\.72/,
  ]);
}

/** The delivery address on the page (the footer has the store's own). */
function addressOn(page: Page): Locator {
  return page.getByRole('main').locator('address');
}

/** Replaces the browser's print dialog with a count of the times it was asked for. */
async function countPrints(page: Page) {
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

/** On paper: the order, without the site's header, footer and buttons. */
async function expectPrintsCleanly(page: Page, orderId: string) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeHidden();
  await expect(page.getByRole('table', { name: `Items in order ${orderId}` })).toBeVisible();
  await expect(addressOn(page)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
}

test('after paying, the result page and the receipt show what was bought, where it goes, and print cleanly', async ({
  page,
  baseURL,
}) => {
  const orderId = await payForOrder(page, baseURL!, AUSTIN);

  // The spec's details stay as they were, with the order under them.
  await expect(
    page.locator('dt', { hasText: 'Order ID' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(orderId);
  await expectItemsAndTotals(page, orderId);
  await expect(page.getByText(AUSTIN.email)).toBeVisible();
  await expect(addressOn(page)).toHaveText(
    /Pat Receipts\s*1200 Commerce Street\s*Suite 400\s*Austin, TX 78701\s*United States/,
  );
  await expectNoAxeViolations(page, 'the result page with its order');

  const printed = await countPrints(page);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await printed()).toBe(1);
  await expectPrintsCleanly(page, orderId);

  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(/\/receipt\/[\w-]{43}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt for order ${orderId}`);
  await expect(page).toHaveTitle(`Receipt for order ${orderId} · Paperline Office Supply`);
  await expect(page.getByText('Paperline Office Supply').first()).toBeVisible();
  await expect(page.getByText('Payment authorized')).toBeVisible();
  await expect(page.getByText(/^VISA\s*•+\s*1111$/)).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${new Date().getFullYear()} at`)),
  ).toBeVisible();
  await expectItemsAndTotals(page, orderId);
  await expect(page.getByText(AUSTIN.email)).toBeVisible();
  await expect(addressOn(page)).toHaveText(
    /Pat Receipts\s*1200 Commerce Street\s*Suite 400\s*Austin, TX 78701/,
  );
  // Nothing was given back: no refunds to list.
  await expect(page.getByRole('heading', { name: 'Refunds' })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page, 'the receipt page');

  const printedReceipt = await countPrints(page);
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await printedReceipt()).toBe(1);
  await expectPrintsCleanly(page, orderId);

  // The same link in a new visit (as from the confirmation email) shows the same receipt.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt for order ${orderId}`);
});

test("an order from before deliveries shows none, and a refunded order's receipt lists its refunds", async ({
  page,
  baseURL,
}) => {
  // The store's own answers, changed on their way: an order taken before the store asked for a delivery,
  // and refunds that a real one gets only after its batch is settled.
  await page.route('**/api/payment/verify-payment', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { order: Record<string, unknown> };
    delete body.order.contactEmail;
    delete body.order.deliveryAddress;
    await route.fulfill({ response: answer, json: body });
  });
  await page.route('**/api/receipts/*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { order: Record<string, unknown> };
    body.order.orderStatus = 'partially_refunded';
    body.order.refunds = [
      { amount: 5, at: '2026-03-04T15:30:00.000Z' },
      { amount: 2.5, at: '2026-03-05T09:15:00.000Z' },
    ];
    body.order.refundedTotal = 7.5;
    await route.fulfill({ response: answer, json: body });
  });
  const orderId = await payForOrder(page, baseURL!, AUSTIN);

  await expectItemsAndTotals(page, orderId);
  await expect(page.getByRole('heading', { name: 'Delivery' })).toHaveCount(0);
  await expect(addressOn(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt for order ${orderId}`);
  await expect(page.getByText('Refunded in part')).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('listitem')).toHaveText([
    /^March [3-5], 2026 at .+−\$5\.00$/,
    /^March [4-6], 2026 at .+−\$2\.50$/,
  ]);
  await expect(refunds.getByText('Refunded total')).toBeVisible();
  await expect(refunds.getByText('−$7.50')).toBeVisible();
  await expectNoAxeViolations(page, 'a receipt with refunds');
});

test('a link that names no receipt says so, and a receipt the store could not send can be asked for again', async ({
  page,
}) => {
  // The storefront does not fetch the receipt page's code.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(scripts.filter((path) => /\/assets\/receipt-[\w-]+\.js$/.test(path))).toEqual([]);

  await page.route('**/api/receipts/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/receipt/Zm9yZ2VkLXJlY2VpcHQtdG9rZW4tdGhhdC1kb2VzLW5vdA');
  await expect(page.getByRole('heading', { name: 'Your receipt could not be loaded' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('try again');
  await page.unroute('**/api/receipts/**');
  await page.getByRole('button', { name: 'Try again' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt not found');
  await expect(page).toHaveTitle('Receipt not found · Paperline Office Supply');
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await expectNoAxeViolations(page, 'a receipt that is not found');

  await page.goto('/receipt/short');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Receipt not found');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('markup in a name is shown as text, and long names and addresses wrap within the screen', async ({
    page,
    baseURL,
  }) => {
    page.on('dialog', (dialog) => {
      throw new Error(`A dialog opened: ${dialog.message()}`);
    });
    const orderId = await payForOrder(page, baseURL!, LONG_AND_MARKED_UP);
    const { name } = LONG_AND_MARKED_UP.address;

    await expect(addressOn(page).getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(LONG_AND_MARKED_UP.address.address)).toBeVisible();
    await expectItemsAndTotals(page, orderId);
    await expectNothingPastTheEdge(page);
    for (const control of ['Continue Shopping', 'View receipt']) {
      await expectClickable(page.getByRole('link', { name: control }));
    }
    await expectClickable(page.getByRole('button', { name: 'Print receipt' }));
    await expectNoAxeViolations(page, 'the result page at 375 px');

    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt for order ${orderId}`);
    await expect(addressOn(page).getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(LONG_AND_MARKED_UP.email)).toBeVisible();
    await expectNothingPastTheEdge(page);
    await expectClickable(page.getByRole('button', { name: 'Print', exact: true }));
    await expectClickable(page.getByRole('link', { name: 'Continue Shopping' }));
    await expectNoAxeViolations(page, 'the receipt page at 375 px');

    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await expect(page.locator('script', { hasText: 'window.injected' })).toHaveCount(0);
  });
});
