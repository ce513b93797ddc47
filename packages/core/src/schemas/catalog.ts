import { z } from 'zod';
import { PRODUCT_ID_PATTERN } from '../catalog';
import { parseDollars } from '../money';

/**
 * The catalog the owner runs (decision 061): what the console's Products tab sends and reads, and what the
 * storefront reads. Prices travel as dollars with two decimals, as every amount on this store's wire does.
 */

/** The highest price one unit may have: $99,999.99. */
export const MAX_PRODUCT_PRICE_CENTS = 9_999_999;
/** The most units a product's stock may count. */
export const MAX_STOCK_UNITS = 1_000_000;
export const PRODUCT_NAME_MAX_LENGTH = 100;
export const PRODUCT_SHORT_NAME_MAX_LENGTH = 24;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;
export const PRODUCT_FEATURES_MAX = 10;
export const PRODUCT_FEATURE_MAX_LENGTH = 120;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  shortNameTooLong: `Short name must be at most ${PRODUCT_SHORT_NAME_MAX_LENGTH} characters`,
  skuRequired: 'SKU is required',
  skuForm: 'SKU must be 1 to 40 letters, digits, dots, dashes or underscores',
  skuTaken: 'Another product already has this SKU',
  priceRequired: 'Price is required',
  priceForm: 'Price must be a dollar amount with at most two decimals',
  pricePositive: 'Price must be greater than zero',
  priceTooHigh: 'Price must be at most $99,999.99',
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`,
  tooManyFeatures: `A product lists at most ${PRODUCT_FEATURES_MAX} features`,
  featureTooLong: `Each feature must be at most ${PRODUCT_FEATURE_MAX_LENGTH} characters`,
  stockForm: `Stock must be a whole number from 0 to ${MAX_STOCK_UNITS.toLocaleString('en-US')}, or not tracked`,
  thresholdForm: `Low-stock threshold must be a whole number from 0 to ${MAX_STOCK_UNITS.toLocaleString('en-US')}`,
  unitForm: 'Unit of measure must be 1 to 12 letters',
  upcForm: 'UPC must be 12 digits (UPC-A) or 13 (EAN-13) with a valid check digit',
  commodityForm: 'Commodity code must be 1 to 12 letters or digits',
  taxCategoryForm: 'Tax category must be 1 to 25 letters, digits or dashes',
  notFound: 'There is no such product',
  idTaken: 'Another product already has this web address',
} as const;

/** A UPC-A or EAN-13 code whose last digit checks the others (GS1's weights 3 and 1 from the right). */
export function isValidUpc(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A price typed in dollars ("14.99" or 14.99) as cents, with the Products form's own words. */
const priceSchema = z.unknown().transform((value, context) => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.priceRequired });
    return z.NEVER;
  }
  const parsed = parseDollars(typeof value === 'string' ? value.replace(/^\$/, '') : value);
  if (!parsed.ok) {
    const message = parsed.reason.includes('greater than zero')
      ? PRODUCT_MESSAGES.pricePositive
      : parsed.reason.includes('too large')
        ? PRODUCT_MESSAGES.priceTooHigh
        : PRODUCT_MESSAGES.priceForm;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  if (parsed.cents === 0) {
    context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.pricePositive });
    return z.NEVER;
  }
  if (parsed.cents > MAX_PRODUCT_PRICE_CENTS) {
    context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.priceTooHigh });
    return z.NEVER;
  }
  return parsed.cents;
});

function units(message: string) {
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(MAX_STOCK_UNITS, message)
    .nullable()
    .default(null);
}

/** Optional text: blank is absent (null), the rest trimmed and checked. */
function optionalCode(pattern: RegExp, message: string, check?: (text: string) => boolean) {
  return z
    .string({ error: message })
    .nullish()
    .transform((text, context) => {
      const trimmed = text?.trim() ?? '';
      if (trimmed === '') return null;
      if (!pattern.test(trimmed) || (check && !check(trimmed))) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return trimmed;
    });
}

/** What the Products form sends to add or change a product, in the order its fields are checked. */
export const productInputSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.nameRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.nameRequired)
    .max(PRODUCT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.nameTooLong),
  shortName: z
    .string({ error: PRODUCT_MESSAGES.shortNameTooLong })
    .trim()
    .max(PRODUCT_SHORT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.shortNameTooLong)
    .nullish()
    .transform((text) => (text ? text : null)),
  sku: z
    .string({ error: PRODUCT_MESSAGES.skuRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.skuRequired)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, PRODUCT_MESSAGES.skuForm),
  price: priceSchema,
  description: z
    .string({ error: PRODUCT_MESSAGES.descriptionTooLong })
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_MESSAGES.descriptionTooLong)
    .default(''),
  features: z
    .array(
      z
        .string({ error: PRODUCT_MESSAGES.featureTooLong })
        .trim()
        .max(PRODUCT_FEATURE_MAX_LENGTH, PRODUCT_MESSAGES.featureTooLong),
      { error: PRODUCT_MESSAGES.tooManyFeatures },
    )
    .transform((features) => features.filter((feature) => feature !== ''))
    .refine((features) => features.length <= PRODUCT_FEATURES_MAX, PRODUCT_MESSAGES.tooManyFeatures)
    .default([]),
  /** Units the store can still sell; null when the store does not count them. */
  stockOnHand: units(PRODUCT_MESSAGES.stockForm),
  /** At or below this many units, the console lists the product as running low. */
  lowStockThreshold: units(PRODUCT_MESSAGES.thresholdForm),
  unitOfMeasure: z
    .string({ error: PRODUCT_MESSAGES.unitForm })
    .trim()
    .regex(/^[A-Za-z]{1,12}$/, PRODUCT_MESSAGES.unitForm)
    .transform((unit) => unit.toUpperCase())
    .default('EA'),
  upc: optionalCode(/^\d+$/, PRODUCT_MESSAGES.upcForm, isValidUpc),
  commodityCode: optionalCode(/^[A-Za-z0-9]{1,12}$/, PRODUCT_MESSAGES.commodityForm),
  taxCategory: optionalCode(/^[A-Za-z0-9-]{1,25}$/, PRODUCT_MESSAGES.taxCategoryForm),
  active: z.boolean().default(true),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** A change to a product: its fields, and the stock the form showed (so a count that moved is not typed over). */
export const productChangeSchema = productInputSchema.extend({
  stockWas: z.number().int().nullable().optional(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const productParamsSchema = z.object({
  id: z.string().regex(PRODUCT_ID_PATTERN, PRODUCT_MESSAGES.notFound),
});

/** A product as the console reads it. */
export const adminProductSchema = z.object({
  id: z.string().regex(PRODUCT_ID_PATTERN),
  name: z.string(),
  shortName: z.string().nullable(),
  sku: z.string(),
  price: z.number(),
  description: z.string(),
  features: z.array(z.string()),
  stockOnHand: z.number().int().nullable(),
  /** Units held by payments still open (not yet captured, declined, voided or abandoned). */
  stockHeld: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
  /** Stock is tracked and at or below the threshold (or below zero, after an oversold late payment). */
  lowStock: z.boolean(),
  unitOfMeasure: z.string(),
  upc: z.string().nullable(),
  commodityCode: z.string().nullable(),
  taxCategory: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
  /** The product's picture, when it has one: its address changes whenever the picture does. */
  imageUrl: z.string().optional(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** A product as the storefront shows it: active products only. */
export const storefrontProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  price: z.number(),
  description: z.string(),
  features: z.array(z.string()),
  /** False when stock is tracked and none is left: the storefront reads "Out of stock". */
  inStock: z.boolean(),
  /** The product's picture, when it has one: its address changes whenever the picture does. */
  imageUrl: z.string().optional(),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

/** The words a shopper or an operator reads when a cart cannot be ordered as it stands. */
export const STOCK_MESSAGES = {
  outOfStock: (name: string) => `${name} is out of stock`,
  onlyLeft: (name: string, left: number) => `Only ${left} left of ${name}`,
  notSold: (name: string) => `${name} is no longer sold. It was removed from your cart.`,
  priceChanged: 'A price in your cart has changed. Please review your cart and pay again.',
} as const;

export const adminProductsResponseSchema = z.object({
  status: z.literal('success'),
  products: z.array(adminProductSchema),
});
export const adminProductResponseSchema = z.object({
  status: z.literal('success'),
  product: adminProductSchema,
});
export const storefrontCatalogResponseSchema = z.object({
  status: z.literal('success'),
  products: z.array(storefrontProductSchema),
});

/** Goods that came back (a return): the order's units go back to stock, once. */
export const RESTOCK_MESSAGES = {
  notCaptured:
    'Only a captured order’s goods can be put back in stock: an open payment gives its units back when it is voided',
  nothingHeld:
    'Nothing to put back: this order’s units are back in stock already, or its products are not counted',
  done: (units: number) => `${units} ${units === 1 ? 'unit' : 'units'} back in stock`,
} as const;

export const restockResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  units: z.number().int(),
});

/** The largest picture an owner may upload: 5 MB (sent as base64, about 6.7 MB). */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

export const PRODUCT_IMAGE_MESSAGES = {
  required: 'Choose a picture to upload',
  notImage: 'The file is not a JPEG, PNG or WebP picture',
  tooLarge: 'The picture must be at most 5 MB',
  tooSmall: 'The picture must be at least 100 pixels wide and high',
} as const;

export const productImageRequestSchema = z.object({
  /** The picture's bytes in base64, as the browser read the chosen file. */
  file: z
    .string({ error: PRODUCT_IMAGE_MESSAGES.required })
    .min(1, PRODUCT_IMAGE_MESSAGES.required)
    .max(Math.ceil(MAX_PRODUCT_IMAGE_BYTES / 3) * 4, PRODUCT_IMAGE_MESSAGES.tooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, PRODUCT_IMAGE_MESSAGES.notImage),
});

/** Where a product's picture is read: the digest in the address lets browsers keep it for good. */
export function productImagePath(productId: string, digest: string): string {
  return `/api/products/${productId}/image?v=${digest}`;
}
