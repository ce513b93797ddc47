import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { SandboxGatewayOptions } from '@store/sandbox-gateway';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { sandboxAsCardPointe, startStandaloneSandbox, type StandaloneSandbox } from './standalone-sandbox';
import { PGLITE, useTestServer, type TestServer } from './test-server';

/**
 * What the proxy does to a call:
 * - `late`: the gateway does the work; its answer arrives `lateMs` later, after the store stopped waiting;
 * - `silent`: the gateway does the work; its answer never arrives (the connection stays open);
 * - `500`: the gateway does the work; its answer is replaced by an HTML 500 page;
 * - `unavailable`: 503 at once, the gateway never sees the call;
 * - `unauthorized`: 401 at once, as a gateway refusing the credentials; the gateway never sees the call.
 */
export type GatewayFault = 'none' | 'late' | 'silent' | '500' | 'unavailable' | 'unauthorized';

/** The gateway behind a proxy that adds latency and, on demand, delays, swallows, spoils or refuses calls. */
export interface FaultyGateway {
  url: string;
  /** The fault for every call not named in `faults`. */
  fault: GatewayFault;
  /**
   * Faults by CardPointe call: the path segment after `/cardconnect/rest/` (`auth`, `capture`, `refund`,
   * `inquire`, `inquireByOrderid`, `voidByOrderId` …).
   */
  faults: Partial<Record<string, GatewayFault>>;
  /** How many times each CardPointe call reached the proxy, refused ones included. */
  calls: Record<string, number>;
  /** No fault, no call counted. */
  reset(): void;
  close(): Promise<void>;
}

const REST_PREFIX = '/cardconnect/rest/';

function callName(path: string): string | undefined {
  if (!path.startsWith(REST_PREFIX)) return undefined;
  return path.slice(REST_PREFIX.length).split(/[/?]/)[0] || undefined;
}

export async function faultyGateway(
  target: string,
  options: { latencyMs?: number; lateMs?: number } = {},
): Promise<FaultyGateway> {
  const { latencyMs = 0, lateMs = 1_500 } = options;
  const { hostname, port } = new URL(target);
  const held = new Set<ServerResponse>();
  const proxy: FaultyGateway = {
    url: '',
    fault: 'none',
    faults: {},
    calls: {},
    reset() {
      proxy.fault = 'none';
      proxy.faults = {};
      proxy.calls = {};
    },
    close: async () => undefined,
  };

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, fault: GatewayFault) => {
    const forwarded = httpRequest(
      { host: hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        if (fault === 'silent') {
          answer.resume();
          held.add(outgoing);
          return;
        }
        if (fault === '500') {
          answer.resume();
          outgoing.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
          return;
        }
        if (fault !== 'late') {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const timer = setTimeout(() => {
            held.delete(outgoing);
            if (outgoing.destroyed) return;
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
          }, lateMs);
          held.add(outgoing);
          outgoing.once('close', () => clearTimeout(timer));
        });
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  };

  const server: Server = createServer((incoming, outgoing) => {
    const name = callName(incoming.url ?? '');
    if (name) proxy.calls[name] = (proxy.calls[name] ?? 0) + 1;
    // The fault in force when the call arrived, whatever a test sets while it is on its way.
    const fault = (name && proxy.faults[name]) || proxy.fault;
    if (fault === 'unavailable') {
      outgoing.writeHead(503).end();
      return;
    }
    if (fault === 'unauthorized') {
      outgoing.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
      return;
    }
    if (latencyMs > 0) setTimeout(() => forward(incoming, outgoing, fault), latencyMs);
    else forward(incoming, outgoing, fault);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = async () => {
    for (const outgoing of held) outgoing.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}

export interface StoreBehindFaultyGateway {
  /** The standalone sandbox gateway; its own records are in `gateway.sql`. */
  gateway: StandaloneSandbox;
  proxy: FaultyGateway;
  store: TestServer;
}

/**
 * For one describe block: a standalone sandbox gateway (with `sandbox` as its options), the faulty proxy in
 * front of it, and the store on a fresh PGlite database, speaking to that gateway through the proxy as to
 * CardPointe, with `environment` besides. Before each test the faults are cleared and the calls counted
 * afresh. Read `gateway` and `proxy` inside tests and hooks.
 */
export function useStoreBehindFaultyGateway(
  environment: Record<string, string>,
  sandbox: Partial<Omit<SandboxGatewayOptions, 'db'>> = {},
): StoreBehindFaultyGateway {
  const bench = {} as StoreBehindFaultyGateway;
  beforeAll(async () => {
    bench.gateway = await startStandaloneSandbox(sandbox);
    bench.proxy = await faultyGateway(bench.gateway.url);
  });
  afterAll(async () => {
    await bench.proxy?.close();
    await bench.gateway?.close();
  });
  bench.store = useTestServer(PGLITE, () => ({ ...sandboxAsCardPointe(bench.proxy.url), ...environment }));
  beforeEach(() => bench.proxy.reset());
  return bench;
}

/**
 * `gateway` with the answers of `operation` lost: the gateway does the work, and the store hears that it did
 * not answer in time. `calls` counts the calls that reached the gateway.
 */
export function answersLost(gateway: PaymentGateway, operation: 'refund' | 'voidAuthorization') {
  const lossy = {
    calls: 0,
    gateway: {
      ...gateway,
      [operation]: async (input: Parameters<PaymentGateway['refund']>[0]) => {
        lossy.calls += 1;
        await gateway[operation](input);
        return {
          ok: false,
          kind: 'unavailable',
          message: 'The payment gateway did not answer in time',
        } as const;
      },
    } as PaymentGateway,
  };
  return lossy;
}
