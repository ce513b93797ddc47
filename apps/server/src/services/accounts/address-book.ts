import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_BOOK_MESSAGES,
  type AddressBookEntry,
  type SavedAddress,
} from '@store/core';
import {
  deleteCustomerAddress,
  insertCustomerAddress,
  listCustomerAddresses,
  makeDefaultAddress,
  updateCustomerAddress,
  type CustomerAddressFields,
  type CustomerAddressRow,
} from '../../db/address-book-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';

/**
 * A signed-in customer's address book (decision 027). Every call names the customer from the session and
 * every lookup is scoped to them: another customer's address is "not found", never a hint that it exists.
 */

/** The address as My Account and the cart show it. */
export function toSavedAddress(row: CustomerAddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    ...(row.address2 ? { address2: row.address2 } : {}),
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country as SavedAddress['country'],
    ...(row.phone ? { phone: row.phone } : {}),
    isDefault: row.isDefault,
  };
}

/** The columns an entry fills; an absent second line or phone is stored as none. */
function fieldsOf(entry: AddressBookEntry): CustomerAddressFields {
  return { ...entry, address2: entry.address2 ?? null, phone: entry.phone ?? null };
}

export async function listAddresses(orm: Orm, customerId: string): Promise<SavedAddress[]> {
  return (await listCustomerAddresses(orm, customerId)).map(toSavedAddress);
}

/** Adds an address; the first one is the default. A full book is refused with what to do about it. */
export async function addAddress(
  orm: Orm,
  input: { customerId: string; address: AddressBookEntry },
): Promise<SavedAddress> {
  const row = await insertCustomerAddress(orm, input.customerId, fieldsOf(input.address), ADDRESS_BOOK_LIMIT);
  if (row === 'full') throw new AppError('conflict', ADDRESS_BOOK_MESSAGES.full);
  return toSavedAddress(row);
}

export async function editAddress(
  orm: Orm,
  input: { customerId: string; addressId: string; address: AddressBookEntry },
): Promise<SavedAddress> {
  const row = await updateCustomerAddress(orm, input.customerId, input.addressId, fieldsOf(input.address));
  if (!row) throw new AppError('not_found', ADDRESS_BOOK_MESSAGES.notFound);
  return toSavedAddress(row);
}

/** Removes an address; when it was the default, the newest one left becomes the default. */
export async function removeAddress(
  orm: Orm,
  input: { customerId: string; addressId: string },
): Promise<void> {
  if (!(await deleteCustomerAddress(orm, input.customerId, input.addressId))) {
    throw new AppError('not_found', ADDRESS_BOOK_MESSAGES.notFound);
  }
}

export async function setDefaultAddress(
  orm: Orm,
  input: { customerId: string; addressId: string },
): Promise<void> {
  if (!(await makeDefaultAddress(orm, input.customerId, input.addressId))) {
    throw new AppError('not_found', ADDRESS_BOOK_MESSAGES.notFound);
  }
}
