import { describe, expect, it } from 'vitest';
import {
  DELIVERY_MESSAGES as D,
  firstDeliveryProblem,
  orderDeliverySchema,
  type OrderDelivery,
} from './delivery';
import { PAYMENT_METHOD_MESSAGES as M } from './payment-method';

const DELIVERY: OrderDelivery = {
  email: 'pat@example.com',
  address: {
    name: 'Pat Shopper',
    address: '1 Main St',
    address2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
};

const withAddress = (change: Partial<OrderDelivery['address']>): OrderDelivery => ({
  ...DELIVERY,
  address: { ...DELIVERY.address, ...change },
});

describe('a contact email and delivery address', () => {
  it('is accepted when complete, with or without the optional second line and phone', () => {
    expect(firstDeliveryProblem(DELIVERY)).toBeUndefined();
    expect(firstDeliveryProblem(withAddress({ address2: undefined, phone: '512-555-0100' }))).toBeUndefined();
    expect(
      firstDeliveryProblem(withAddress({ country: 'CA', state: 'Ontario', zip: 'M5V 2T6' })),
    ).toBeUndefined();
  });

  it('names the first problem in the form order: email, name, street, city, state, ZIP, phone', () => {
    const empty: OrderDelivery = {
      email: '',
      address: { name: '', address: '', city: '', state: '', zip: '', country: 'US', phone: '12' },
    };
    const answers: string[] = [];
    let delivery = empty;
    const fixes: ((d: OrderDelivery) => OrderDelivery)[] = [
      (d) => ({ ...d, email: 'pat@' }),
      (d) => ({ ...d, email: 'pat@example.com' }),
      (d) => ({ ...d, address: { ...d.address, name: 'Pat' } }),
      (d) => ({ ...d, address: { ...d.address, address: '1 Main St' } }),
      (d) => ({ ...d, address: { ...d.address, city: 'Austin' } }),
      (d) => ({ ...d, address: { ...d.address, state: 'Texas' } }),
      (d) => ({ ...d, address: { ...d.address, state: 'TX' } }),
      (d) => ({ ...d, address: { ...d.address, zip: '78701' } }),
      (d) => ({ ...d, address: { ...d.address, phone: '512-555-0100' } }),
    ];
    for (const fix of fixes) {
      answers.push(firstDeliveryProblem(delivery) ?? 'none');
      delivery = fix(delivery);
    }
    answers.push(firstDeliveryProblem(delivery) ?? 'none');
    expect(answers).toEqual([
      D.email,
      D.invalidEmail,
      D.name,
      M.address,
      M.city,
      M.state,
      M.usState,
      M.zip,
      D.phone,
      'none',
    ]);
  });

  it('is refused by the wire schema with the first problem, and trimmed when accepted', () => {
    const refused = orderDeliverySchema.safeParse({ email: 'pat@example.com', address: { name: 'Pat' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(M.address);
    const accepted = orderDeliverySchema.parse({
      email: ' pat@example.com ',
      address: { ...DELIVERY.address, name: ' Pat Shopper ', address2: '  ', phone: '' },
    });
    expect(accepted).toEqual({
      email: 'pat@example.com',
      address: { ...DELIVERY.address, address2: undefined, phone: undefined },
    });
  });

  it('refuses a country the store does not ship to', () => {
    const refused = orderDeliverySchema.safeParse({
      ...DELIVERY,
      address: { ...DELIVERY.address, country: 'FR' },
    });
    expect(refused.error?.issues[0]?.message).toBe('Country must be US, CA or MX');
  });
});
