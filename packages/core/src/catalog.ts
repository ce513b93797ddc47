import type { Cents } from './money';

/** The shop's name, as the storefront and the hosted payment page show it. */
export const STORE_NAME = 'Paperline Office Supply';

export interface Product {
  id: ProductId;
  name: string;
  shortName: string;
  priceCents: Cents;
  description: string;
  features: readonly string[];
}

export const PRODUCT_IDS = ['pen-pack-100', 'paper-ream-500'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

/** The fixed catalog (product §3). The server prices every order from this list, never from the browser. */
export const CATALOG: readonly Product[] = [
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

export function findProduct(id: string): Product | undefined {
  return CATALOG.find((product) => product.id === id);
}
