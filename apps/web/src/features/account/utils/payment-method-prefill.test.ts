import type { PaymentMethodForm, SavedAddress } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  isBillingAddressBlank,
  prefilledPaymentMethodForm,
  withBillingAddress,
} from './payment-method-prefill';

const EMPTY: PaymentMethodForm = {
  mode: 'CC',
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  email: '',
  phone: '',
  accountNumber: '',
};

const HOME: SavedAddress = {
  id: 'a1',
  name: 'Pat Shopper',
  address: '12 Paper Lane',
  address2: 'Suite 200',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5X 1A9',
  country: 'CA',
  phone: '416-555-0100',
  isDefault: true,
};

describe('Add Payment Method starts from what the account holds', () => {
  it("takes the account's name and email, and the default address as the billing address", () => {
    expect(
      prefilledPaymentMethodForm(EMPTY, { name: 'Pat Shopper', email: 'pat@example.com' }, HOME),
    ).toEqual({
      ...EMPTY,
      name: 'Pat Shopper',
      email: 'pat@example.com',
      address: '12 Paper Lane, Suite 200',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5X 1A9',
      country: 'CA',
      phone: '416-555-0100',
    });
  });

  it('asks for the address when the account keeps none', () => {
    expect(prefilledPaymentMethodForm(EMPTY, { name: 'Pat', email: 'pat@example.com' }, undefined)).toEqual({
      ...EMPTY,
      name: 'Pat',
      email: 'pat@example.com',
    });
  });

  it('lets a late address book fill only a billing address nobody typed', () => {
    const typed = { ...EMPTY, city: 'Austin' };
    expect(isBillingAddressBlank(EMPTY)).toBe(true);
    expect(isBillingAddressBlank(typed)).toBe(false);
    expect(withBillingAddress({ ...EMPTY, name: 'Someone Else' }, HOME).name).toBe('Someone Else');
  });
});
