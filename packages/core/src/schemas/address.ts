/**
 * A postal address as the store's forms take it: Add Payment Method's billing address (product §5) and an
 * order's delivery address (decision 027) follow the same rules, in the same order and words.
 */
export const ADDRESS_COUNTRIES = ['US', 'CA', 'MX'] as const;

export interface PostalAddressFields {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const ADDRESS_MESSAGES = {
  address: 'Address is required',
  city: 'City is required',
  state: 'State is required',
  usState: 'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
  zip: 'ZIP code is required',
  phone: 'Please enter the phone number as 123-456-7890',
} as const;

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The address rules of product §5, in its order: the name (in the caller's words: an account holder, a
 * recipient), the street, the city, the state (two letters in the US) and the ZIP or postal code.
 */
export function firstAddressProblem(address: PostalAddressFields, nameMissing: string): string | undefined {
  const m = ADDRESS_MESSAGES;
  if (blank(address.name)) return nameMissing;
  if (blank(address.address)) return m.address;
  if (blank(address.city)) return m.city;
  if (blank(address.state)) return m.state;
  if (address.country === 'US' && !/^[A-Za-z]{2}$/.test(address.state.trim())) return m.usState;
  if (blank(address.zip)) return m.zip;
  return undefined;
}

/** Whether an optional phone number, when given, is written as 123-456-7890. */
export function isPhoneWellFormed(phone: string | undefined): boolean {
  return blank(phone) || /^\d{3}-\d{3}-\d{4}$/.test(phone!.trim());
}
