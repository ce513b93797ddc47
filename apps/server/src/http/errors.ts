import type { ErrorKind } from '../errors';

/** The one HTTP status of each kind of refusal; the error handler and idempotent replays answer with it. */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  step_up_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  busy: 409,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  gateway_unavailable: 502,
};
