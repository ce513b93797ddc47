import { PRODUCT_MESSAGES, type AdminProduct } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Locator, type Page } from './fixtures';
import {
  addSavedCard,
  addStaffPerson,
  expectClickable,
  expectNothingPastTheEdge,
  expectWholeTableInView,
  guestPayment,
  registerCustomer,
  signInAsOperator,
  uniqueEmail,
} from './flows';
import sharp from 'sharp';
import { CARDS } from './test-data';

/**
 * The console's Products tab (decision 061): the owner adds, edits, deactivates and reactivates a product,
 * checked by the store's own rules under each field; a sale that brings the stock to its threshold lists
 * the product as running low; a clerk reads the list without its controls; the phone order offers the new
 * product at its price, and one out of stock as not orderable. Runs on a store of its own.
 */

const STAPLER = {
  name: 'Heavy-Duty Desk Stapler with Jam-Free Mechanism and Soft-Grip Handle, Black',
  sku: 'STAPLER-HD-100',
};

/** Products with names long enough to wrap, so that the list has rows enough to lay out at every width. */
const MORE_PRODUCTS = [
  {
    name: 'Recycled Kraft Shipping Envelopes, Self-Seal, 10 × 13 in, Box of 250',
    sku: 'ENV-KRAFT-250',
    price: '42.75',
    stockOnHand: 120,
    lowStockThreshold: 20,
  },
  {
    name: 'Ultra-Fine Permanent Markers in Twelve Assorted Colours',
    sku: 'MARK-UF-12',
    price: '11.49',
    stockOnHand: 4,
    lowStockThreshold: 5,
  },
  {
    name: 'Archival Hanging File Folders, Letter Size, Reinforced Tabs, Pack of 25',
    sku: 'FOLD-HANG-25',
    price: '18.00',
    stockOnHand: null,
    lowStockThreshold: null,
  },
  {
    name: 'Wireless Label Printer for Shipping and Barcode Labels',
    sku: 'LBL-PRN-1',
    price: '189.99',
    stockOnHand: 0,
    lowStockThreshold: 1,
  },
  { name: 'Sticky Notes', sku: 'NOTE-3X3', price: '6.25', stockOnHand: 300, lowStockThreshold: 50 },
];

function productsTable(page: Page) {
  return page.getByRole('table', { name: 'Products' });
}

function productRow(page: Page, text: string) {
  return productsTable(page).getByRole('row').filter({ hasText: text });
}

async function openProductsTab(page: Page) {
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\?tab=products$/);
  await expect(productsTable(page)).toBeVisible();
}

/** The field's message under it: the field is marked invalid and described by the message. */
async function expectFieldProblem(dialog: Locator, label: string, message: string) {
  const field = dialog.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const problemId = describedBy.split(' ').find((id) => id.endsWith('-problem'));
  expect(problemId, `${label} is described by its problem`).toBeTruthy();
  await expect(dialog.locator(`[id="${problemId}"]`)).toHaveText(message);
}

/** Products added through the store's own call, from the signed-in console page (its session, its origin). */
async function addProductsByCall(page: Page, products: typeof MORE_PRODUCTS) {
  const answers = await page.evaluate(async (list) => {
    const statuses: number[] = [];
    for (const product of list) {
      const response = await fetch('/api/admin/products', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(product),
      });
      statuses.push(response.status);
    }
    return statuses;
  }, products);
  expect(answers).toEqual(products.map(() => 200));
}

function staplerId(products: AdminProduct[]): string {
  return products.find((product) => product.sku === STAPLER.sku)!.id;
}

async function readProducts(page: Page): Promise<AdminProduct[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/admin/products', { credentials: 'same-origin' });
    return ((await response.json()) as { products: AdminProduct[] }).products;
  });
}

