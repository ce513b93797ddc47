import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../browser-storage';
import {
  cartIdOf,
  CART_STORAGE_KEYS,
  forgetCartCheckout,
  forgetCartId,
  isCartPaidBy,
  markCartCheckout,
  readStoredCart,
  storeCart,
} from './cart-storage';

describe('the cart kept for the tab', () => {
  it('keeps products and quantities, and nothing for an empty cart', () => {
    const storage = createMemoryStorage();
    storeCart(
      [
        { productId: 'pen-pack-100', quantity: 3 },
        { productId: 'paper-ream-500', quantity: 2 },
      ],
      storage,
    );
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEYS.lines) ?? '')).toEqual([
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ]);
    expect(readStoredCart(storage)).toEqual([
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ]);
    storeCart([], storage);
    expect(storage.data.has(CART_STORAGE_KEYS.lines)).toBe(false);
    expect(readStoredCart(storage)).toEqual([]);
  });

  it('keeps each product’s last known name, to name it should it no longer be sold', () => {
    const storage = createMemoryStorage();
    storeCart([{ productId: 'sticky-notes', quantity: 1, name: 'Sticky Notes' }], storage);
    expect(readStoredCart(storage)).toEqual([
      { productId: 'sticky-notes', quantity: 1, name: 'Sticky Notes' },
    ]);
    const unnamed = createMemoryStorage({
      [CART_STORAGE_KEYS.lines]: '[{"productId":"x-1","quantity":1,"name":7}]',
    });
    expect(readStoredCart(unnamed)).toEqual([{ productId: 'x-1', quantity: 1 }]);
  });

  it('reads back only what a cart can hold', () => {
    const stored = (text: string) => readStoredCart(createMemoryStorage({ [CART_STORAGE_KEYS.lines]: text }));
    expect(stored('not json')).toEqual([]);
    expect(stored('{"productId":"pen-pack-100"}')).toEqual([]);
    expect(
      stored(
        JSON.stringify([
          { productId: 'stapler', quantity: 1 },
          { productId: 'pen-pack-100', quantity: '2' },
          { productId: 'paper-ream-500', quantity: 5000 },
          { productId: 'paper-ream-500', quantity: 1 },
          null,
        ]),
      ),
      // Which products are still sold is the catalog's to say (the storefront drops the others).
    ).toEqual([
      { productId: 'stapler', quantity: 1 },
      { productId: 'paper-ream-500', quantity: 999 },
    ]);
  });

  it('knows which payment request pays for the cart until it is forgotten', () => {
    const storage = createMemoryStorage();
    expect(isCartPaidBy('req-1', storage)).toBe(false);
    markCartCheckout('req-1', storage);
    expect(isCartPaidBy('req-1', storage)).toBe(true);
    expect(isCartPaidBy('req-2', storage)).toBe(false);
    forgetCartCheckout(storage);
    expect(isCartPaidBy('req-1', storage)).toBe(false);
  });

  it('gives the cart one id for all its checkout attempts, and a new one once it was paid (decision 047)', () => {
    const storage = createMemoryStorage();
    const id = cartIdOf(storage);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // A second attempt, a reload, a tab duplicated with its storage: the same cart.
    expect(cartIdOf(storage)).toBe(id);
    forgetCartId(storage);
    const next = cartIdOf(storage);
    expect(next).not.toBe(id);
    // A stored value that is not an id (a hand edit) is replaced, never sent.
    storage.setItem(CART_STORAGE_KEYS.cartId, 'not-an-id');
    expect(cartIdOf(storage)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
