import { z } from 'zod';
import { ADDRESS_COUNTRIES, firstAddressProblem, isPhoneWellFormed } from './address';
import { DELIVERY_MESSAGES, deliveryAddressSchema, type DeliveryAddress } from './delivery';

/**
 * A signed-in customer's address book (decision 027): delivery addresses kept for the next order, one of
 * them the default the cart preselects. Each entry is a delivery address, checked by the delivery form's
 * rules, in its order and words.
 */

/** How many addresses a customer keeps: enough for home, work and a few more, never a mailing list. */
export const ADDRESS_BOOK_LIMIT = 10;

export const ADDRESS_BOOK_MESSAGES = {
  full: `You can keep up to ${ADDRESS_BOOK_LIMIT} addresses. Remove one to add another.`,
  notFound: 'Address not found',
} as const;

/** The countries' names, as an address shows them. */
export const ADDRESS_COUNTRY_NAMES: Record<(typeof ADDRESS_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
};

/** The first problem with an address-book entry, as the delivery form would name it; undefined when none. */
export function firstAddressBookProblem(address: DeliveryAddress): string | undefined {
  const problem = firstAddressProblem(address, DELIVERY_MESSAGES.name);
  if (problem) return problem;
  return isPhoneWellFormed(address.phone) ? undefined : DELIVERY_MESSAGES.phone;
}

/** An entry as it is kept: text without the spaces around it, a US state in capitals, no empty options. */
function keptAddress(address: DeliveryAddress): DeliveryAddress {
  const optional = (value: string | undefined) => value?.trim() || undefined;
  const state = address.state.trim();
  return {
    name: address.name.trim(),
    address: address.address.trim(),
    address2: optional(address.address2),
    city: address.city.trim(),
    state: address.country === 'US' ? state.toUpperCase() : state,
    zip: address.zip.trim(),
    country: address.country,
    phone: optional(address.phone),
  };
}

/** `POST /api/users/addresses` and `PUT /api/users/addresses/:id`: one address, the delivery form's fields. */
export const addressBookEntryRequestSchema = z
  .object(deliveryAddressSchema.shape, { error: 'The request body must be a JSON object' })
  .superRefine((address, context) => {
    const problem = firstAddressBookProblem(address);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(keptAddress);
export type AddressBookEntryRequest = z.input<typeof addressBookEntryRequestSchema>;
export type AddressBookEntry = z.output<typeof addressBookEntryRequestSchema>;

/** The address named in the path of an edit, a removal or a change of default. */
export const addressIdParamsSchema = z.object({
  id: z.string({ error: 'Address ID is required' }).uuid('Address ID is not valid'),
});

/** An address as My Account and the cart show it. */
export const savedAddressSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.enum(ADDRESS_COUNTRIES),
  phone: z.string().optional(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The customer's addresses: the default first, then the newest first. */
export const addressBookResponseSchema = z.object({
  status: z.literal('success'),
  addresses: z.array(savedAddressSchema),
});
export type AddressBookResponse = z.infer<typeof addressBookResponseSchema>;

/** An address added or changed, as it is now kept. */
export const savedAddressResponseSchema = z.object({
  status: z.literal('success'),
  address: savedAddressSchema,
  message: z.string(),
});
export type SavedAddressResponse = z.infer<typeof savedAddressResponseSchema>;