test('the owner adds a product (refused prices and a taken SKU under their fields), edits its price and stock, deactivates and reactivates it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  await openProductsTab(page);
  await expect(page).toHaveTitle(/^Products · Admin/);
  // A fresh store's two products.
  await expect(productRow(page, 'Premium Ballpoint Pen Pack')).toContainText('$14.99');
  await expect(page.getByRole('note')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the Products tab');

  await page.getByRole('button', { name: 'Add product' }).click();
  const add = page.getByRole('dialog', { name: 'Add product' });
  await expectNoAxeViolations(page, 'the Add product dialog');
  await add.getByLabel('Name', { exact: true }).fill(STAPLER.name);
  await add.getByLabel('SKU', { exact: true }).fill(STAPLER.sku);
  await add.getByLabel('Features').fill('Staples 40 sheets\nJam-free track\n');
  await add.getByLabel('Stock on hand').fill('3');
  await add.getByLabel('Low-stock threshold').fill('2');

  // Refused prices: the message under Price, the keyboard there, and nothing written.
  for (const [price, message] of [
    ['0', PRODUCT_MESSAGES.pricePositive],
    ['12.345', PRODUCT_MESSAGES.priceForm],
  ] as const) {
    await add.getByLabel('Price (USD)').fill(price);
    await add.getByRole('button', { name: 'Add product' }).click();
    await expectFieldProblem(add, 'Price (USD)', message);
    await expect(add.getByLabel('Price (USD)')).toBeFocused();
  }
  await expectNoAxeViolations(page, 'the Add product dialog, a field refused');
  expect((await readProducts(page)).map((product) => product.sku)).not.toContain(STAPLER.sku);

  // A SKU another product has: the store's 409, under SKU.
  const penSku = (await readProducts(page)).find((product) => product.id === 'pen-pack-100')!.sku;
  await add.getByLabel('Price (USD)').fill('24.50');
  await add.getByLabel('SKU', { exact: true }).fill(penSku);
  await add.getByRole('button', { name: 'Add product' }).click();
  await expectFieldProblem(add, 'SKU', PRODUCT_MESSAGES.skuTaken);
  await expect(add.getByLabel('SKU', { exact: true })).toBeFocused();

  await add.getByLabel('SKU', { exact: true }).fill(STAPLER.sku);
  await expect(add.getByLabel('SKU', { exact: true })).toHaveAttribute('aria-invalid', 'false');
  await add.getByRole('button', { name: 'Add product' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Added ${STAPLER.name}` })).toBeVisible();
  const row = productRow(page, STAPLER.sku);
  await expect(row).toContainText('$24.50');
  await expect(row).toContainText('3');
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Low stock');

  // Edit: the form as the product stands; a new price and stock.
  await row.getByRole('button', { name: `Edit ${STAPLER.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('24.50');
  await expect(edit.getByLabel('Features')).toHaveValue('Staples 40 sheets\nJam-free track');
  await expect(edit.getByLabel('Track stock')).toBeChecked();
  await edit.getByLabel('Price (USD)').fill('22.00');
  await edit.getByLabel('Stock on hand').fill('5');
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('$22.00');
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();

  // A sale while the form is open: a count typed over it is refused under Stock on hand with the count it
  // is now; saved again, the typed count stands.
  await row.getByRole('button', { name: `Edit ${STAPLER.name}` }).click();
  await expect(edit.getByLabel('Stock on hand')).toHaveValue('5');
  await guestPayment(
    request,
    baseURL!,
    [{ productId: staplerId(await readProducts(page)), quantity: 1 }],
    23.1,
  );
  await edit.getByLabel('Stock on hand').fill('6');
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expectFieldProblem(
    edit,
    'Stock on hand',
    'The stock changed while you were editing: it is now 4. Check it and save again.',
  );
  await edit.getByLabel('Stock on hand').fill('3');
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: /^3\s*1 held$/ })).toBeVisible();

  // Not tracked: the stock column says so.
  await row.getByRole('button', { name: `Edit ${STAPLER.name}` }).click();
  await edit.getByLabel('Track stock').uncheck();
  await expect(edit.getByLabel('Stock on hand')).toBeDisabled();
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Not tracked');
  await row.getByRole('button', { name: `Edit ${STAPLER.name}` }).click();
  await edit.getByLabel('Track stock').check();
  await edit.getByLabel('Stock on hand').fill('3');
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell', { name: /^3\s*1 held$/ })).toBeVisible();

  // Deactivated: asked once, then off the Active list, on the Inactive one; reactivated.
  await row.getByRole('button', { name: `Deactivate ${STAPLER.name}` }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate product' });
  await expectNoAxeViolations(page, 'the Deactivate product dialog');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(deactivate).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Show').selectOption('inactive');
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Reactivate ${STAPLER.name}` }).click();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Show').selectOption('all');
  await expect(row).toContainText('Active');
  const stapler = (await readProducts(page)).find((product) => product.sku === STAPLER.sku)!;
  expect(stapler).toMatchObject({ price: 22, stockOnHand: 3, lowStockThreshold: 2, active: true });

  // Search by SKU and by name.
  await page.getByLabel('Search by name or SKU').fill('stapler-hd');
  await expect(productsTable(page).getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search by name or SKU').fill('ballpoint');
  await expect(productsTable(page).getByRole('row')).toHaveCount(2);
  await expect(productRow(page, 'Premium Ballpoint Pen Pack')).toBeVisible();
  await page.getByLabel('Search by name or SKU').fill('');
});

test('a sale that brings the stock to its threshold lists the product as running low; the phone order offers it at its price', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signInAsOperator(page);
  const stapler = (await readProducts(page)).find((product) => product.sku === STAPLER.sku)!;
  expect(stapler.stockOnHand).toBe(3);
  // One unit at $22.00, tax $1.10.
  await guestPayment(request, baseURL!, [{ productId: stapler.id, quantity: 1 }], 23.1);

  await openProductsTab(page);
  const low = page.getByRole('region', { name: /running low/ });
  await expect(low).toContainText(STAPLER.name);
  await expect(low).toContainText('2 left, threshold 2');
  await expect(productRow(page, STAPLER.sku)).toContainText('Low stock');

  // Six products and more, with long names, at a phone's, a small laptop's and a desktop's width.
  await addProductsByCall(page, MORE_PRODUCTS);
  await expect(productsTable(page).getByRole('row')).toHaveCount(MORE_PRODUCTS.length + 3 + 1);
  await expect(low).toContainText('Ultra-Fine Permanent Markers');
  await expect(low).toContainText('Wireless Label Printer');
  await expect(productRow(page, 'FOLD-HANG-25')).toContainText('Not tracked');
  await expectNoAxeViolations(page, 'the Products tab, running low');
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(productRow(page, STAPLER.sku).getByRole('button', { name: /Deactivate/ })).toBeVisible();
    await expectWholeTableInView(page, productsTable(page));
    await expectNothingPastTheEdge(page);
    await expectClickable(page.getByRole('button', { name: 'Add product' }));
    await page.screenshot({ path: test.info().outputPath(`products-${width}.png`), fullPage: true });

    await productRow(page, STAPLER.sku).getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await edit.getByLabel('Price (USD)').fill('0');
    await edit.getByRole('button', { name: 'Save product' }).click();
    await expectFieldProblem(edit, 'Price (USD)', PRODUCT_MESSAGES.pricePositive);
    await expectNothingPastTheEdge(page);
    await expectClickable(edit.getByRole('button', { name: 'Save product' }));
    await page.screenshot({ path: test.info().outputPath(`product-form-${width}.png`) });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The phone order: the new product at its price, the one without stock not orderable.
  const customer = await page.context().newPage();
  await registerCustomer(customer, 'Phoebe Stapler', uniqueEmail('products-phone'));
  await addSavedCard(customer, CARDS.visa);
  await customer.getByRole('button', { name: 'Add address' }).click();
  const address = customer.getByRole('dialog', { name: 'Add address' });
  await address.getByLabel('Full name').fill('Phoebe Stapler');
  await address.getByLabel('Address', { exact: true }).fill('4 Staple Row');
  await address.getByLabel('City').fill('Austin');
  await address.getByLabel('Country').selectOption('US');
  await address.getByLabel('State').fill('TX');
  await address.getByLabel('ZIP code').fill('78701');
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address).toBeHidden();
  await customer.close();

  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByRole('link', { name: 'Phoebe Stapler' }).first().click();
  await page.getByRole('button', { name: 'New phone order' }).click();
  const order = page.getByRole('dialog', { name: 'New phone order' });
  const staplerQuantity = order.getByLabel(STAPLER.name);
  await expect(order.getByText(STAPLER.name)).toBeVisible();
  await expect(order.locator('label').filter({ hasText: STAPLER.name })).toContainText('$22.00 each');
  const printer = order.getByLabel('Wireless Label Printer for Shipping and Barcode Labels');
  await expect(printer).toBeDisabled();
  await expect(order.locator('label').filter({ hasText: 'Wireless Label Printer' })).toContainText(
    'Out of stock',
  );
  await staplerQuantity.fill('2');
  await expect(order.getByRole('button', { name: 'Charge $46.20' })).toBeEnabled();
  await expectNoAxeViolations(page, 'the New phone order dialog, the catalog’s products');
  await order.getByRole('button', { name: 'Cancel' }).click();
});

test('a clerk reads the products but gets no controls to change them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  const clerkContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.251.9.21' } });
  const clerk = await clerkContext.newPage();
  const who = {
    name: 'Casey Clerk',
    email: 'casey.products@example.com',
    role: 'clerk',
    password: 'green folders on mondays',
  } as const;
  await addStaffPerson(page, clerk, who);

  await clerk.goto('/admin');
  await clerk.getByLabel('Username').fill(who.email);
  await clerk.getByLabel('Password').fill(who.password);
  await clerk.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(clerk).toHaveURL(/\/admin\/dashboard$/);
  await openProductsTab(clerk);
  await expect(productRow(clerk, STAPLER.sku)).toContainText('$22.00');
  await expect(clerk.getByRole('region', { name: /running low/ })).toContainText(STAPLER.name);
  await expect(
    clerk.getByRole('note').filter({ hasText: 'Your role (Clerk) may not edit the catalog.' }),
  ).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Add product' })).toHaveCount(0);
  await expect(clerk.getByRole('button', { name: /^(Edit|Deactivate|Reactivate) / })).toHaveCount(0);
  await expectNoAxeViolations(clerk, 'the Products tab, a clerk’s');
  await clerkContext.close();
});

test('the owner imports a CSV file after reading its preview, and gives a product a picture', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  await addProductsByCall(page, [
    { name: 'Desk Ruler 30 cm', sku: 'RULER-30', price: '2.25', stockOnHand: 40, lowStockThreshold: 0 },
  ]);
  await openProductsTab(page);

  // The file as Export gives it, edited as in a spreadsheet: the ruler's price changed, a new product.
  const exported = await page.evaluate(async () => (await fetch('/api/admin/products.csv')).text());
  expect(exported.split('\r\n')[0]).toMatch(/^sku,name,short_name,price,/);
  const edited = `${exported.replace('RULER-30,Desk Ruler 30 cm,,2.25,', 'RULER-30,Desk Ruler 30 cm,,2.60,')}PROTRACTOR-1,Protractor,,1.80,,,15,,EA,,,,yes\r\n`;
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(edited),
  });
  const preview = dialog.getByRole('table', { name: 'What the file changes, line by line' });
  await expect(preview.getByRole('row').filter({ hasText: 'RULER-30' })).toContainText(
    'Price: $2.25 → $2.60',
  );
  await expect(preview.getByRole('row').filter({ hasText: 'PROTRACTOR-1' })).toContainText('New');
  await expect(dialog.getByRole('status')).toContainText('1 new, 1 changed');
  await expectNoAxeViolations(page, 'the import preview');
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingPastTheEdge(page);
    await expectClickable(dialog.getByRole('button', { name: 'Apply 2 changes' }));
    await page.screenshot({ path: test.info().outputPath(`import-preview-${width}.png`) });
  }
  // Nothing is written by the preview.
  await expect(productRow(page, 'RULER-30')).toContainText('$2.25');
  await dialog.getByRole('button', { name: 'Apply 2 changes' }).click();
  await expect(dialog.getByText('The catalog was updated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(productRow(page, 'RULER-30')).toContainText('$2.60');
  await expect(productRow(page, 'PROTRACTOR-1')).toContainText('$1.80');

  // A picture: checked, resized to fit 800 px, shown in the form and sold with the product.
  const picture = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  await productRow(page, 'RULER-30').getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await edit
    .getByLabel('Upload picture')
    .setInputFiles({ name: 'ruler.png', mimeType: 'image/png', buffer: picture });
  const shown = edit.getByRole('img', { name: 'Desk Ruler 30 cm, as the storefront shows it' });
  await expect(shown).toBeVisible();
  // Its bytes may still be on their way when the element is shown: 0 wide until they are in.
  await expect
    .poll(() => shown.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBe(800);
  await expectNoAxeViolations(page, 'the Edit product dialog with a picture');
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNothingPastTheEdge(page);
  await edit.getByRole('img').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('product-picture-375.png') });
  const catalog = await page.evaluate(async () => (await fetch('/api/catalog')).json());
  const ruler = (catalog as { products: { id: string; imageUrl?: string }[] }).products.find(
    (product) => product.id === 'ruler-30',
  );
  expect(ruler?.imageUrl).toMatch(/^\/api\/products\/ruler-30\/image\?v=/);
  await edit.getByRole('button', { name: 'Remove picture' }).click();
  await expect(edit.getByText('No picture')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
});

test('goods that came back after a captured sale go back in stock from the order page, once', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  await addProductsByCall(page, [
    {
      name: 'Brass Paper Clips, Box of 100',
      sku: 'CLIPS-100',
      price: '3.00',
      stockOnHand: 10,
      lowStockThreshold: 0,
    },
  ]);
  // Two boxes at $3.00, tax $0.30: $6.30, paid, then captured from the console.
  const orderId = await guestPayment(request, baseURL!, [{ productId: 'clips-100', quantity: 2 }], 6.3);
  const captured = await page.evaluate(async (id) => {
    const order = await (await fetch(`/api/admin/orders/${id}`)).json();
    const response = await fetch('/api/admin/capture-payment', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ payment: { paymentId: order.order.transaction.paymentId } }),
    });
    return response.status;
  }, orderId);
  expect(captured).toBe(200);
  const stockOf = async () =>
    (await readProducts(page)).find((product) => product.sku === 'CLIPS-100')!.stockOnHand;
  expect(await stockOf()).toBe(8);

  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Put back in stock' }).click();
  const confirm = page.getByRole('dialog', { name: 'Put back in stock' });
  await expect(confirm).toContainText('Brass Paper Clips, Box of 100');
  await expectNoAxeViolations(page, 'the Put back in stock dialog');
  await confirm.getByRole('button', { name: 'Put back in stock' }).click();
  await expect(page.getByRole('status').getByText('2 units back in stock')).toBeVisible();
  expect(await stockOf()).toBe(10);
  // Once: the order no longer offers it.
  await expect(page.getByRole('button', { name: 'Put back in stock' })).toHaveCount(0);
});
