import { ADDRESS_MESSAGES, DELIVERY_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_TYPED_DELIVERY, paymentLinkRequestOf, type TypedDelivery } from './payment-link-request';

const ORDER = { lines: [{ productId: 'paper-ream-500' as const, quantity: 2 }], totalCents: 2098 };
const TYPED: TypedDelivery = {
  ...EMPTY_TYPED_DELIVERY,
  email: ' pat@example.com ',
  name: 'Pat Payer',
  address: '12 Paper Lane',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
};

describe('paymentLinkRequestOf', () => {
  it('sends a customer and one of their addresses by id', () => {
    expect(
      paymentLinkRequestOf(
        ORDER,
        { kind: 'customer', customerId: 100001, email: 'ada@example.com', addressId: 'a-1' },
        EMPTY_TYPED_DELIVERY,
      ),
    ).toEqual({
      request: { items: ORDER.lines, amount: 20.98, customerId: '100001', addressId: 'a-1' },
    });
  });

  it("sends a customer's typed address with the account's email", () => {
    const answer = paymentLinkRequestOf(
      ORDER,
      { kind: 'customer', customerId: 100001, email: 'ada@example.com', addressId: null },
      { ...TYPED, email: '' },
    );
    expect(answer).toEqual({
      request: {
        items: ORDER.lines,
        amount: 20.98,
        customerId: '100001',
        delivery: {
          email: 'ada@example.com',
          address: {
            name: 'Pat Payer',
            address: '12 Paper Lane',
            address2: undefined,
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            country: 'US',
            phone: undefined,
          },
        },
      },
    });
  });

  it('sends a caller who is not a customer with what the operator typed, trimmed', () => {
    const answer = paymentLinkRequestOf(ORDER, { kind: 'caller' }, TYPED);
    expect(answer).toMatchObject({
      request: { amount: 20.98, delivery: { email: 'pat@example.com', address: { state: 'TX' } } },
    });
    expect('request' in answer && 'customerId' in answer.request).toBe(false);
  });

  it("names the cart's first problem and its field", () => {
    const caller = { kind: 'caller' } as const;
    expect(paymentLinkRequestOf(ORDER, caller, { ...TYPED, email: '' })).toEqual({
      problem: DELIVERY_MESSAGES.email,
      field: 'email',
    });
    expect(paymentLinkRequestOf(ORDER, caller, { ...TYPED, email: 'pat@' })).toEqual({
      problem: DELIVERY_MESSAGES.invalidEmail,
      field: 'email',
    });
    expect(paymentLinkRequestOf(ORDER, caller, { ...TYPED, name: ' ' })).toEqual({
      problem: DELIVERY_MESSAGES.name,
      field: 'name',
    });
    expect(paymentLinkRequestOf(ORDER, caller, { ...TYPED, city: '' })).toEqual({
      problem: ADDRESS_MESSAGES.city,
      field: 'city',
    });
  });
});
