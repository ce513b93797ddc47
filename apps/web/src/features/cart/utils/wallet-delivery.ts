import type { CreatePaymentRequest } from '@store/core';
import type { ApplePayPaymentContact } from '../../../lib/apple-pay-js';

/** An order's contact and delivery as the store's calls take them; the server checks them. */
export type DeliveryInput = CreatePaymentRequest['delivery'];

/** Google Pay's `Address` (what `shippingAddressRequired` hands over). */
export interface GooglePayAddress {
  name?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  countryCode?: string;
  phoneNumber?: string;
}

/** The store's phone format, when a wallet's number has the ten digits of a US or Canadian one. */
function phoneOf(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : undefined;
}

/** The country a sheet gave, as the store's calls take it; none given, none sent (the store's default). */
function countryOf(code: string | undefined): { country?: DeliveryInput['address']['country'] } {
  return code ? { country: code.toUpperCase() as DeliveryInput['address']['country'] } : {};
}

/**
 * The email and shipping address Google Pay's sheet gave (`emailRequired`, `shippingAddressRequired`), as
 * the order's delivery. Whatever is missing stays empty: the server names the first problem.
 */
export function deliveryFromGooglePay(data: {
  email?: string;
  shippingAddress?: GooglePayAddress;
}): DeliveryInput {
  const address = data.shippingAddress ?? {};
  const second = [address.address2, address.address3].filter(Boolean).join(', ');
  return {
    email: data.email ?? '',
    address: {
      name: address.name ?? '',
      address: address.address1 ?? '',
      ...(second ? { address2: second } : {}),
      city: address.locality ?? '',
      state: address.administrativeArea ?? '',
      zip: address.postalCode ?? '',
      ...countryOf(address.countryCode),
      phone: phoneOf(address.phoneNumber),
    },
  };
}

/** Apple Pay's shipping contact (`requiredShippingContactFields`), as the order's delivery. */
export function deliveryFromApplePay(contact: ApplePayPaymentContact | undefined): DeliveryInput {
  const lines = contact?.addressLines ?? [];
  return {
    email: contact?.emailAddress ?? '',
    address: {
      name: [contact?.givenName, contact?.familyName].filter(Boolean).join(' '),
      address: lines[0] ?? '',
      ...(lines.length > 1 ? { address2: lines.slice(1).join(', ') } : {}),
      city: contact?.locality ?? '',
      state: contact?.administrativeArea ?? '',
      zip: contact?.postalCode ?? '',
      ...countryOf(contact?.countryCode),
      phone: phoneOf(contact?.phoneNumber),
    },
  };
}
