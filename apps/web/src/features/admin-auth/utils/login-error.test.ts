import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it("shows the server's message as returned", () => {
    expect(loginErrorMessage(new ApiError('Invalid credentials', 'http', 401, 'Invalid credentials'))).toBe(
      'Invalid credentials',
    );
    const throttled = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    expect(loginErrorMessage(new ApiError(throttled, 'http', 429, throttled))).toBe(throttled);
  });

  it('falls back to "Authentication failed" when the server gave no message', () => {
    expect(loginErrorMessage(new ApiError('Server returned 500 status code', 'http', 500))).toBe(
      'Authentication failed',
    );
    expect(loginErrorMessage(new ApiError('The server sent an unexpected response.', 'parse', 200))).toBe(
      'Authentication failed',
    );
    expect(loginErrorMessage(new ApiError('Authentication failed', 'rejected', 200, null))).toBe(
      'Authentication failed',
    );
  });

  it('says "Login failed. Please try again." when the server could not be reached', () => {
    expect(loginErrorMessage(new ApiError('Could not reach the server.', 'network'))).toBe(
      'Login failed. Please try again.',
    );
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Login failed. Please try again.');
  });
});
