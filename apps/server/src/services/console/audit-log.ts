import { centsToDollars, type AuditEvent } from '@store/core';
import { listAuditEvents } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { decodeTimeCursor, encodeCursor } from '../page-cursor';

const DEFAULT_PAGE = 100;

/** The audit log, newest first, a page at a time; with `person`, only what that person did. */
export async function listAudit(
  orm: Orm,
  options: { limit?: number; cursor?: string; person?: string },
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const person = options.person?.toLowerCase();
  const rows = await listAuditEvents(orm, {
    limit,
    before: decodeTimeCursor(options.cursor),
    ...(person ? { actor: person } : {}),
  });
  const last = rows.at(-1);
  return {
    events: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      orderId: row.orderId,
      amount: row.amountCents === null ? null : centsToDollars(row.amountCents),
      outcome: row.outcome,
      detail: row.detail,
    })),
    nextCursor: rows.length === limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
