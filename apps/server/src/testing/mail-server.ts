import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Mail servers for tests, on the loopback interface: a real SMTP server (the `smtp-server` package) that
 * keeps what it is sent, a port that refuses connections, and a server that accepts them and never answers.
 */

interface ReceivedMail {
  /** The envelope's sender and recipients, as the store's SMTP client gave them. */
  from: string;
  to: string[];
  messageId?: string;
  subject?: string;
  /** The whole message as it arrived: headers and body. */
  raw: string;
}

export interface TestMailServer {
  /** SMTP_URL for this server. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Every RCPT TO address it was given, taken or refused, in order. */
  recipientsTried: string[];
  close(): Promise<void>;
}

/** How the server answers a RCPT TO it refuses, e.g. 501 "5.1.3 Bad recipient address syntax". */
export interface RecipientRefusal {
  code: number;
  message: string;
}

/** A header of a raw message, unfolded; undefined when absent. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * An SMTP server without TLS or sign-in that takes every message; on `port` when given (else any free).
 * `refuseRecipient` answers the recipients it refuses, as a mail server refuses an address it will not take.
 */
export async function startTestMailServer(
  options: { port?: number; refuseRecipient?: (address: string) => RecipientRefusal | undefined } = {},
): Promise<TestMailServer> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      const refusal = options.refuseRecipient?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: headerOf(raw, 'Message-ID'),
          subject: headerOf(raw, 'Subject'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    recipientsTried,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (it was free a moment ago): connections to it are refused. */
export async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never says a word, as a mail server that hangs. */
export async function startSilentServer(): Promise<{
  url: string;
  open: () => number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
