import { emailAddressProblem } from '@store/core';
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
 *
 * A message goes to its recipient as the console shows it, and to no one else (decision 045): a recipient
 * that is not one mailbox by the store's rule (a row kept before the rule) is not sent at all, and the
 * address is handed to the mail library as an address, never as text it could read as a list. A recipient
 * the mail server refuses as an address is given up at once; every other failure is tried again.
 */

/** How the store reaches its mail server: SMTP_URL and MAIL_FROM (config.ts). */
export interface MailSettings {
  smtpUrl: string;
  from: string;
}

/** Messages claimed by one pass. */
const MAIL_BATCH = 5;
/** The longest one message may take to send: a mail server that stops answering is left, and tried later. */
const MAIL_SEND_TIMEOUT_MS = 20_000;
/**
 * How long a pass holds the messages it claimed: longer than it takes to send all of them at the longest,
 * so that no other server claims one of them while it is still being sent. A server that stops mid-pass
 * leaves its messages to the others once its lease has run out.
 */
const MAIL_LEASE_MS = MAIL_BATCH * MAIL_SEND_TIMEOUT_MS + 20_000;

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

/** What the operator reads for a recipient the store will not send to: the rule's own words. */
export function refusedRecipientError(problem: string): string {
  return `Not sent: the recipient is not one email address (${problem})`;
}

/**
 * Whether the mail server refused the recipient's address itself (RFC 5321: 501 syntax error in the
 * address, 553 mailbox name not allowed; RFC 3463: 5.1.3 bad destination address syntax): the same address
 * would be refused on every later try. A temporary refusal (4xx), a refusal of the store's own sender or
 * of the message, and a connection's failure are not.
 */
function isRecipientAddressRefusal(error: unknown): boolean {
  const failure = error as { command?: unknown; responseCode?: unknown; response?: unknown };
  if (failure.command !== 'RCPT TO' || typeof failure.responseCode !== 'number') return false;
  if (failure.responseCode === 501 || failure.responseCode === 553) return true;
  return failure.responseCode >= 500 && /^5\d\d[ -]5\.1\.3\b/.test(String(failure.response ?? ''));
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
    // An address object is taken as the address it holds: the library parses a string as a list (and
    // `a,b@c` is two recipients to it), an object never. The envelope says the same, explicitly.
    const recipient = { name: '', address: message.recipient };
    await transport.sendMail({
      from: settings.from,
      to: recipient,
      envelope: { from: settings.from, to: [recipient] },
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
      const fail = async (message: OutboxRow, failure: { error: string; permanent: boolean }) => {
        pass.failed += 1;
        const now = options.now ?? new Date();
        const recorded = await recordMailFailure(deps.orm, message, { ...failure, now });
        // The outbox id and the try only: the address and the text are the customer's.
        const details = { mailId: message.id, kind: message.kind, attempts: recorded?.attempts };
        if (recorded?.status !== 'failed') log.warn(details, 'mail not sent; it will be tried again');
        else if (failure.permanent) log.error(details, 'mail not sent: its recipient address is refused');
        else log.error(details, 'mail not sent after its last try: given up');
      };
      for (const [index, message] of claimed.entries()) {
        // Not sent at all, mail server or not: trying again would not make it one address.
        const problem = emailAddressProblem(message.recipient);
        if (problem) {
          await fail(message, { error: refusedRecipientError(problem), permanent: true });
          continue;
        }
        try {
          if (stopping.signal.aborted) throw stopping.signal.reason;
          await send(message);
        } catch (error) {
          if (stopping.signal.aborted) {
            // Not the mail server's failure: this one and the rest go back to the outbox, due at once.
            await releaseMailLeases(deps.orm, claimed.slice(index));
            break;
          }
          await fail(message, { error: describeFailure(error), permanent: isRecipientAddressRefusal(error) });
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
