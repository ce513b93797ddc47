import { and, count, desc, eq } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { lockCustomer } from './customer-store';
import { customerAddresses } from './schema';

export type CustomerAddressRow = typeof customerAddresses.$inferSelect;
/** What a customer writes of an address: everything but whose it is and whether it is the default. */
export type CustomerAddressFields = Omit<
  typeof customerAddresses.$inferInsert,
  'id' | 'customerId' | 'isDefault' | 'createdAt'
>;

const ofCustomer = (customerId: string, addressId: string) =>
  and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, addressId));

/** The newest first; two added in the same millisecond keep one order all the same. */
const NEWEST_FIRST = [desc(customerAddresses.createdAt), desc(customerAddresses.id)];

/** A customer's addresses: the default first, then the newest first. */
export async function listCustomerAddresses(orm: Orm, customerId: string): Promise<CustomerAddressRow[]> {
  return orm
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), ...NEWEST_FIRST);
}

/** One address, only if it is that customer's. */
export async function findCustomerAddress(
  orm: Orm,
  customerId: string,
  addressId: string,
): Promise<CustomerAddressRow | undefined> {
  return (await orm.select().from(customerAddresses).where(ofCustomer(customerId, addressId)).limit(1))[0];
}

/**
 * Adds an address to the customer's book, unless it holds `limit` already ('full'). The first address
 * becomes the default. The customer is locked, so two adds at once can neither pass the limit nor both
 * take the default.
 */
export async function insertCustomerAddress(
  orm: Orm,
  customerId: string,
  fields: CustomerAddressFields,
  limit: number,
): Promise<CustomerAddressRow | 'full'> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [held] = await tx
      .select({ addresses: count() })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId));
    const addresses = held?.addresses ?? 0;
    if (addresses >= limit) return 'full';
    const rows = await tx
      .insert(customerAddresses)
      .values({ ...fields, customerId, isDefault: addresses === 0 })
      .returning();
    return rows[0]!;
  });
}

/** Changes an address's fields (not whether it is the default); undefined when it is not that customer's. */
export async function updateCustomerAddress(
  orm: Orm,
  customerId: string,
  addressId: string,
  fields: CustomerAddressFields,
): Promise<CustomerAddressRow | undefined> {
  const rows = await orm
    .update(customerAddresses)
    .set(fields)
    .where(ofCustomer(customerId, addressId))
    .returning();
  return rows[0];
}

/** Makes the customer's newest address the default (there is none: nothing to do). */
async function promoteNewest(tx: Transaction, customerId: string): Promise<void> {
  const [newest] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  if (newest) {
    await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, newest.id));
  }
}

/**
 * Removes one of the customer's addresses; false when it is not theirs. When it was the default, the
 * newest one left becomes the default, so a customer with addresses always has one.
 */
export async function deleteCustomerAddress(
  orm: Orm,
  customerId: string,
  addressId: string,
): Promise<boolean> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const deleted = await tx
      .delete(customerAddresses)
      .where(ofCustomer(customerId, addressId))
      .returning({ isDefault: customerAddresses.isDefault });
    if (deleted.length === 0) return false;
    if (deleted[0]!.isDefault) await promoteNewest(tx, customerId);
    return true;
  });
}

/**
 * Makes one address the default and the one before it not (the database keeps one default a customer, by
 * the index `customer_addresses_one_default`); false when it is not that customer's.
 */
export async function makeDefaultAddress(orm: Orm, customerId: string, addressId: string): Promise<boolean> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const target = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(ofCustomer(customerId, addressId));
    if (target.length === 0) return false;
    await tx
      .update(customerAddresses)
      .set({ isDefault: false })
      .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
    await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, addressId));
    return true;
  });
}
