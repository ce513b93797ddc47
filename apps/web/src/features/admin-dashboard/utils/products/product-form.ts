import { PRODUCT_MESSAGES, productInputSchema, type AdminProduct } from '@store/core';

/** The Products form's fields, in the order the store checks them. */
const PRODUCT_FIELDS = [
  'name',
  'shortName',
  'sku',
  'price',
  'description',
  'features',
  'stockOnHand',
  'lowStockThreshold',
  'unitOfMeasure',
  'upc',
  'commodityCode',
  'taxCategory',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** The form as typed: every box is text, and the stock is counted only while "Track stock" is ticked. */
export interface ProductForm {
  name: string;
  shortName: string;
  sku: string;
  price: string;
  description: string;
  /** One feature a line. */
  features: string;
  trackStock: boolean;
  stockOnHand: string;
  lowStockThreshold: string;
  unitOfMeasure: string;
  upc: string;
  commodityCode: string;
  taxCategory: string;
}

/** What the form sends: the store's input, prices in dollars as typed (the server reads them as the form did). */
export interface ProductRequest {
  name: string;
  shortName: string | null;
  sku: string;
  price: string;
  description: string;
  features: string[];
  stockOnHand: number | null;
  lowStockThreshold: number | null;
  unitOfMeasure: string;
  upc: string | null;
  commodityCode: string | null;
  taxCategory: string | null;
  active: boolean;
}

export type ProductProblems = Partial<Record<ProductField, string>>;

export function emptyProductForm(): ProductForm {
  return {
    name: '',
    shortName: '',
    sku: '',
    price: '',
    description: '',
    features: '',
    trackStock: true,
    stockOnHand: '0',
    lowStockThreshold: '',
    unitOfMeasure: 'EA',
    upc: '',
    commodityCode: '',
    taxCategory: '',
  };
}

/** A product as its Edit form shows it. */
export function productFormOf(product: AdminProduct): ProductForm {
  return {
    name: product.name,
    shortName: product.shortName ?? '',
    sku: product.sku,
    price: product.price.toFixed(2),
    description: product.description,
    features: product.features.join('\n'),
    trackStock: product.stockOnHand !== null,
    stockOnHand: product.stockOnHand === null ? '0' : String(product.stockOnHand),
    lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
    unitOfMeasure: product.unitOfMeasure,
    upc: product.upc ?? '',
    commodityCode: product.commodityCode ?? '',
    taxCategory: product.taxCategory ?? '',
  };
}

/**
 * A count as typed: a whole number, or NaN for anything else, so that the store's schema refuses it with
 * its own words. Blank is no count (null) where the field may be left empty.
 */
function readCount(text: string, blank: number | null): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return blank;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The request the form makes; `active` as the product stands (a new one is on sale). */
export function productRequestOf(form: ProductForm, active = true): ProductRequest {
  return {
    name: form.name,
    shortName: orNull(form.shortName),
    sku: form.sku.trim(),
    price: form.price.trim(),
    description: form.description,
    features: form.features.split('\n'),
    // A tracked stock left blank is not a count: refused, rather than read as "not tracked".
    stockOnHand: form.trackStock ? readCount(form.stockOnHand, Number.NaN) : null,
    lowStockThreshold: readCount(form.lowStockThreshold, null),
    unitOfMeasure: form.unitOfMeasure,
    upc: orNull(form.upc),
    commodityCode: orNull(form.commodityCode),
    taxCategory: orNull(form.taxCategory),
    active,
  };
}

function isField(value: unknown): value is ProductField {
  return typeof value === 'string' && (PRODUCT_FIELDS as readonly string[]).includes(value);
}

/**
 * The form checked by the store's own schema: no problems, or each field's first message (the one the
 * server would answer with first is the first field's).
 */
export function checkProductForm(request: ProductRequest): ProductProblems {
  const parsed = productInputSchema.safeParse(request);
  if (parsed.success) return {};
  const problems: ProductProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && problems[field] === undefined) problems[field] = issue.message;
  }
  return problems;
}

/** Which field each of the store's messages is about. */
const FIELD_OF_MESSAGE: Record<string, ProductField> = {
  [PRODUCT_MESSAGES.nameRequired]: 'name',
  [PRODUCT_MESSAGES.nameTooLong]: 'name',
  [PRODUCT_MESSAGES.shortNameTooLong]: 'shortName',
  [PRODUCT_MESSAGES.skuRequired]: 'sku',
  [PRODUCT_MESSAGES.skuForm]: 'sku',
  [PRODUCT_MESSAGES.skuTaken]: 'sku',
  [PRODUCT_MESSAGES.idTaken]: 'sku',
  [PRODUCT_MESSAGES.priceRequired]: 'price',
  [PRODUCT_MESSAGES.priceForm]: 'price',
  [PRODUCT_MESSAGES.pricePositive]: 'price',
  [PRODUCT_MESSAGES.priceTooHigh]: 'price',
  [PRODUCT_MESSAGES.descriptionTooLong]: 'description',
  [PRODUCT_MESSAGES.tooManyFeatures]: 'features',
  [PRODUCT_MESSAGES.featureTooLong]: 'features',
  [PRODUCT_MESSAGES.stockForm]: 'stockOnHand',
  [PRODUCT_MESSAGES.thresholdForm]: 'lowStockThreshold',
  [PRODUCT_MESSAGES.unitForm]: 'unitOfMeasure',
  [PRODUCT_MESSAGES.upcForm]: 'upc',
  [PRODUCT_MESSAGES.commodityForm]: 'commodityCode',
  [PRODUCT_MESSAGES.taxCategoryForm]: 'taxCategory',
};

/**
 * Where the server's refusal goes: a refusal of what was typed (400, or 409 for a taken SKU or a stock that
 * moved) under its field; anything else (a role without the right, no answer) above the form's buttons.
 */
export function productServerProblem(
  status: number | null,
  message: string,
): { field: ProductField | null; message: string } {
  if (status !== 400 && status !== 409) return { field: null, message };
  const field = FIELD_OF_MESSAGE[message] ?? (/^The stock changed/.test(message) ? 'stockOnHand' : null);
  return { field, message };
}
