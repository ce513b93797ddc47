import {
  ADDRESS_COUNTRIES,
  ADDRESS_COUNTRY_NAMES,
  addressFieldOfMessage,
  addressLabelsOf,
  formatPhoneInput,
  PAYMENT_METHOD_LIMITS,
  type DeliveryAddress,
} from '@store/core';
import type { ReactNode } from 'react';
import { CellTextField } from './form-cell';
import { SelectField } from './text-field';

/** A postal address as the forms hold it while it is typed: the country is the select's text. */
export type AddressFormValues = Omit<DeliveryAddress, 'country'> & { country: string };

/** A form's address before anything is typed: the store's first country chosen. */
export const EMPTY_ADDRESS_FORM: Required<AddressFormValues> = {
  name: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  country: ADDRESS_COUNTRIES[0],
  phone: '',
};

export type AddressFormField = keyof AddressFormValues;

/** The longest text an address field takes. */
const TEXT_LIMIT = 100;

/**
 * The address field a problem is about (`firstAddressProblem`'s words, and the form's own for a missing
 * name), or null for a problem that is not the address's.
 */
export function addressFieldOfProblem(message: string, nameMissing: string): AddressFormField | null {
  return addressFieldOfMessage(message, nameMissing) ?? null;
}

export interface AddressFieldsProps {
  values: AddressFormValues;
  onChange: (field: AddressFormField, value: string) => void;
  /** Who the address is for, in the form's words: "Account holder name", "Full name". */
  nameLabel: string;
  /** The form's problem and the field it is about: the message stands under that field. */
  problem: string | null;
  problemField: string | null;
  errorId: string;
  disabled: boolean;
  /** Whether the form asks for an apartment, suite or floor. */
  secondLine?: boolean;
  /** How long a state may be typed: product §5's two letters unless the form says otherwise. */
  stateLimit?: number;
  /** Fields of the form's own between the country and the phone (the billing email). */
  beforePhone?: ReactNode;
}

/**
 * The cells of a postal address in a form's two-column grid: the name, the street, the country, the city,
 * the state or province, the ZIP or postal code and an optional phone. The country comes before the fields
 * it names (`ADDRESS_LABELS`: a Canadian address asks for a province and a postal code). Every address form
 * is these fields: the cart's contact and delivery, the address book, Add Payment Method's billing address
 * and the console's payment links.
 */
export function AddressFields({
  values,
  onChange,
  nameLabel,
  problem,
  problemField,
  errorId,
  disabled,
  secondLine = false,
  stateLimit = PAYMENT_METHOD_LIMITS.state,
  beforePhone,
}: AddressFieldsProps) {
  const labels = addressLabelsOf(values.country);
  const field = (label: string, key: AddressFormField, extra: Record<string, unknown>, wide = false) => (
    <CellTextField
      label={label}
      value={values[key] ?? ''}
      onChange={(event) => onChange(key, event.target.value)}
      problem={problemField === key ? problem : null}
      errorId={errorId}
      disabled={disabled}
      wide={wide}
      {...extra}
    />
  );
  return (
    <>
      {field(nameLabel, 'name', { autoComplete: 'name', maxLength: TEXT_LIMIT }, true)}
      {field(
        'Address',
        'address',
        { autoComplete: secondLine ? 'address-line1' : 'street-address', maxLength: TEXT_LIMIT },
        true,
      )}
      {secondLine &&
        field(
          'Apartment, suite, floor (optional)',
          'address2',
          { autoComplete: 'address-line2', maxLength: TEXT_LIMIT },
          true,
        )}
      <SelectField
        label="Country"
        value={values.country}
        onChange={(event) => onChange('country', event.target.value)}
        disabled={disabled}
      >
        {ADDRESS_COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {ADDRESS_COUNTRY_NAMES[country]}
          </option>
        ))}
      </SelectField>
      {field('City', 'city', { autoComplete: 'address-level2', maxLength: TEXT_LIMIT })}
      {field(labels.state, 'state', { autoComplete: 'address-level1', maxLength: stateLimit })}
      {field(labels.zip, 'zip', { autoComplete: 'postal-code', maxLength: PAYMENT_METHOD_LIMITS.zip })}
      {beforePhone}
      {field('Phone (optional)', 'phone', {
        type: 'tel',
        autoComplete: 'tel',
        placeholder: '123-456-7890',
        onChange: (event: { target: { value: string } }) =>
          onChange('phone', formatPhoneInput(event.target.value)),
      })}
    </>
  );
}
