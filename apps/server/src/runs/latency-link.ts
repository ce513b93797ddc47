import { connect, createServer, type Socket } from 'node:net';

/** A network link to a server that adds a fixed delay. */
export interface LatencyLink {
  url: string;
  close(): void;
}

/**
 * A link to `target` over which every byte a client sends arrives `latencyMs` later, in order; the answers
 * come straight back. So each request is answered no sooner than `latencyMs` after it was sent, as over a
 * slow network. The bytes are passed on as they are, without reading HTTP, so the link takes next to none
 * of the CPU that the store and the server behind it share with it (unlike a proxy that parses and
 * forwards each request).
 */
export async function latencyLink(target: string, latencyMs: number): Promise<LatencyLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
    // Timers of one duration run in the order they were set: the bytes keep their order.
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), latencyMs));
    client.on('end', () => setTimeout(() => upstream.end(), latencyMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
