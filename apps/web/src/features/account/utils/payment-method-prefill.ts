import { PAYMENT_METHOD_LIMITS, type PaymentMethodForm, type SavedAddress } from '@store/core';

/** What the account already holds that Add Payment Method asks for. */
export interface AccountHolder {
  name: string;
  email: string;
}

/**
 * Add Payment Method's first values (decision 050): the account's name as the holder's and its email, and
 * the default address of the address book as the billing address, all still editable (product §5 asks for
 * each, for a card in another name or billed elsewhere). The form has one street line, so a second line
 * joins the first.
 */
export function prefilledPaymentMethodForm(
  empty: PaymentMethodForm,
  account: AccountHolder,
  defaultAddress: SavedAddress | undefined,
): PaymentMethodForm {
  const form = { ...empty, name: account.name, email: account.email };
  return defaultAddress ? withBillingAddress(form, defaultAddress) : form;
}

/** The form with an address book entry as its billing address (the holder's name and email untouched). */
export function withBillingAddress(form: PaymentMethodForm, address: SavedAddress): PaymentMethodForm {
  const street = [address.address, address.address2].filter(Boolean).join(', ');
  return {
    ...form,
    address: street.slice(0, PAYMENT_METHOD_LIMITS.text),
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    phone: address.phone ?? form.phone,
  };
}

/** Whether none of the billing address was typed yet: only then may a late address book fill it. */
export function isBillingAddressBlank(form: PaymentMethodForm): boolean {
  return [form.address, form.city, form.state, form.zip].every((value) => value.trim() === '');
}
