/**
 * The fixed kinds of refusal the API gives, each with one HTTP status. Services return or throw these;
 * the error handler is the only place that turns them into answers.
 */
export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  gateway_unavailable: 502,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** For 429: how long the client should wait before trying again (sent as Retry-After). */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.kind];
  }
}
