import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation, type Orm } from './client';
import { customers, savedPaymentMethods, sessions } from './schema';

export type CustomerRow = typeof customers.$inferSelect;
export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;

/** Creates a customer; undefined when the email (whatever its case) has an account already. */
export async function insertCustomer(
  orm: Orm,
  input: { name: string; email: string; passwordHash: string },
): Promise<CustomerRow | undefined> {
  try {
    return (await orm.insert(customers).values(input).returning())[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findCustomerByEmail(orm: Orm, email: string): Promise<CustomerRow | undefined> {
  const rows = await orm
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

export async function findCustomer(orm: Orm, id: string): Promise<CustomerRow | undefined> {
  return (await orm.select().from(customers).where(eq(customers.id, id)).limit(1))[0];
}

/** The customer a Customer ID names (the number read out on the telephone). */
export async function findCustomerByNumericId(orm: Orm, numericId: number): Promise<CustomerRow | undefined> {
  return (await orm.select().from(customers).where(eq(customers.numericId, numericId)).limit(1))[0];
}

/** Changes name and email; 'taken' when another account has that email. */
export async function updateCustomerProfile(
  orm: Orm,
  input: { id: string; name: string; email: string },
): Promise<CustomerRow | 'taken' | undefined> {
  try {
    const rows = await orm
      .update(customers)
      .set({ name: input.name, email: input.email, updatedAt: new Date() })
      .where(eq(customers.id, input.id))
      .returning();
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/**
 * Moves a customer session's end to `expiresAt`, never earlier than it is: two requests extending it at
 * once cannot shorten it.
 */
export async function extendCustomerSession(orm: Orm, tokenHash: string, expiresAt: Date): Promise<void> {
  await orm
    .update(sessions)
    .set({ expiresAt: sql`greatest(${sessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'customer')));
}

/** A customer's saved methods, the default first, then the oldest first. */
export async function listSavedMethods(orm: Orm, customerId: string): Promise<SavedMethodRow[]> {
  return orm
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.customerId, customerId))
    .orderBy(
      desc(savedPaymentMethods.isDefault),
      asc(savedPaymentMethods.createdAt),
      asc(savedPaymentMethods.id),
    );
}

/** One saved method, only if it is that customer's. */
export async function findSavedMethod(
  orm: Orm,
  customerId: string,
  methodId: string,
): Promise<SavedMethodRow | undefined> {
  const rows = await orm
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.customerId, customerId), eq(savedPaymentMethods.id, methodId)))
    .limit(1);
  return rows[0];
}

export type NewSavedMethod = typeof savedPaymentMethods.$inferInsert;

/** Records the customer's gateway profile; false when another request recorded one first. */
export async function setGatewayProfileId(orm: Orm, customerId: string, profileId: string): Promise<boolean> {
  const rows = await orm
    .update(customers)
    .set({ gatewayProfileId: profileId, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), isNull(customers.gatewayProfileId)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/**
 * Keeps a saved method; the same gateway account saved again (the gateway answers the same account for the
 * same data) is the row kept the first time. The first method of a customer becomes the default.
 */
export async function insertSavedMethod(
  orm: Orm,
  method: Omit<NewSavedMethod, 'isDefault'>,
): Promise<SavedMethodRow> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, method.customerId);
    const existing = await tx
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.customerId, method.customerId));
    const same = existing.find((row) => row.gatewayAccountId === method.gatewayAccountId);
    if (same) return same;
    const rows = await tx
      .insert(savedPaymentMethods)
      .values({ ...method, isDefault: existing.length === 0 })
      .returning();
    return rows[0]!;
  });
}

type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Every change to a customer's set of methods (or of addresses) locks the customer first: one at a time,
 * per customer.
 */
export async function lockCustomer(tx: Transaction, customerId: string): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** Makes one method the default and every other one not; false when it is not that customer's. */
export async function makeDefaultMethod(orm: Orm, customerId: string, methodId: string): Promise<boolean> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const target = await tx
      .select({ id: savedPaymentMethods.id })
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.customerId, customerId), eq(savedPaymentMethods.id, methodId)));
    if (target.length === 0) return false;
    await tx
      .update(savedPaymentMethods)
      .set({ isDefault: false })
      .where(and(eq(savedPaymentMethods.customerId, customerId), eq(savedPaymentMethods.isDefault, true)));
    await tx.update(savedPaymentMethods).set({ isDefault: true }).where(eq(savedPaymentMethods.id, methodId));
    return true;
  });
}

/**
 * Deletes one of the customer's methods. When it was the default, the oldest remaining one becomes the
 * default, and is returned so the gateway can be told.
 */
export async function deleteSavedMethod(
  orm: Orm,
  customerId: string,
  methodId: string,
): Promise<{ deleted: boolean; newDefault?: SavedMethodRow }> {
  return orm.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const deleted = await tx
      .delete(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.customerId, customerId), eq(savedPaymentMethods.id, methodId)))
      .returning();
    if (deleted.length === 0) return { deleted: false };
    if (!deleted[0]!.isDefault) return { deleted: true };
    const next = (
      await tx
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.customerId, customerId))
        .orderBy(asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id))
        .limit(1)
    )[0];
    if (!next) return { deleted: true };
    const promoted = await tx
      .update(savedPaymentMethods)
      .set({ isDefault: true })
      .where(eq(savedPaymentMethods.id, next.id))
      .returning();
    return { deleted: true, newDefault: promoted[0] };
  });
}
