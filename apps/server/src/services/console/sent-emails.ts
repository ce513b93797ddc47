import type { SentEmail } from '@store/core';
import type { Orm } from '../../db/client';
import { findOutboxHtml, listOutbox } from '../../db/mail-outbox-store';
import { AppError } from '../../errors';
import { decodeTimeCursor, encodeCursor } from '../page-cursor';

const DEFAULT_PAGE = 50;

/**
 * A mail library's error may quote the address it was given: a password in a URL (`smtp://user:secret@…`)
 * is never shown, whatever the error.
 */
function withoutCredentials(error: string | null): string | null {
  return error && error.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1…@');
}

/**
 * The outbox as the console's Sent emails view reads it (demo mode, decision 027), newest first. The message
 * and what became of it; never its Message-ID, its lease or how the store reaches the mail server.
 */
export async function listSentEmails(
  orm: Orm,
  options: { limit?: number; cursor?: string },
): Promise<{ emails: SentEmail[]; nextCursor: string | null }> {
  const cursor = decodeTimeCursor(options.cursor);
  const page = await listOutbox(orm, {
    limit: options.limit ?? DEFAULT_PAGE,
    after: cursor ? { createdAt: cursor.at, id: cursor.id } : undefined,
  });
  return {
    emails: page.messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      orderId: message.orderId,
      recipient: message.recipient,
      subject: message.subject,
      status: message.status,
      attempts: message.attempts,
      createdAt: message.createdAt.toISOString(),
      sentAt: message.sentAt?.toISOString() ?? null,
      lastError: withoutCredentials(message.lastError),
      textBody: message.textBody,
    })),
    nextCursor: page.next ? encodeCursor(page.next.createdAt, page.next.id) : null,
  };
}

/** A message's HTML body, or 404 for an id the outbox has not. */
export async function readSentEmailHtml(orm: Orm, id: string): Promise<string> {
  const html = await findOutboxHtml(orm, id);
  if (html === undefined) throw new AppError('not_found', 'Email not found');
  return html;
}
