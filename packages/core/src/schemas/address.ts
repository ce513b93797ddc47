import {
  hasHiddenCharacterForName,
  hiddenCharacterMessage,
  NAME_HIDDEN_CHARACTER,
} from './hidden-characters';

/**
 * A postal address as the store's forms take it: Add Payment Method's billing address (product §5) and an
 * order's delivery address (decision 027) follow the same rules, in the same order and words.
 */
export const ADDRESS_COUNTRIES = ['US', 'CA', 'MX'] as const;

export interface PostalAddressFields {
  name: string;
  address: string;
  /** Apartment, suite, floor: a delivery address's second line, optional. */
  address2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** A country the store takes addresses in. */
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

/** What an address form calls the region and the postal code: words a country's own people use. */
export interface AddressLabels {
  state: string;
  zip: string;
}

/**
 * The one table of address words by country, for every address form (the cart's contact and delivery, the
 * address book, Add Payment Method's billing address, the console's payment links) and for their problems'
 * words: a Canadian is asked for a province and a postal code, a Mexican for a state and a postal code, and
 * an American for a state and a ZIP code (product §5's words).
 */
export const ADDRESS_LABELS: Record<AddressCountry, AddressLabels> = {
  US: { state: 'State', zip: 'ZIP code' },
  CA: { state: 'Province', zip: 'Postal code' },
  MX: { state: 'State', zip: 'Postal code' },
};

/** The address words for a country as a form holds it; a country the store does not take reads as the US. */
export function addressLabelsOf(country: string | undefined): AddressLabels {
  return ADDRESS_LABELS[(country ?? '') as AddressCountry] ?? ADDRESS_LABELS.US;
}

/** An address's problems for one country, its region and postal code named as its form labels them. */
export function addressMessagesOf(country: string | undefined) {
  const labels = addressLabelsOf(country);
  return {
    address: 'Address is required',
    city: 'City is required',
    state: `${labels.state} is required`,
    usState: 'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
    zip: `${labels.zip} is required`,
    phone: 'Please enter the phone number as 123-456-7890',
  } as const;
}

/** product §5's words: a US address's. */
export const ADDRESS_MESSAGES = {
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  usState: 'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
  zip: 'ZIP code is required',
  phone: 'Please enter the phone number as 123-456-7890',
} as const satisfies ReturnType<typeof addressMessagesOf>;

/**
 * What a name or an address line holding an invisible or text-direction character is told (decision 045):
 * the account name's rule and words, the field named as the country's form labels it. The phone needs none:
 * only digits and dashes are taken there.
 */
export function addressHiddenCharacterMessagesOf(country: string | undefined) {
  const labels = addressLabelsOf(country);
  return {
    name: NAME_HIDDEN_CHARACTER,
    address: hiddenCharacterMessage('Address'),
    address2: hiddenCharacterMessage('Apartment, suite or floor'),
    city: hiddenCharacterMessage('City'),
    state: hiddenCharacterMessage(labels.state),
    zip: hiddenCharacterMessage(labels.zip),
  } as const;
}

/** A US address's words for an invisible or text-direction character. */
export const ADDRESS_HIDDEN_CHARACTER_MESSAGES = addressHiddenCharacterMessagesOf('US');

/** The fields of an address a form shows a problem under. */
export type AddressField = keyof ReturnType<typeof addressHiddenCharacterMessagesOf> | 'phone';

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The address rules of product §5, in its order: the name (in the caller's words: an account holder, a
 * recipient), the street (and its second line, when the form has one), the city, the state (two letters in
 * the US) and the ZIP or postal code, named in the words of the address's country (`ADDRESS_LABELS`). Each is required, and none may hold an invisible or text-direction
 * character (decision 045).
 */
export function firstAddressProblem(address: PostalAddressFields, nameMissing: string): string | undefined {
  const m = addressMessagesOf(address.country);
  const hidden = addressHiddenCharacterMessagesOf(address.country);
  if (blank(address.name)) return nameMissing;
  if (hasHiddenCharacterForName(address.name)) return hidden.name;
  if (blank(address.address)) return m.address;
  if (hasHiddenCharacterForName(address.address)) return hidden.address;
  if (hasHiddenCharacterForName(address.address2 ?? '')) return hidden.address2;
  if (blank(address.city)) return m.city;
  if (hasHiddenCharacterForName(address.city)) return hidden.city;
  if (blank(address.state)) return m.state;
  if (hasHiddenCharacterForName(address.state)) return hidden.state;
  if (address.country === 'US' && !/^[A-Za-z]{2}$/.test(address.state.trim())) return m.usState;
  if (blank(address.zip)) return m.zip;
  if (hasHiddenCharacterForName(address.zip)) return hidden.zip;
  return undefined;
}

/** Whether an optional phone number, when given, is written as 123-456-7890. */
export function isPhoneWellFormed(phone: string | undefined): boolean {
  return blank(phone) || /^\d{3}-\d{3}-\d{4}$/.test(phone!.trim());
}

/**
 * The field of an address a problem of `firstAddressProblem` (or of the phone) is about, for a form to show
 * it under that field; undefined for a problem that is not one field's. `nameMissing` is the form's own
 * words for a missing name.
 */
export function addressFieldOfMessage(message: string, nameMissing: string): AddressField | undefined {
  const fields = new Map<string, AddressField>([[nameMissing, 'name']]);
  // Every country's words: a form names the field whichever country its address is in.
  for (const country of ADDRESS_COUNTRIES) {
    const m = addressMessagesOf(country);
    for (const [key, field] of [
      ['address', 'address'],
      ['city', 'city'],
      ['state', 'state'],
      ['usState', 'state'],
      ['zip', 'zip'],
      ['phone', 'phone'],
    ] as const) {
      fields.set(m[key], field);
    }
    for (const [field, hidden] of Object.entries(addressHiddenCharacterMessagesOf(country))) {
      fields.set(hidden, field as AddressField);
    }
  }
  return fields.get(message);
}
