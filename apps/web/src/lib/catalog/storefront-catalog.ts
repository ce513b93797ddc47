import { dollarsToCents, type Product } from '@store/core';

/**
 * The products on sale as the shopper's pages read them (decision 061): the server's catalog, never a copy
 * built into the app. Read without zod: the storefront's first chunk carries no schema library.
 */
export interface CatalogProduct extends Product {
  /** False when the product is counted and none is left: it shows "Out of stock" and cannot be added. */
  inStock: boolean;
  /** The picture the owner uploaded, when there is one. */
  imageUrl?: string;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function productOf(value: unknown): CatalogProduct | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, shortName, price, description, features, inStock, imageUrl } = value as Record<
    string,
    unknown
  >;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof price !== 'number') return null;
  if (!Number.isFinite(price) || price < 0) return null;
  return {
    id,
    name,
    shortName: typeof shortName === 'string' && shortName !== '' ? shortName : name,
    // Dollars with two decimals on the wire; cents inside, as every amount in the app.
    priceCents: dollarsToCents(price),
    description: typeof description === 'string' ? description : '',
    features: isStringList(features) ? features : [],
    inStock: inStock !== false,
    ...(typeof imageUrl === 'string' && imageUrl !== '' ? { imageUrl } : {}),
  };
}

/** The products of a /api/catalog answer, or null when it is not one. */
export function catalogFromAnswer(answer: unknown): CatalogProduct[] | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { status, products } = answer as Record<string, unknown>;
  if (status !== 'success' || !Array.isArray(products)) return null;
  const read: CatalogProduct[] = [];
  for (const entry of products) {
    const product = productOf(entry);
    if (product) read.push(product);
  }
  return read;
}

/** The element the server writes the catalog into, in the page it serves. */
const EMBEDDED_CATALOG_ID = 'catalog';

/** The catalog the page came with, or null (the development server sends the page without one). */
export function readEmbeddedCatalog(
  root: Pick<Document, 'getElementById'> = document,
): CatalogProduct[] | null {
  const text = root.getElementById(EMBEDDED_CATALOG_ID)?.textContent;
  if (!text) return null;
  try {
    return catalogFromAnswer(JSON.parse(text));
  } catch {
    return null;
  }
}

// The store's words (STOCK_MESSAGES in @store/core, checked equal by the tests), written here because the
// schemas module beside them would bring zod into the storefront's first chunk.
const PRICE_CHANGED = 'A price in your cart has changed. Please review your cart and pay again.';
const NOT_SOLD_SUFFIX = ' is no longer sold. It was removed from your cart.';

/** What the cart says of a line it removed because its product is no longer sold. */
export function notSoldMessage(name: string | undefined): string {
  return `${name ?? 'A product in your cart'}${NOT_SOLD_SUFFIX}`;
}

const TOTAL_MISMATCH = 'Order total does not match the cart';

/**
 * What the shopper reads for a catalog refusal: the store's words, except that a total the store does not
 * match (priced at a price that changed since the page read it) is said as the changed price it is.
 */
export function catalogRefusalMessage(message: string): string {
  return message === TOTAL_MISMATCH ? PRICE_CHANGED : message;
}

/**
 * True for a pay call's refusal that says the cart no longer matches the catalog (sold out, too few left,
 * no longer sold, a changed price, a product the store does not know): the page's catalog is stale.
 */
export function isCatalogRefusal(status: number | null, message: string | null): boolean {
  if (message === null) return false;
  if (status === 400) return message === 'Unknown product' || message === TOTAL_MISMATCH;
  if (status !== 409) return false;
  return (
    message === PRICE_CHANGED ||
    / is out of stock$/.test(message) ||
    /^Only \d+ left of /.test(message) ||
    message.endsWith(NOT_SOLD_SUFFIX)
  );
}
