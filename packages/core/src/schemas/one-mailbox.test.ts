import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  emailAddressProblem,
  INVALID_EMAIL,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './account';
import { createPaymentRequestSchema } from './checkout';
import { deliveryFieldOfMessage, orderDeliverySchema, type OrderDelivery } from './delivery';
import { EMAIL_HIDDEN_CHARACTER } from './hidden-characters';
import { paymentLinkRequestSchema } from './payment-link';
import { processWithGooglePayRequestSchema } from './wallet';

/**
 * One rule for every email the store keeps or sends to (decision 045): one mailbox, written as an address
 * and nothing else, whichever form or route takes it.
 */

const USER_ID = '00000000-0000-4000-8000-000000000001';
const ADDRESS: OrderDelivery['address'] = {
  name: 'Ada Lovelace',
  address: '12 Analytical Row',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};
const ITEMS = [{ productId: 'pen-pack-100', quantity: 1 }];

/** The first message each way to give an email answers for `email` (undefined: accepted). */
function messagesFor(email: string) {
  const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
  const delivery = { email, address: ADDRESS };
  return {
    rule: emailAddressProblem(email),
    register: first(
      registerRequestSchema.safeParse({ name: 'Ada', email, password: 'correct horse battery' }),
    ),
    profile: first(updateProfileRequestSchema.safeParse({ userId: USER_ID, name: 'Ada', email })),
    checkout: first(
      createPaymentRequestSchema.safeParse({
        amount: 1,
        orderId: 'CC-0123456789AB',
        customerName: 'Ada',
        redirectUrl: 'http://127.0.0.1:3999/payment-complete',
        items: ITEMS,
        delivery,
      }),
    ),
    walletSheet: first(
      processWithGooglePayRequestSchema.safeParse({
        paymentToken: 'token',
        amount: 1,
        orderId: 'GP-0123456789AB',
        gateway: 'cardconnect',
        items: ITEMS,
        delivery,
      }),
    ),
    paymentLink: first(paymentLinkRequestSchema.safeParse({ items: ITEMS, amount: 1, delivery })),
  };
}

const everywhere = (message: string | undefined) => ({
  rule: message,
  register: message,
  profile: message,
  checkout: message,
  walletSheet: message,
  paymentLink: message,
});

describe('an email address is one mailbox', () => {
  it.each([
    ['an address list', 'postmaster,spy@evil.test'],
    ['a display name with an address in angle brackets', 'ada.lovelace<spy@evil.test>'],
    ['a group', 'g:postmaster,spy@evil.test;'],
    ['a list with a space', 'ada@example.com, spy@evil.test'],
    ['a list separated by a semicolon', 'ada@example.com;spy@evil.test'],
    ['a quoted display name', '"Ada" <spy@evil.test>'],
    ['a quoted local part', '"spy@evil.test"@example.com'],
    ['a comment', 'ada(spy@evil.test)@example.com'],
    ['an escaped character', 'ada\\@evil.test@example.com'],
    ['a domain literal', 'ada@[127.0.0.1]'],
    ['two @ signs', 'ada@evil.test@example.com'],
    ['a leading dot', '.ada@example.com'],
    ['two dots in a row', 'ada..lovelace@example.com'],
    ['a dot before the @', 'ada.@example.com'],
    ['a label starting with a hyphen', 'ada@-example.com'],
    ['a host name with an empty label', 'ada@example..com'],
    ['a host name ending in a dot', 'ada@example.com.'],
    ['a host name without a dot', 'ada@localhost'],
    ['an underscore in the host name', 'ada@exa_mple.com'],
    ['a full-width comma', 'postmaster\uff0cspy@evil.test'],
  ])('refuses %s with the words of today, on every form', (_name, email) => {
    expect(messagesFor(email)).toEqual(everywhere(INVALID_EMAIL));
  });

  it('refuses an invisible character, on every form (the payment link took one)', () => {
    expect(messagesFor('ad\u200Ba@example.com')).toEqual(everywhere(EMAIL_HIDDEN_CHARACTER));
    expect(messagesFor('ada@exa\u2066mple.com')).toEqual(everywhere(EMAIL_HIDDEN_CHARACTER));
  });

  it.each([
    ['a plain address', 'ada@example.com'],
    ['dots, capitals and a plus', 'Ada.Lovelace+orders@Example.com'],
    ['an apostrophe and a hyphen', "o'brien-smith@mail.example.co.uk"],
    ['the other symbols an atom may hold', "a!#$%&'*+/=?^_`{|}~-z@example.com"],
    ['digits and hyphens in the host name', 'ada@mail-2.example-shop.com'],
    ['letters of other scripts', 'zoë.ñúñez@exämple.de'],
    ['an internationalized address', '用户@例子.广告'],
  ])('takes %s, on every form', (_name, email) => {
    expect(messagesFor(email)).toEqual(everywhere(undefined));
  });

  it('takes up to 254 characters, and 64 before the @', () => {
    const host = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`;
    const longest = `${'x'.repeat(EMAIL_MAX_LENGTH - host.length - 1)}@${host}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(messagesFor(longest)).toEqual(everywhere(undefined));
    expect(messagesFor(`x${longest}`)).toEqual(everywhere(EMAIL_TOO_LONG));
    expect(emailAddressProblem(`${'x'.repeat(64)}@example.com`)).toBeUndefined();
    expect(emailAddressProblem(`${'x'.repeat(65)}@example.com`)).toBe(INVALID_EMAIL);
    expect(emailAddressProblem(`ada@${'a'.repeat(64)}.com`)).toBe(INVALID_EMAIL);
  });

  it('is trimmed by the forms, but an outbox recipient must be exactly the address', () => {
    expect(orderDeliverySchema.parse({ email: '  ada@example.com ', address: ADDRESS }).email).toBe(
      'ada@example.com',
    );
    expect(emailAddressProblem(' ada@example.com')).toBe(INVALID_EMAIL);
    expect(emailAddressProblem('')).toBe(INVALID_EMAIL);
    expect(messagesFor('  ').checkout).toBe(EMAIL_REQUIRED);
  });

  it('names the email field for each of its messages, for the forms to show them under it', () => {
    for (const message of [EMAIL_REQUIRED, INVALID_EMAIL, EMAIL_TOO_LONG, EMAIL_HIDDEN_CHARACTER]) {
      expect(deliveryFieldOfMessage(message)).toBe('email');
    }
  });
});
