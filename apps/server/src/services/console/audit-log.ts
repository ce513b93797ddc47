import { centsToDollars, type AuditEvent } from '@store/core';
import { listAuditEvents } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { decodeTimeCursor, encodeCursor } from '../page-cursor';

const DEFAULT_PAGE = 100;

/** The audit log, newest first, a page at a time. */
export async function listAudit(
  orm: Orm,
  options: { limit?: number; cursor?: string },
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const rows = await listAuditEvents(orm, { limit, before: decodeTimeCursor(options.cursor) });
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
