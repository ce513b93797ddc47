import { describe, expect, it } from 'vitest';
import {
  ADDRESS_HIDDEN_CHARACTER_MESSAGES as H,
  addressFieldOfMessage,
  firstAddressProblem,
} from './address';
import { addressBookEntryRequestSchema } from './address-book';
import {
  DELIVERY_MESSAGES,
  deliveryFieldOfMessage,
  orderDeliverySchema,
  type OrderDelivery,
} from './delivery';
import { NAME_HIDDEN_CHARACTER } from './hidden-characters';
import { paymentLinkRequestSchema } from './payment-link';
import { firstPaymentMethodProblem } from './payment-method';
import { processWithApplePayRequestSchema } from './wallet';

/**
 * Names and address lines take the account name's rule (decision 045): no invisible or text-direction
 * character, wherever a delivery is typed, with the field named in the words its form labels it.
 */

const ADDRESS: OrderDelivery['address'] = {
  name: 'Pat Shopper',
  address: '1 Main St',
  address2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512-555-0100',
};
const ITEMS = [{ productId: 'pen-pack-100', quantity: 1 }];

const RLO = '\u202e';
const ZWSP = '\u200b';
const LRI = '\u2066';
const PDI = '\u2069';

/** The first message each place that takes a typed address answers for it (undefined: accepted). */
function messagesFor(change: Partial<OrderDelivery['address']>) {
  const address = { ...ADDRESS, ...change };
  const delivery = { email: 'pat@example.com', address };
  const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
  return {
    addressBook: first(addressBookEntryRequestSchema.safeParse(address)),
    checkout: first(orderDeliverySchema.safeParse(delivery)),
    walletSheet: first(
      processWithApplePayRequestSchema.safeParse({
        paymentToken: { paymentData: { version: 'EC_v1', data: 'AA==', signature: 'AA==', header: HEADER } },
        amount: 1,
        orderId: 'AP-0123456789AB',
        items: ITEMS,
        delivery,
      }),
    ),
    paymentLinkPayer: first(paymentLinkRequestSchema.safeParse({ items: ITEMS, amount: 1, delivery })),
  };
}
const HEADER = { ephemeralPublicKey: 'AA==', publicKeyHash: 'AA==', transactionId: 'ab' };

const everywhere = (message: string | undefined) => ({
  addressBook: message,
  checkout: message,
  walletSheet: message,
  paymentLinkPayer: message,
});

describe('names and address lines hold no invisible or text-direction character', () => {
  it.each([
    ['a right-to-left override in the name', { name: `Pat ${RLO}reppohS` }, H.name],
    ['a zero-width space in the name', { name: `Pat${ZWSP} Shopper` }, H.name],
    ['an isolate around the name', { name: `${LRI}Pat Shopper${PDI}` }, H.name],
    ['a right-to-left override in the address', { address: `1 Main ${RLO}tS` }, H.address],
    ['a zero-width space in the address', { address: `1 Main${ZWSP} St` }, H.address],
    ['an isolate in the second line', { address2: `Suite ${LRI}200${PDI}` }, H.address2],
    ['a right-to-left override in the city', { city: `${RLO}nitsuA` }, H.city],
    ['a zero-width space in the city', { city: `Aus${ZWSP}tin` }, H.city],
    ['an isolate in the city', { city: `${LRI}Austin` }, H.city],
    [
      'a zero-width space in a written-out province',
      { country: 'CA', state: `Ont${ZWSP}ario` },
      'Province must not contain invisible or text-direction characters',
    ],
    ['a right-to-left override in a US state', { state: `${RLO}XT` }, H.state],
    ['a byte-order mark inside the ZIP code', { zip: `787\ufeff01` }, H.zip],
  ] as const)('refuses %s, under its field, everywhere a delivery is typed', (_name, change, message) => {
    expect(messagesFor(change)).toEqual(everywhere(message));
  });

  it('speaks as the account name does, naming each field as its form labels it', () => {
    expect(H).toEqual({
      name: NAME_HIDDEN_CHARACTER,
      address: 'Address must not contain invisible or text-direction characters',
      address2: 'Apartment, suite or floor must not contain invisible or text-direction characters',
      city: 'City must not contain invisible or text-direction characters',
      state: 'State must not contain invisible or text-direction characters',
      zip: 'ZIP code must not contain invisible or text-direction characters',
    });
    expect(NAME_HIDDEN_CHARACTER).toBe('Name must not contain invisible or text-direction characters');
    for (const [field, message] of Object.entries(H)) {
      expect(addressFieldOfMessage(message, DELIVERY_MESSAGES.name)).toBe(field);
      expect(deliveryFieldOfMessage(message)).toBe(field);
    }
    expect(deliveryFieldOfMessage(DELIVERY_MESSAGES.name)).toBe('name');
    expect(deliveryFieldOfMessage(DELIVERY_MESSAGES.phone)).toBe('phone');
    expect(deliveryFieldOfMessage('Cross-site request refused')).toBeUndefined();
  });

  it('keeps what a name or an address may need: other scripts, joiners, direction marks, accents', () => {
    expect(
      messagesFor({
        name: 'Sara نیک\u200cپور',
        address: '\u200fشارع 5\u200f',
        address2: 'Piso 2º',
        city: 'Montréal',
        state: 'Québec',
        country: 'CA',
        zip: 'H2X 1Y4',
      }),
    ).toEqual(everywhere(undefined));
    expect(messagesFor({ name: 'Ava 👩\u200d💻' })).toEqual(everywhere(undefined));
  });

  it('says "required" first for a field that holds nothing else', () => {
    expect(messagesFor({ name: ' ' }).checkout).toBe(DELIVERY_MESSAGES.name);
    expect(messagesFor({ name: ZWSP }).checkout).toBe(H.name);
  });

  it('holds for the billing address of Add Payment Method too, which follows the same address rules', () => {
    const form = {
      mode: 'CC' as const,
      name: `Pat ${RLO}reppohS`,
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      email: 'pat@example.com',
      accountNumber: '4111111111111111',
      expiryMonth: '12',
      expiryYear: String(new Date().getFullYear() + 1),
    };
    expect(firstPaymentMethodProblem(form)).toBe(H.name);
    expect(firstPaymentMethodProblem({ ...form, name: 'Pat Shopper', city: `Aus${ZWSP}tin` })).toBe(H.city);
    expect(firstPaymentMethodProblem({ ...form, name: 'Pat Shopper' })).toBeUndefined();
    expect(firstAddressProblem({ ...form, name: 'Pat Shopper' }, 'Name is required')).toBeUndefined();
  });
});
