import { STOCK_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  catalogFromAnswer,
  catalogRefusalMessage,
  isCatalogRefusal,
  notSoldMessage,
  readEmbeddedCatalog,
} from './storefront-catalog';

const ANSWER = {
  status: 'success',
  products: [
    {
      id: 'pen-pack-100',
      name: 'Premium Ballpoint Pen Pack',
      shortName: 'Ballpoint Pens',
      price: 14.99,
      description: 'Pens.',
      features: ['Pack of 200 pens'],
      inStock: true,
    },
    {
      id: 'sticky-notes',
      name: 'Sticky Notes',
      shortName: '',
      price: 4.5,
      description: 'Notes.',
      features: [],
      inStock: false,
      imageUrl: '/api/products/sticky-notes/image?v=abc',
    },
  ],
};

describe('the catalog as the shopper’s pages read it', () => {
  it('reads the server’s answer with prices in cents, stock and picture', () => {
    expect(catalogFromAnswer(ANSWER)).toEqual([
      {
        id: 'pen-pack-100',
        name: 'Premium Ballpoint Pen Pack',
        shortName: 'Ballpoint Pens',
        priceCents: 1499,
        description: 'Pens.',
        features: ['Pack of 200 pens'],
        inStock: true,
      },
      {
        id: 'sticky-notes',
        name: 'Sticky Notes',
        shortName: 'Sticky Notes',
        priceCents: 450,
        description: 'Notes.',
        features: [],
        inStock: false,
        imageUrl: '/api/products/sticky-notes/image?v=abc',
      },
    ]);
  });

  it('refuses what is not a catalog answer', () => {
    expect(catalogFromAnswer({ status: 'error', message: 'x' })).toBeNull();
    expect(catalogFromAnswer(null)).toBeNull();
    expect(catalogFromAnswer({ status: 'success', products: [{ id: 1 }] })).toEqual([]);
  });

  it('reads the catalog the served page carries, and nothing from a page without one', () => {
    const page = (text: string | null) => ({
      getElementById: (id: string) =>
        id === 'catalog' && text !== null ? ({ textContent: text } as HTMLElement) : null,
    });
    // As the server writes it: < and > as \u escapes.
    const escaped = JSON.stringify(ANSWER).replace(/</g, '\\u003c');
    expect(readEmbeddedCatalog(page(escaped))?.map((product) => product.id)).toEqual([
      'pen-pack-100',
      'sticky-notes',
    ]);
    expect(readEmbeddedCatalog(page(null))).toBeNull();
    expect(readEmbeddedCatalog(page('{not json'))).toBeNull();
  });

  it('speaks the store’s words for a product no longer sold', () => {
    expect(notSoldMessage('Sticky Notes')).toBe(STOCK_MESSAGES.notSold('Sticky Notes'));
  });

  it('knows the pay calls’ refusals that mean the page’s catalog is stale, and only those', () => {
    expect(isCatalogRefusal(409, STOCK_MESSAGES.outOfStock('Sticky Notes'))).toBe(true);
    expect(isCatalogRefusal(409, STOCK_MESSAGES.onlyLeft('Sticky Notes', 2))).toBe(true);
    expect(isCatalogRefusal(409, STOCK_MESSAGES.notSold('Sticky Notes'))).toBe(true);
    expect(isCatalogRefusal(409, STOCK_MESSAGES.priceChanged)).toBe(true);
    expect(isCatalogRefusal(400, 'Unknown product')).toBe(true);
    expect(isCatalogRefusal(409, 'This cart has been paid already')).toBe(false);
    expect(isCatalogRefusal(402, STOCK_MESSAGES.outOfStock('Pens'))).toBe(false);
    expect(isCatalogRefusal(null, null)).toBe(false);
  });

  it('says a total the store does not match as the changed price it is, and the rest as the store said', () => {
    expect(catalogRefusalMessage('Order total does not match the cart')).toBe(STOCK_MESSAGES.priceChanged);
    expect(catalogRefusalMessage(STOCK_MESSAGES.outOfStock('Pens'))).toBe('Pens is out of stock');
  });
});
