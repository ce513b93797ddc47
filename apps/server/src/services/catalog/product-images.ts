import { createHash } from 'node:crypto';
import { PRODUCT_IMAGE_MESSAGES, PRODUCT_MESSAGES, MAX_PRODUCT_IMAGE_BYTES } from '@store/core';
import type { OutputInfo } from 'sharp';
import { findProductImage, saveProductImage, type ProductImageRow } from '../../db/catalog-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Product pictures (decision 061): the owner uploads a JPEG, PNG or WebP; the store checks it is one by
 * decoding it (not by its name or declared type), turns it upright, resizes it to fit 800 × 800 and writes
 * it as WebP without its metadata (no camera or place data leaves the shop), and keeps it in the database.
 */

const SIDE = 800;
const MIN_SIDE = 100;
/** A decoded picture larger than this many pixels is refused before it is resized (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** The upload's bytes: its base64 decoded exactly, within the size limit. */
function uploadBytes(file: string): Buffer {
  const bytes = Buffer.from(file, 'base64');
  if (bytes.toString('base64').replace(/=+$/, '') !== file.replace(/=+$/, '')) {
    throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.notImage);
  }
  if (bytes.length > MAX_PRODUCT_IMAGE_BYTES) throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.tooLarge);
  return bytes;
}

/** The picture as the store keeps it, or the owner's words for why the upload is not one. */
async function makeProductImage(file: string): Promise<Omit<ProductImageRow, 'productId' | 'updatedAt'>> {
  const bytes = uploadBytes(file);
  // Loaded on the first upload: libvips and its worker threads are not the storefront's to carry.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  } catch {
    throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.notImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.notImage);
  if (width < MIN_SIDE || height < MIN_SIDE) throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.tooSmall);
  let made: { data: Buffer; info: OutputInfo };
  try {
    made = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('invalid', PRODUCT_IMAGE_MESSAGES.notImage);
  }
  return {
    contentType: 'image/webp',
    bytes: made.data,
    width: made.info.width,
    height: made.info.height,
    digest: createHash('sha256').update(made.data).digest('base64url').slice(0, 22),
  };
}

/** Sets a product's picture from an upload. */
export async function setProductImage(
  orm: Orm,
  productId: string,
  file: string,
  operator: string,
): Promise<void> {
  const image = await makeProductImage(file);
  if (!(await saveProductImage(orm, productId, image, operator)))
    throw new AppError('not_found', PRODUCT_MESSAGES.notFound);
}

/** Removes a product's picture. */
export async function removeProductImage(orm: Orm, productId: string, operator: string): Promise<void> {
  if (!(await saveProductImage(orm, productId, null, operator)))
    throw new AppError('not_found', PRODUCT_MESSAGES.notFound);
}

/** A product's picture for the storefront, or undefined when it has none. */
export async function readProductImage(orm: Orm, productId: string): Promise<ProductImageRow | undefined> {
  return findProductImage(orm, productId);
}
