import { describe, expect, it } from 'vitest';
import { ApiError, postJson } from './api-client';

function fakeFetch(status: number, body: string): typeof fetch {
  return async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('postJson', () => {
  it('returns the parsed JSON of a 2xx answer, including status: error bodies', async () => {
    const body = await postJson(
      '/api/x',
      {},
      { fetchImpl: fakeFetch(200, '{"status":"error","message":"No"}') },
    );
    expect(body).toEqual({ status: 'error', message: 'No' });
  });

  it("uses the server's message for HTTP 400 and above", async () => {
    const error = await failure(
      postJson(
        '/api/x',
        {},
        { fetchImpl: fakeFetch(400, '{"status":"error","message":"Order total does not match the cart"}') },
      ),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Order total does not match the cart',
      serverMessage: 'Order total does not match the cart',
    });
  });

  it('falls back to the status code when the error body has no message', async () => {
    const error = await failure(
      postJson('/api/x', {}, { fetchImpl: fakeFetch(502, '<html>Bad gateway</html>') }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Server returned 502 status code' });
  });

  it('rejects a 2xx answer that is not JSON', async () => {
    const error = await failure(postJson('/api/x', {}, { fetchImpl: fakeFetch(200, '<html></html>') }));
    expect(error.kind).toBe('parse');
  });

  it('reports a network failure and a timeout', async () => {
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await failure(postJson('/api/x', {}, { fetchImpl: offline }))).kind).toBe('network');

    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const timedOut = await failure(postJson('/api/x', {}, { fetchImpl: hanging, timeoutMs: 20 }));
    expect(timedOut).toMatchObject({
      kind: 'network',
      message: 'The server took too long to answer. Please try again.',
    });
  });
});
