import { describe, expect, it } from 'vitest';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_LABELS,
  ADDRESS_MESSAGES,
  addressFieldOfMessage,
  addressLabelsOf,
  firstAddressProblem,
} from './address';
import { addressBookEntryRequestSchema } from './address-book';
import { DELIVERY_MESSAGES, deliveryFieldOfMessage, orderDeliverySchema } from './delivery';
import { firstPaymentMethodProblem, PAYMENT_METHOD_MESSAGES } from './payment-method';

/** One table of address words by country, for every form and for the problems' words alike. */

const TORONTO = {
  name: 'Rae Maple',
  address: '100 King St W',
  city: 'Toronto',
  state: 'ON',
  zip: 'M5X 1A9',
  country: 'CA' as const,
};

describe('the address words of a country', () => {
  it('asks a Canadian for a province and a postal code, an American for a state and a ZIP code', () => {
    expect(ADDRESS_LABELS).toEqual({
      US: { state: 'State', zip: 'ZIP code' },
      CA: { state: 'Province', zip: 'Postal code' },
      MX: { state: 'State', zip: 'Postal code' },
    });
    expect(Object.keys(ADDRESS_LABELS)).toEqual([...ADDRESS_COUNTRIES]);
    expect(addressLabelsOf('CA')).toEqual({ state: 'Province', zip: 'Postal code' });
    // A country the store does not take reads as the store's first.
    expect(addressLabelsOf('FR')).toEqual(ADDRESS_LABELS.US);
    expect(addressLabelsOf(undefined)).toEqual(ADDRESS_LABELS.US);
  });

  it("names a missing province or postal code in the country's words, in every place an address is typed", () => {
    const delivery = (address: object) => ({ email: 'rae@example.com', address: { ...TORONTO, ...address } });
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(orderDeliverySchema.safeParse(delivery({ state: '' })))).toBe('Province is required');
    expect(first(orderDeliverySchema.safeParse(delivery({ zip: '' })))).toBe('Postal code is required');
    expect(first(addressBookEntryRequestSchema.safeParse({ ...TORONTO, state: ' ' }))).toBe(
      'Province is required',
    );
    const card = {
      mode: 'CC' as const,
      ...TORONTO,
      email: 'rae@example.com',
      accountNumber: '4111111111111111',
      expiryMonth: '12',
      expiryYear: String(new Date().getFullYear() + 1),
    };
    expect(firstPaymentMethodProblem({ ...card, zip: '' })).toBe('Postal code is required');
    expect(firstAddressProblem({ ...TORONTO, country: 'MX', zip: '' }, 'Name is required')).toBe(
      'Postal code is required',
    );
  });

  it("keeps product §5's words for a US address", () => {
    const texas = { ...TORONTO, city: 'Austin', state: '', zip: '78701', country: 'US' as const };
    expect(firstAddressProblem(texas, 'Name is required')).toBe('State is required');
    expect(firstAddressProblem({ ...texas, state: 'TX', zip: '' }, 'Name is required')).toBe(
      'ZIP code is required',
    );
    expect(PAYMENT_METHOD_MESSAGES.state).toBe('State is required');
    expect(ADDRESS_MESSAGES.zip).toBe('ZIP code is required');
  });

  it("puts every country's problem under its field", () => {
    for (const [message, field] of [
      ['Province is required', 'state'],
      ['Postal code is required', 'zip'],
      ['State is required', 'state'],
      ['ZIP code is required', 'zip'],
      ['Province must not contain invisible or text-direction characters', 'state'],
      ['Postal code must not contain invisible or text-direction characters', 'zip'],
    ] as const) {
      expect(addressFieldOfMessage(message, DELIVERY_MESSAGES.name), message).toBe(field);
      expect(deliveryFieldOfMessage(message), message).toBe(field);
    }
  });
});
