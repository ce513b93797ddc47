import { createTransport } from 'nodemailer';
import type { Orm } from '../../db/client';
import {
  claimDueMail,
  markMailSent,
  recordMailFailure,
  releaseMailLeases,
  type OutboxRow,
} from '../../db/mail-outbox-store';
import { quietLog, type Log } from '../../log';

/**
 * Sends what the outbox holds (decision 027) over SMTP with nodemailer, from upkeep only: no payment ever
 * waits for a mail server or fails because of one. A pass claims a few due messages for a lease, sends them
 * one after another with their own Message-ID, and marks each sent, or records the failure and when to try
 * again. Several servers send from one outbox: each claims different rows, so a message goes out once
 * (twice only if a server stops between the mail server's acceptance and the mark, and then with the same
 * Message-ID, which mail programs show once).
 */

/** How the store reaches its mail server: SMTP_URL and MAIL_FROM (config.ts). */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** Messages claimed by one pass. */
export const MAIL_BATCH = 5;
/** The longest one message may take to send: a mail server that stops answering is left, and tried later. */
export const MAIL_SEND_TIMEOUT_MS = 20_000;
/**
 * How long a pass holds the messages it claimed: longer than it takes to send all of them at the longest,
 * so that no other server claims one of them while it is still being sent. A server that stops mid-pass
 * leaves its messages to the others once its lease has run out.
 */
export const MAIL_LEASE_MS = MAIL_BATCH * MAIL_SEND_TIMEOUT_MS + 20_000;

export interface MailPass {
  sent: number;
  failed: number;
  /** The pass claimed as many as it could: more may be due now. */
  full: boolean;
}

export interface MailSender {
  /** Claims what is due at `now` (the present by default) and sends it. */
  sendDue(options?: { now?: Date }): Promise<MailPass>;
  /**
   * Stops sending: a send in progress is abandoned (a stopping server does not wait on a mail server), what
   * the pass has not sent is given back to the outbox, and no pass claims anything after.
   */
  close(): void;
}

/** The error as the operator reads it: the mail server's answer or the connection's failure, one line. */
function describeFailure(error: unknown): string {
  const failure = error as { message?: unknown; code?: unknown };
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const code = typeof failure.code === 'string' && !message.includes(failure.code) ? `${failure.code}: ` : '';
  return `${code}${message}`.replace(/\s+/g, ' ').trim();
}

export function createMailSender(
  deps: { orm: Orm; log?: Log },
  settings: MailSettings & { batch?: number; leaseMs?: number; sendTimeoutMs?: number },
): MailSender {
  const log = deps.log ?? quietLog;
  const batch = settings.batch ?? MAIL_BATCH;
  const sendTimeoutMs = settings.sendTimeoutMs ?? MAIL_SEND_TIMEOUT_MS;
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: sendTimeoutMs,
    greetingTimeout: sendTimeoutMs,
    socketTimeout: sendTimeoutMs,
    // The messages are text and markup the store rendered: nothing is ever read from a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  const stopping = new AbortController();

  async function send(message: OutboxRow): Promise<void> {
    await transport.sendMail({
      from: settings.from,
      to: message.recipient,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      messageId: message.messageId,
      headers: { 'Auto-Submitted': 'auto-generated' },
      signal: AbortSignal.any([AbortSignal.timeout(sendTimeoutMs), stopping.signal]),
    });
  }

  return {
    async sendDue(options = {}) {
      const pass: MailPass = { sent: 0, failed: 0, full: false };
      if (stopping.signal.aborted) return pass;
      const claimed = await claimDueMail(deps.orm, {
        now: options.now ?? new Date(),
        limit: batch,
        leaseMs: settings.leaseMs ?? MAIL_LEASE_MS,
      });
      pass.full = claimed.length === batch;
      for (const [index, message] of claimed.entries()) {
        try {
          if (stopping.signal.aborted) throw stopping.signal.reason;
          await send(message);
        } catch (error) {
          if (stopping.signal.aborted) {
            // Not the mail server's failure: this one and the rest go back to the outbox, due at once.
            await releaseMailLeases(deps.orm, claimed.slice(index));
            break;
          }
          pass.failed += 1;
          const now = options.now ?? new Date();
          const recorded = await recordMailFailure(deps.orm, message, { error: describeFailure(error), now });
          // The outbox id and the try only: the address and the text are the customer's.
          const details = { mailId: message.id, kind: message.kind, attempts: recorded?.attempts };
          if (recorded?.status === 'failed') log.error(details, 'mail not sent after its last try: given up');
          else log.warn(details, 'mail not sent; it will be tried again');
          continue;
        }
        await markMailSent(deps.orm, message.id);
        pass.sent += 1;
      }
      return pass;
    },
    close() {
      stopping.abort(new Error('the server is stopping'));
      transport.close();
    },
  };
}
