import type { Cents } from './money';

/** The shop's name, as the storefront and the hosted payment page show it. */
export const STORE_NAME = 'Paperline Office Supply';

/**
 * A product as the storefront and the checkout read it (decision 061): the catalog lives in the database and
 * the owner edits it in the console; the server prices every order from it, never from the browser.
 */
export interface Product {
  id: ProductId;
  name: string;
  shortName: string;
  priceCents: Cents;
  description: string;
  features: readonly string[];
}

/** A product's id: its address in the catalog, kept for ever by the orders that name it. */
export type ProductId = string;

/** What a product's id looks like: lower-case letters, digits and dashes, as in `pen-pack-100`. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** The most lines one cart or order may hold. */
export const MAX_CART_LINES = 50;

/**
 * A fresh store's catalog (product §3): the spec's two products, which the database's first catalog holds
 * (migration 0033) with these prices and texts.
 */
export const DEFAULT_CATALOG: readonly Product[] = [
  {
    id: 'pen-pack-100',
    name: 'Premium Ballpoint Pen Pack',
    shortName: 'Ballpoint Pens',
    priceCents: 1499,
    description:
      'A pack of 200 smooth-writing ballpoint pens with blue ink and a 0.7 mm medium point. Built for offices, classrooms and anyone who goes through pens fast.',
    features: [
      'Pack of 200 pens',
      'Blue ink, 0.7 mm medium point',
      'Quick-drying, smudge-resistant ink',
      'Comfortable ribbed grip',
      'Vented safety cap with pocket clip',
    ],
  },
  {
    id: 'paper-ream-500',
    name: 'Premium Copy Paper 500 sheets',
    shortName: 'Copy Paper',
    priceCents: 999,
    description:
      'One ream of 500 bright white sheets of letter-size copy paper, made to feed cleanly through laser printers, inkjets and copiers.',
    features: [
      '500 sheets per ream',
      'US letter, 8.5 × 11 in',
      '20 lb bond, 92 bright white',
      'Jam-free for laser, inkjet and copiers',
      'Acid-free for documents that last',
    ],
  },
];

/** The product of a catalog with this id, if it sells one. */
export function findProduct(catalog: readonly Product[], id: string): Product | undefined {
  return catalog.find((product) => product.id === id);
}
