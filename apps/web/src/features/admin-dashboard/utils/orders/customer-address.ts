import type { AdminCustomer } from '@store/core';

type CustomerAddress = AdminCustomer['addresses'][number];

/** "Ada Lovelace, 12 St James Square, London" (and "default"), as a select's option. */
export function addressOptionText(address: CustomerAddress): string {
  const text = [address.name, address.address, address.address2, address.city, address.state, address.zip]
    .filter(Boolean)
    .join(', ');
  return address.isDefault ? `${text} · default` : text;
}

/** The address an order for the customer goes to unless the operator picks another: the default, else the first. */
export function defaultAddressId(addresses: readonly CustomerAddress[]): string {
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? '';
}
