import { orderDeliverySchema } from '@store/core';
import { describe, expect, it } from 'vitest';
import { deliveryFromApplePay, deliveryFromGooglePay } from './wallet-delivery';

describe('the delivery a wallet sheet gives', () => {
  it("takes Google Pay's email and shipping address, and passes the store's rules", () => {
    const delivery = deliveryFromGooglePay({
      email: 'jordan@example.com',
      shippingAddress: {
        name: 'Jordan Wallet',
        address1: '500 Congress Ave',
        address2: 'Apt 12',
        address3: 'Back door',
        locality: 'Austin',
        administrativeArea: 'TX',
        postalCode: '78701',
        countryCode: 'US',
        phoneNumber: '+1 512-555-0147',
      },
    });
    expect(delivery).toEqual({
      email: 'jordan@example.com',
      address: {
        name: 'Jordan Wallet',
        address: '500 Congress Ave',
        address2: 'Apt 12, Back door',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
        phone: '512-555-0147',
      },
    });
    expect(orderDeliverySchema.safeParse(delivery).success).toBe(true);
  });

  it("takes Apple Pay's shipping contact, its name in two parts, and passes the store's rules", () => {
    const delivery = deliveryFromApplePay({
      givenName: 'Jordan',
      familyName: 'de la Wallet',
      emailAddress: 'jordan@example.com',
      addressLines: ['100 King St W'],
      locality: 'Toronto',
      administrativeArea: 'ON',
      postalCode: 'M5X 1A9',
      countryCode: 'ca',
    });
    expect(delivery).toEqual({
      email: 'jordan@example.com',
      address: {
        name: 'Jordan de la Wallet',
        address: '100 King St W',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5X 1A9',
        country: 'CA',
        phone: undefined,
      },
    });
    expect(orderDeliverySchema.safeParse(delivery).success).toBe(true);
  });

  it('leaves what a sheet did not give empty, so the store names the first thing missing', () => {
    const parsed = orderDeliverySchema.safeParse(deliveryFromApplePay(undefined));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Email is required');
    const noAddress = orderDeliverySchema.safeParse(deliveryFromGooglePay({ email: 'a@b.co' }));
    expect(noAddress.error?.issues[0]?.message).toBe('Full name is required');
    // A phone the store cannot write as 123-456-7890 is left out rather than refused.
    expect(
      deliveryFromGooglePay({ shippingAddress: { phoneNumber: '+52 55 1234 5678 9' } }).address.phone,
    ).toBe(undefined);
  });
});
