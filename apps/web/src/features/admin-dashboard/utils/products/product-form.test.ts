import { PRODUCT_MESSAGES, type AdminProduct } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  checkProductForm,
  emptyProductForm,
  productFormOf,
  productRequestOf,
  productServerProblem,
  type ProductForm,
} from './product-form';

function filled(overrides: Partial<ProductForm> = {}): ProductForm {
  return { ...emptyProductForm(), name: 'Desk Stapler', sku: 'STAPLER-1', price: '12.50', ...overrides };
}

describe('checkProductForm', () => {
  it('passes a filled form, as the store reads it', () => {
    expect(checkProductForm(productRequestOf(filled()))).toEqual({});
  });

  it('refuses a price of 0 or with three decimals with the store’s words, under Price', () => {
    expect(checkProductForm(productRequestOf(filled({ price: '0' })))).toEqual({
      price: PRODUCT_MESSAGES.pricePositive,
    });
    expect(checkProductForm(productRequestOf(filled({ price: '12.345' })))).toEqual({
      price: PRODUCT_MESSAGES.priceForm,
    });
  });

  it('gives every field its own message at once', () => {
    const problems = checkProductForm(
      productRequestOf(filled({ name: ' ', sku: 'no spaces', upc: '12345', stockOnHand: '2.5' })),
    );
    expect(problems).toEqual({
      name: PRODUCT_MESSAGES.nameRequired,
      sku: PRODUCT_MESSAGES.skuForm,
      stockOnHand: PRODUCT_MESSAGES.stockForm,
      upc: PRODUCT_MESSAGES.upcForm,
    });
  });

  it('reads a tracked stock left blank as a mistake, and an untracked one as not counted', () => {
    expect(checkProductForm(productRequestOf(filled({ stockOnHand: '' })))).toEqual({
      stockOnHand: PRODUCT_MESSAGES.stockForm,
    });
    const untracked = productRequestOf(filled({ trackStock: false, stockOnHand: 'x' }));
    expect(untracked.stockOnHand).toBeNull();
    expect(checkProductForm(untracked)).toEqual({});
  });

  it('sends features one a line, and blank optional codes as absent', () => {
    const request = productRequestOf(filled({ features: 'Steel\n\n 20 sheets ', upc: ' ', shortName: '' }));
    expect(request.features).toEqual(['Steel', '', ' 20 sheets ']);
    expect(request).toMatchObject({ upc: null, shortName: null, lowStockThreshold: null, active: true });
  });
});

describe('productFormOf', () => {
  it('shows a product as typed, and sends it back unchanged', () => {
    const product: AdminProduct = {
      id: 'stapler-1',
      name: 'Desk Stapler',
      shortName: null,
      sku: 'STAPLER-1',
      price: 12.5,
      description: 'Staples.',
      features: ['Steel', '20 sheets'],
      stockOnHand: 7,
      stockHeld: 1,
      lowStockThreshold: 3,
      lowStock: false,
      unitOfMeasure: 'EA',
      upc: '036000291452',
      commodityCode: null,
      taxCategory: null,
      active: false,
      updatedAt: '2026-11-29T00:00:00.000Z',
    };
    const form = productFormOf(product);
    expect(form).toMatchObject({
      price: '12.50',
      features: 'Steel\n20 sheets',
      stockOnHand: '7',
      trackStock: true,
    });
    expect(productRequestOf(form, product.active)).toEqual({
      name: 'Desk Stapler',
      shortName: null,
      sku: 'STAPLER-1',
      price: '12.50',
      description: 'Staples.',
      features: ['Steel', '20 sheets'],
      stockOnHand: 7,
      lowStockThreshold: 3,
      unitOfMeasure: 'EA',
      upc: '036000291452',
      commodityCode: null,
      taxCategory: null,
      active: false,
    });
    expect(checkProductForm(productRequestOf(form))).toEqual({});
  });
});

describe('productServerProblem', () => {
  it('puts a taken SKU under SKU and a moved stock under Stock', () => {
    expect(productServerProblem(409, PRODUCT_MESSAGES.skuTaken)).toEqual({
      field: 'sku',
      message: PRODUCT_MESSAGES.skuTaken,
    });
    const moved = 'The stock changed while you were editing: it is now 4. Check it and save again.';
    expect(productServerProblem(409, moved).field).toBe('stockOnHand');
    expect(productServerProblem(400, PRODUCT_MESSAGES.priceForm).field).toBe('price');
  });

  it('puts anything else above the buttons', () => {
    expect(productServerProblem(403, 'Your role (Clerk) may not edit the catalog.').field).toBeNull();
    expect(productServerProblem(null, 'Could not reach the server.').field).toBeNull();
    expect(productServerProblem(400, 'Something new').field).toBeNull();
  });
});
