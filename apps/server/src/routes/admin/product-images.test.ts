import { PRODUCT_IMAGE_MESSAGES, type AdminProduct } from '@store/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { putJson } from '../../testing/catalog';
import { countRows, testDatabaseKinds, useAdminSession, useTestServer } from '../../testing/test-server';

/** Product pictures (decision 061): checked by decoding, resized, kept in the database, served for good. */

async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 40 } } });
  return (await image[format]().toBuffer()).toString('base64');
}

describe.each(testDatabaseKinds())('product pictures, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const upload = (id: string, file: string) =>
    putJson(server.url, `/api/admin/products/${id}/image`, { file }, admin.cookie);

  it('resizes an upload to fit 800 px as WebP, serves it for good under its digest, and shows it in the storefront', async () => {
    const answer = await upload('pen-pack-100', await picture(1600, 1200, 'jpeg'));
    expect(answer.status).toBe(200);
    const { imageUrl } = answer.body.product as AdminProduct;
    expect(imageUrl).toMatch(/^\/api\/products\/pen-pack-100\/image\?v=[A-Za-z0-9_-]{22}$/);

    const served = await fetch(`${server.url}${imageUrl}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const again = await fetch(`${server.url}${imageUrl}`, {
      headers: { 'if-none-match': served.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    const catalog = (await (await fetch(`${server.url}/api/catalog`)).json()) as {
      products: { id: string; imageUrl?: string }[];
    };
    expect(catalog.products.find((product) => product.id === 'pen-pack-100')?.imageUrl).toBe(imageUrl);
    const { rows } = await server.database.sql.query<{ actor: string; detail: string }>(
      `select actor, detail from audit_events where action = 'product_image'`,
    );
    expect(rows).toEqual([{ actor: 'admin', detail: expect.stringContaining('800 × 600 WebP') }]);
  });

  it.each([
    [
      'a text file named as a picture',
      Buffer.from('not a picture at all').toString('base64'),
      PRODUCT_IMAGE_MESSAGES.notImage,
    ],
    ['a picture too small to show', 'small', PRODUCT_IMAGE_MESSAGES.tooSmall],
    ['text that is not base64', 'not base64!', PRODUCT_IMAGE_MESSAGES.notImage],
    ['nothing', '', PRODUCT_IMAGE_MESSAGES.required],
  ])('refuses %s in the owner’s words and keeps nothing', async (_case, file, message) => {
    const before = await countRows(server.database, 'product_images');
    const answer = await upload('paper-ream-500', file === 'small' ? await picture(60, 60) : file);
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await countRows(server.database, 'product_images')).toBe(before);
  });

  it('removes a picture, and answers 404 for a product that does not exist', async () => {
    const set = await upload('paper-ream-500', await picture(400, 400));
    const { imageUrl } = set.body.product as AdminProduct;
    const removed = await fetch(`${server.url}/api/admin/products/paper-ream-500/image`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin: 'http://127.0.0.1:3999', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { product: AdminProduct }).product.imageUrl).toBeUndefined();
    expect((await fetch(`${server.url}${imageUrl}`)).status).toBe(404);
    expect((await upload('no-such-product', await picture(400, 400))).status).toBe(404);
  });
});
