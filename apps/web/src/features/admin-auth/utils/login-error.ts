import { ApiError } from '../../../lib/api-client';

export const LOGIN_MESSAGES = {
  required: 'Username and password are required',
  authenticationFailed: 'Authentication failed',
  networkFailure: 'Login failed. Please try again.',
} as const;

/**
 * What the sign-in form says when the call fails (product §5, §8): the server's message as returned, else
 * "Authentication failed"; with no answer at all, "Login failed. Please try again."
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_MESSAGES.networkFailure;
  if (error.kind === 'network') return LOGIN_MESSAGES.networkFailure;
  return error.serverMessage ?? LOGIN_MESSAGES.authenticationFailed;
}
