/**
 * The fixed kinds of refusal the store gives: an expected outcome a person is told about, never a
 * programming error. Services throw these; http/ alone decides what each becomes on the wire.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  /** The person must prove their second factor again before this (decision 059). */
  | 'step_up_required'
  | 'not_found'
  | 'conflict'
  /** What the request names no longer works: a one-time link used or expired. */
  | 'gone'
  /** Another request is changing the same thing right now: nothing was done, and the same call may be made again. */
  | 'busy'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'gateway_unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** For too_many_requests: how long the client should wait before trying again. */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
