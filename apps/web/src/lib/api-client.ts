import { API_TIMEOUT_MS } from '../config/payment';

/**
 * Why a call failed:
 * - `network`: no answer (offline, refused, timed out);
 * - `http`: the server answered with status 400 or above;
 * - `parse`: a 2xx answer that is not JSON;
 * - `rejected`: a JSON answer that reports `status: 'error'` or lacks what the call needs.
 * {@link postJson} throws the first three; each API file decides what a 2xx body means (`rejected`).
 */
export type ApiErrorKind = 'network' | 'http' | 'parse' | 'rejected';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** The HTTP status, when the server answered. */
    readonly status: number | null = null,
    /** The server's own message from a JSON error body, when it sent one. */
    readonly serverMessage: string | null = null,
    /** The server's machine-readable error, when it sent one. */
    readonly serverError: string | null = null,
  ) {
    super(message);
  }
}

function readString(body: unknown, field: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The `message` field of a JSON body, if it is a non-empty string. */
export function readMessage(body: unknown): string | null {
  return readString(body, 'message');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface PostJsonOptions {
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Extra request headers, e.g. `Idempotency-Key` on money calls. */
  headers?: Record<string, string>;
  /** POST by default; GET sends no body. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent to the end even when the page is left meanwhile (a log-out followed at once by another page). */
  keepalive?: boolean;
}

/**
 * POSTs a JSON body and returns the parsed JSON answer. Throws {@link ApiError} for no answer, an HTTP
 * status of 400 or above (message: the server's, else "Server returned N status code"), or a non-JSON body.
 */
export async function postJson<TResponse>(
  path: string,
  body: unknown,
  options: PostJsonOptions = {},
): Promise<TResponse> {
  const { timeoutMs = API_TIMEOUT_MS, fetchImpl = fetch } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  let response: Response;
  let text: string;
  try {
    const method = options.method ?? 'POST';
    response = await fetchImpl(path, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        ...options.headers,
      },
      credentials: 'same-origin',
      body: method === 'GET' ? undefined : JSON.stringify(body),
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    text = await response.text();
  } catch {
    throw new ApiError(
      timedOut
        ? 'The server took too long to answer. Please try again.'
        : 'Could not reach the server. Please check your connection and try again.',
      'network',
    );
  } finally {
    clearTimeout(timer);
  }

  const parsed = parseJson(text);
  if (response.status >= 400) {
    const errorBody = parsed.ok ? parsed.value : null;
    const serverMessage = readMessage(errorBody);
    throw new ApiError(
      serverMessage ?? `Server returned ${response.status} status code`,
      'http',
      response.status,
      serverMessage,
      readString(errorBody, 'error'),
    );
  }
  if (!parsed.ok) {
    throw new ApiError('The server sent an unexpected response.', 'parse', response.status);
  }
  return parsed.value as TResponse;
}
