import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  EMAIL_REQUIRED,
  emailAddressProblem,
  INVALID_EMAIL,
} from './account';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_MESSAGES,
  addressFieldOfMessage,
  firstAddressProblem,
  isPhoneWellFormed,
  type AddressField,
} from './address';

/** The longest text a field of the address takes (as the Add Payment Method form's). */
const TEXT_LIMIT = 100;

/**
 * Who an order is for and where it goes: a contact email (for the receipt) and a delivery address. The
 * address follows the Add Payment Method form's rules and order (product §5), with a second address line;
 * the contact email comes first, as the first thing a shopper is asked (decision 027).
 */
export interface DeliveryAddress {
  /** The recipient's full name. */
  name: string;
  address: string;
  /** Apartment, suite, floor: optional. */
  address2?: string;
  city: string;
  /** A US state's two letters; a Canadian province or a Mexican state as written. */
  state: string;
  /** ZIP or postal code. */
  zip: string;
  country: (typeof ADDRESS_COUNTRIES)[number];
  phone?: string;
}

export interface OrderDelivery {
  email: string;
  address: DeliveryAddress;
}

export const DELIVERY_MESSAGES = {
  email: EMAIL_REQUIRED,
  invalidEmail: INVALID_EMAIL,
  name: 'Full name is required',
  phone: ADDRESS_MESSAGES.phone,
} as const;

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The first problem with a contact email and delivery address, in the form's order; undefined when none.
 * The email is one mailbox by the accounts' rule (`emailAddressProblem`, decision 045); the names and
 * address lines hold no invisible or text-direction character.
 */
export function firstDeliveryProblem(delivery: OrderDelivery): string | undefined {
  const m = DELIVERY_MESSAGES;
  if (blank(delivery.email)) return m.email;
  const emailProblem = emailAddressProblem(delivery.email.trim());
  if (emailProblem) return emailProblem;
  const addressProblem = firstAddressProblem(delivery.address, m.name);
  if (addressProblem) return addressProblem;
  if (!isPhoneWellFormed(delivery.address.phone)) return m.phone;
  return undefined;
}

/** The field of the delivery form a problem of `firstDeliveryProblem` is about; undefined when none is. */
export function deliveryFieldOfMessage(message: string): AddressField | 'email' | undefined {
  if (EMAIL_MESSAGES.includes(message)) return 'email';
  return addressFieldOfMessage(message, DELIVERY_MESSAGES.name);
}

const text = (max: number) => z.string().max(max).default('');

/** A delivery address on the wire; its own rules, in order and words, decide what is wrong. */
export const deliveryAddressSchema = z.object({
  name: text(TEXT_LIMIT),
  address: text(TEXT_LIMIT),
  address2: z.string().max(TEXT_LIMIT).optional(),
  city: text(TEXT_LIMIT),
  state: text(TEXT_LIMIT),
  zip: text(TEXT_LIMIT),
  country: z.enum(ADDRESS_COUNTRIES, { error: 'Country must be US, CA or MX' }).default('US'),
  phone: z.string().max(12).optional(),
});

/** What a payment call without a delivery is told. */
export const DELIVERY_REQUIRED = 'Contact and delivery details are required';

/** An order's contact email and delivery address, as every way to pay sends them. */
export const orderDeliverySchema = z
  .object(
    {
      // Room for spaces around an address of the longest length: the rule's words say what is too long.
      email: text(2 * EMAIL_MAX_LENGTH),
      address: z.object(deliveryAddressSchema.shape, { error: DELIVERY_REQUIRED }),
    },
    { error: DELIVERY_REQUIRED },
  )
  .superRefine((delivery, context) => {
    const problem = firstDeliveryProblem(delivery);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((delivery) => ({
    email: delivery.email.trim(),
    address: {
      ...delivery.address,
      name: delivery.address.name.trim(),
      address: delivery.address.address.trim(),
      address2: delivery.address.address2?.trim() || undefined,
      city: delivery.address.city.trim(),
      state:
        delivery.address.country === 'US'
          ? delivery.address.state.trim().toUpperCase()
          : delivery.address.state.trim(),
      zip: delivery.address.zip.trim(),
      phone: delivery.address.phone?.trim() || undefined,
    },
  }));
