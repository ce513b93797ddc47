import type { CustomerUser, UserResponse } from '@store/core';
import { ApiError, postJson, readMessage } from './api-client';

/**
 * The customer calls more than one part of the app makes: reading the answer's `user`, checking the
 * session, logging out. Calls of one screen live in that screen's feature.
 */
export function userOf(body: UserResponse, fallback: string): CustomerUser {
  if (body.status === 'success' && body.user && typeof body.user.id === 'string') return body.user;
  const message = readMessage(body);
  throw new ApiError(message ?? fallback, 'rejected', 200, message);
}

/** `GET /api/users/session`: the signed-in customer, or null when there is no live session. */
export async function fetchSessionUser(): Promise<CustomerUser | null> {
  try {
    return userOf(
      await postJson<UserResponse>('/api/users/session', undefined, { method: 'GET' }),
      'No session',
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** `POST /api/users/logout`: ends the session on the server. */
export async function logoutCustomer(): Promise<void> {
  await postJson('/api/users/logout', {}, { keepalive: true });
}
