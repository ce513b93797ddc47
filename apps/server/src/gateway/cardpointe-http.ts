import { request } from 'undici';
import { readMessage } from './cardpointe-answers';
import type { CardPointeOptions } from './cardpointe-gateway';
import type { GatewayResult } from './payment-gateway';

/**
 * One exchange with CardPointe over HTTP: the call, with the store's credentials and time limit, and its
 * answer as JSON, or why there is none (not reached, no answer in time, a failure, a refusal of the request).
 */
export function cardPointeCaller(
  options: Pick<CardPointeOptions, 'baseUrl' | 'timeoutMs'>,
  authorization: string,
) {
  return async function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<GatewayResult<unknown>> {
    let status: number;
    let text: string;
    try {
      // undici's request rather than fetch: a capture's call cost the store several times more CPU through
      // fetch's streams and headers than the capture's own database work (Capture All sends thousands).
      const response = await request(`${options.baseUrl()}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text().catch(() => '');
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        kind: 'unavailable',
        message: timedOut
          ? 'The payment gateway did not answer in time'
          : 'The payment gateway could not be reached',
      };
    }
    // 408 and 429 say "not now", not "no": the call may or may not have been carried out.
    if (status >= 500 || status === 408 || status === 429) {
      return {
        ok: false,
        kind: 'unavailable',
        message: `The payment gateway failed (HTTP ${status})`,
      };
    }
    if (status >= 400) {
      return {
        ok: false,
        kind: 'rejected',
        status,
        message: status === 401 ? 'The payment gateway refused our credentials' : readMessage(text, status),
      };
    }
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      // settlestat's "nothing settled" may come as bare text rather than JSON.
      if (/^\s*"?null batches"?\s*$/i.test(text)) return { ok: true, value: 'Null Batches' };
      return { ok: false, kind: 'unavailable', message: 'The payment gateway sent an unreadable answer' };
    }
  };
}
