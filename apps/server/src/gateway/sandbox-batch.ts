import { request } from 'undici';
import type { ApiCredentials } from '@store/sandbox-gateway';

/**
 * The built-in sandbox's own control calls (not CardPointe's): closes today's batch now, as the merchant's
 * nightly cut-off would, so that an operator trying the store sees captures settle and scheduled refunds
 * run without waiting for the night; with `daysAgo`, as if it had closed that many days ago, so that the
 * deposit, and an ACH return or a chargeback, can be seen at once. Spoken to over HTTP, like the gateway.
 */
export type CloseSandboxBatch = (options?: { daysAgo?: number }) => Promise<{ settled: number }>;

export function createSandboxBatchControl(
  sandboxUrl: () => string,
  credentials: ApiCredentials,
  timeoutMs: number,
): CloseSandboxBatch {
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const control = async (call: string, body: object): Promise<unknown> => {
    const response = await request(`${sandboxUrl()}/sandbox-control/${call}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new Error(`The sandbox gateway did not close its batch (HTTP ${response.statusCode})`);
    }
    return response.body.json();
  };
  return async (options = {}) => {
    const answer = (await control('settle', {})) as { settled?: unknown; batchids?: unknown };
    const batchids = Array.isArray(answer.batchids)
      ? answer.batchids.filter((id) => typeof id === 'string')
      : [];
    // Only the batches just closed: what settled before keeps the day the store learned.
    if (options.daysAgo && batchids.length > 0) {
      await control('backdate-settlement', { days: options.daysAgo, batchids });
    }
    return { settled: typeof answer.settled === 'number' ? answer.settled : 0 };
  };
}
