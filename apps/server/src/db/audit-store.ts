/** The audit log: who did what to which payment, and how it ended. */

import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { auditEvents } from './schema';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(
  orm: Orm | Transaction,
  event: typeof auditEvents.$inferInsert,
): Promise<void> {
  await insertAuditEvents(orm, [event]);
}

/** Many audit lines in one statement (Capture All writes one per payment). */
export async function insertAuditEvents(
  orm: Orm | Transaction,
  events: (typeof auditEvents.$inferInsert)[],
): Promise<void> {
  if (events.length > 0) await orm.insert(auditEvents).values(events);
}

/** Newest first, keyset-paginated on (at, id); with `actor`, only what that person did. */
export async function listAuditEvents(
  orm: Orm,
  options: { limit: number; before?: { at: Date; id: string }; actor?: string },
): Promise<AuditEventRow[]> {
  const before = options.before;
  return orm
    .select()
    .from(auditEvents)
    .where(
      and(
        options.actor === undefined ? undefined : eq(auditEvents.actor, options.actor),
        before
          ? or(
              lt(auditEvents.at, before.at),
              and(eq(auditEvents.at, before.at), lt(auditEvents.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit);
}
