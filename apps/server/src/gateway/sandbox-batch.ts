import { request } from 'undici';
import type { ApiCredentials } from '@store/sandbox-gateway';

/**
 * The built-in sandbox's own control call (not CardPointe's): closes today's batch now, as the merchant's
 * nightly cut-off would, so that an operator trying the store sees captures settle and scheduled refunds
 * run without waiting for the night. Spoken to over HTTP, like the gateway itself.
 */
export type CloseSandboxBatch = () => Promise<{ settled: number }>;

export function createSandboxBatchControl(
  sandboxUrl: () => string,
  credentials: ApiCredentials,
  timeoutMs: number,
): CloseSandboxBatch {
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  return async () => {
    const response = await request(`${sandboxUrl()}/sandbox-control/settle`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new Error(`The sandbox gateway did not close its batch (HTTP ${response.statusCode})`);
    }
    const answer = (await response.body.json()) as { settled?: unknown };
    return { settled: typeof answer.settled === 'number' ? answer.settled : 0 };
  };
}
