import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latencyLink, type LatencyLink } from './latency-link';

describe('latency link', () => {
  let server: ReturnType<typeof createServer>;
  let link: LatencyLink;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.end(JSON.stringify({ echo: body })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    link = await latencyLink(`http://127.0.0.1:${(server.address() as { port: number }).port}`, 60);
  });
  afterAll(() => {
    link.close();
    server.close();
  });

  it('answers each request, on a kept connection too, no sooner than the latency after it was sent', async () => {
    for (const body of ['first', 'second']) {
      const started = performance.now();
      const response = await fetch(link.url, { method: 'POST', body });
      expect(await response.json()).toEqual({ echo: body });
      expect(performance.now() - started).toBeGreaterThanOrEqual(59);
    }
  });
});
