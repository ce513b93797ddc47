import { PRODUCT_MESSAGES, STOCK_MESSAGES, type AdminProduct } from '@store/core';
import { describe, expect, it } from 'vitest';
import { addTestProduct, checkoutProduct, putJson, readTestProduct } from '../../testing/catalog';
import { countRows, testDatabaseKinds, useAdminSession, useTestServer } from '../../testing/test-server';

/** The Products tab's calls and the storefront's catalog (decision 061). */

const NEW_PRODUCT = {
  name: 'Sticky Notes 3 × 3 in, 12 pads',
  shortName: 'Sticky Notes',
  sku: 'STICKY-33-12',
  price: '6.25',
  description: 'Twelve pads of 100 canary-yellow notes.',
  features: ['12 pads of 100 sheets', '', 'Repositionable adhesive'],
  stockOnHand: 40,
  lowStockThreshold: 5,
  unitOfMeasure: 'pk',
  upc: '036000291452',
  commodityCode: '44121600',
  taxCategory: 'P0000000',
};

describe.each(testDatabaseKinds())('the catalog the owner runs, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);

  const catalog = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/api/catalog`, { headers });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      body:
        response.status === 200
          ? ((await response.json()) as { products: { id: string; price: number }[] })
          : null,
    };
  };
  const put = (id: string, body: unknown) =>
    putJson(server.url, `/api/admin/products/${id}`, body, admin.cookie);

  it('sells a fresh store the spec’s two products, and tells a browser holding the answer that nothing changed', async () => {
    const first = await catalog();
    expect(first.body!.products.map((product) => [product.id, product.price])).toEqual([
      ['pen-pack-100', 14.99],
      ['paper-ream-500', 9.99],
    ]);
    expect((await catalog({ 'if-none-match': first.etag! })).status).toBe(304);
    const response = await fetch(`${server.url}/api/catalog`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['no name', { name: ' ' }, PRODUCT_MESSAGES.nameRequired],
    ['a price of zero', { price: '0' }, PRODUCT_MESSAGES.pricePositive],
    ['three decimals', { price: '12.345' }, PRODUCT_MESSAGES.priceForm],
    ['a price above $99,999.99', { price: '100000' }, PRODUCT_MESSAGES.priceTooHigh],
    ['a SKU with spaces', { sku: 'A B' }, PRODUCT_MESSAGES.skuForm],
    ['a UPC whose check digit is wrong', { upc: '036000291453' }, PRODUCT_MESSAGES.upcForm],
    ['negative stock', { stockOnHand: -1 }, PRODUCT_MESSAGES.stockForm],
    ['half a unit', { stockOnHand: 1.5 }, PRODUCT_MESSAGES.stockForm],
    [
      'eleven features',
      { features: Array.from({ length: 11 }, (_, index) => `Feature ${index}`) },
      PRODUCT_MESSAGES.tooManyFeatures,
    ],
  ])('refuses %s with the field’s message and writes nothing', async (_case, change, message) => {
    const before = await countRows(server.database, 'products');
    const answer = await admin.post('/api/admin/products', { ...NEW_PRODUCT, ...change });
    expect(answer).toMatchObject({ status: 400, body: { status: 'error', message } });
    expect(await countRows(server.database, 'products')).toBe(before);
  });

  it('adds a product the storefront sells at once, refuses its SKU twice, and audits who did what', async () => {
    const added = await addTestProduct(server, admin.cookie, NEW_PRODUCT);
    expect(added).toMatchObject({
      id: 'sticky-33-12',
      price: 6.25,
      features: ['12 pads of 100 sheets', 'Repositionable adhesive'],
      stockOnHand: 40,
      stockHeld: 0,
      lowStock: false,
      unitOfMeasure: 'PK',
      active: true,
    });
    expect((await catalog()).body!.products.map((product) => product.id)).toContain('sticky-33-12');
    const twice = await admin.post('/api/admin/products', { ...NEW_PRODUCT, sku: 'sticky-33-12' });
    expect(twice).toMatchObject({ status: 409, body: { message: PRODUCT_MESSAGES.skuTaken } });

    const { rows } = await server.database.sql.query<{ actor: string; action: string; detail: string }>(
      `select actor, action, detail from audit_events where action = 'product_add' order by at desc limit 1`,
    );
    expect(rows[0]).toMatchObject({
      actor: 'admin',
      detail: expect.stringContaining('at $6.25, 40 in stock'),
    });
  });

  it('changes a price for the next orders only: an order placed before keeps its price on its receipt', async () => {
    const product = await addTestProduct(server, admin.cookie, {
      ...NEW_PRODUCT,
      sku: 'PRICE-KEPT',
      stockOnHand: null,
    });
    const placed = await checkoutProduct(server.url, { id: product.id, priceCents: 625 }, 2);
    expect(placed.status).toBe(200);

    const changed = await put(product.id, {
      ...product,
      price: '7.00',
      name: 'Sticky Notes, new pads',
      stockWas: null,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { product: { price: 7, name: 'Sticky Notes, new pads' } },
    });
    const { rows: audit } = await server.database.sql.query<{ detail: string }>(
      `select detail from audit_events where action = 'product_change' order by at desc limit 1`,
    );
    expect(audit[0]!.detail).toContain('price $6.25 → $7.00');

    const { rows } = await server.database.sql.query<{ unit_price_cents: number; product_name: string }>(
      'select unit_price_cents, product_name from order_lines where order_id = $1',
      [placed.orderId],
    );
    expect(rows[0]).toEqual({ unit_price_cents: 625, product_name: NEW_PRODUCT.name });
    // A cart priced before the change is refused (the storefront reads the catalog again), and one priced
    // after is taken at the new price.
    expect((await catalog()).body!.products.find((entry) => entry.id === product.id)?.price).toBe(7);
    const stale = await checkoutProduct(server.url, { id: product.id, priceCents: 625 });
    expect(stale).toMatchObject({ status: 400, body: { message: 'Order total does not match the cart' } });
    const fresh = await checkoutProduct(server.url, { id: product.id, priceCents: 700 });
    expect(fresh.status).toBe(200);
  });

  it('stops selling a deactivated product, in the storefront and at checkout, and sells it again once reactivated', async () => {
    const product = await addTestProduct(server, admin.cookie, { ...NEW_PRODUCT, sku: 'GOING-AWAY' });
    const off = await put(product.id, {
      ...product,
      price: '6.25',
      active: false,
      stockWas: product.stockOnHand,
    });
    expect(off.status).toBe(200);
    expect((await catalog()).body!.products.map((entry) => entry.id)).not.toContain(product.id);
    const refused = await checkoutProduct(server.url, { id: product.id, priceCents: 625 });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: STOCK_MESSAGES.notSold(NEW_PRODUCT.name) },
    });
    expect((await put(product.id, { ...product, price: '6.25', active: true })).status).toBe(200);
    expect((await catalog()).body!.products.map((entry) => entry.id)).toContain(product.id);
  });

  it('does not type a stock count over units sold while the form was open', async () => {
    const product = await addTestProduct(server, admin.cookie, {
      ...NEW_PRODUCT,
      sku: 'COUNTED',
      stockOnHand: 5,
    });
    const sale = await checkoutProduct(server.url, { id: product.id, priceCents: 625 });
    expect(sale.status).toBe(200);
    // The form showed 5; the owner saves a new price with the stock as shown: the sale stays counted.
    const priced = await put(product.id, { ...product, price: '6.50', stockWas: 5 });
    expect(priced.body.product as AdminProduct).toMatchObject({ price: 6.5, stockOnHand: 4, stockHeld: 1 });
    // The owner types 10 over the 5 they saw: refused, nothing written.
    const typedOver = await put(product.id, { ...product, price: '6.75', stockOnHand: 10, stockWas: 5 });
    expect(typedOver).toMatchObject({
      status: 409,
      body: { message: 'The stock changed while you were editing: it is now 4. Check it and save again.' },
    });
    expect(await readTestProduct(server, admin.cookie, product.id)).toMatchObject({
      price: 6.5,
      stockOnHand: 4,
    });
  });

  it('exports the catalog as CSV and imports it back by SKU, after a preview of what changes, all or nothing', async () => {
    const stock = await addTestProduct(server, admin.cookie, {
      ...NEW_PRODUCT,
      sku: 'CSV-STOCK',
      stockOnHand: 10,
    });
    const response = await fetch(`${server.url}/api/admin/products.csv`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.headers.get('content-type')).toContain('text/csv');
    const exported = await response.text();
    expect(exported.split('\r\n')[0]).toBe(
      'sku,name,short_name,price,description,features,stock_on_hand,low_stock_threshold,unit_of_measure,upc,commodity_code,tax_category,active',
    );
    expect(exported).toContain('PEN-BP-200,Premium Ballpoint Pen Pack,Ballpoint Pens,14.99,');

    // The file as a spreadsheet gives it back: the pens' price changed, a new product, a line in error.
    const edited = exported
      .replace(
        'PEN-BP-200,Premium Ballpoint Pen Pack,Ballpoint Pens,14.99,',
        'PEN-BP-200,Premium Ballpoint Pen Pack,Ballpoint Pens,15.49,',
      )
      .concat('RULER-30,Ruler 30 cm,,2.25,,,,,,,,,yes\r\n', 'BAD-1,Bad,,0,,,,,,,,,yes\r\n');
    const import_ = ({ csv, previewToken }: { csv: string; previewToken?: unknown }) =>
      admin.post('/api/admin/products/import', { file: Buffer.from(csv).toString('base64'), previewToken });
    const preview = await import_({ csv: edited });
    const rows = preview.body.rows as {
      sku: string;
      outcome: string;
      changes: string[];
      error: string | null;
    }[];
    expect(rows.find((row) => row.sku === 'PEN-BP-200')).toMatchObject({
      outcome: 'change',
      changes: ['Price: $14.99 → $15.49'],
    });
    expect(rows.find((row) => row.sku === 'RULER-30')).toMatchObject({ outcome: 'add' });
    expect(rows.find((row) => row.sku === 'BAD-1')).toMatchObject({
      outcome: 'error',
      error: PRODUCT_MESSAGES.pricePositive,
    });
    expect(preview.body).toMatchObject({ applied: false, summary: { add: 1, change: 1, error: 1 } });
    // Nothing is written by a preview, nor by applying a file with a line in error.
    expect((await import_({ csv: edited, previewToken: preview.body.previewToken })).status).toBe(400);
    expect((await catalog()).body!.products.find((entry) => entry.id === 'pen-pack-100')?.price).toBe(14.99);

    const fixed = edited.replace('BAD-1,Bad,,0,', 'BAD-1,Bad,,1,');
    const fixedPreview = await import_({ csv: fixed });
    // A sale of a product the file counts moves what the file would change: the preview is asked for again.
    const sale = await checkoutProduct(server.url, { id: stock.id, priceCents: 625 });
    expect(sale.status).toBe(200);
    const moved = await import_({ csv: fixed, previewToken: fixedPreview.body.previewToken });
    expect(moved).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('changed since the preview') },
    });
    const again = await import_({ csv: fixed });
    expect(
      (again.body.rows as { sku: string; changes: string[] }[]).find((row) => row.sku === 'CSV-STOCK')
        ?.changes,
    ).toEqual(['Stock: 9 → 10']);
    const applied = await import_({ csv: fixed, previewToken: again.body.previewToken });
    expect(applied).toMatchObject({ status: 200, body: { applied: true, summary: { add: 2, change: 2 } } });
    const prices = (await catalog()).body!.products;
    expect(prices.find((entry) => entry.id === 'pen-pack-100')?.price).toBe(15.49);
    expect(prices.find((entry) => entry.id === 'ruler-30')?.price).toBe(2.25);
    const { rows: audit } = await server.database.sql.query<{ detail: string }>(
      `select detail from audit_events where detail like '%imported%' order by detail`,
    );
    expect(audit.map((row) => row.detail)).toContain(
      'Premium Ballpoint Pen Pack (SKU PEN-BP-200), imported: Price: $14.99 → $15.49',
    );
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await put('no-such-thing', { ...NEW_PRODUCT, sku: 'NOPE' })).status).toBe(404);
  });
});
