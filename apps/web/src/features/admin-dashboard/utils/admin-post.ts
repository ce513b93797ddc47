import { ApiError, postJson, readMessage } from '../../../lib/api-client';
import { adminSessionResumed, refuseAdminSession } from '../../../lib/admin-session';
import { withSecondFactor } from './account/second-factor-prompt';
import { idleHeaders, refusalReason } from './activity';
import { MONEY_CALL_TIMEOUT_MS } from './polling';

export interface AdminPostOptions {
  /** Sent as the `Idempotency-Key` header (money calls). */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** Log out answers 401 when the session is already gone; that is not "your session ended". */
  ignoreUnauthorized?: boolean;
  /** POST by default; a GET sends no body. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
}

/** How long an admin call waits: a money call (with its key) longer than the server can take to answer. */
export function adminCallTimeoutMs(options: AdminPostOptions): number | undefined {
  return options.timeoutMs ?? (options.idempotencyKey ? MONEY_CALL_TIMEOUT_MS : undefined);
}

/**
 * POSTs an admin call with the session cookie (`postJson` sends `credentials: 'same-origin'`). The body
 * never carries the password. Every call says how long the person has been idle (decision 057), so that a
 * list refreshing by itself keeps nobody signed in. A 401 means the server-side session is gone: a console
 * page asks for the password over itself, keeping what was typed (elsewhere the tab's marker is cleared,
 * which sends the tab to the sign-in page). While it asks, calls wait for the answer rather than fail the
 * page's lists behind it; they fail with 401 if the person signs out instead.
 */
export async function adminPost<TResponse>(
  path: string,
  body: unknown,
  options: AdminPostOptions = {},
): Promise<TResponse> {
  if (!options.ignoreUnauthorized && !(await adminSessionResumed())) {
    throw new ApiError('Authentication required', 'http', 401, null);
  }
  try {
    // A money call the store wants the second factor proved again for asks for the code over the page,
    // then goes again as it was: the same body and Idempotency-Key (decision 059).
    return await withSecondFactor(() =>
      postJson<TResponse>(path, body, {
        timeoutMs: adminCallTimeoutMs(options),
        method: options.method,
        headers: {
          ...idleHeaders(),
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !options.ignoreUnauthorized) {
      refuseAdminSession(refusalReason());
    }
    throw error;
  }
}

/** A 2xx body must say `status: 'success'`; anything else is a refusal with the server's message. */
export function requireSuccess<T>(
  body: unknown,
  fallback: string,
  isValid: (body: T) => boolean = () => true,
): T {
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
    if (isValid(body as T)) return body as T;
    throw new ApiError(fallback, 'rejected', 200, null);
  }
  const message = readMessage(body);
  throw new ApiError(message ?? fallback, 'rejected', 200, message);
}
