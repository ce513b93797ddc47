import { postJson } from '../../../lib/api-client';

const ADMIN_LOGOUT_PATH = '/api/admin/logout';

/**
 * `POST /api/admin/logout`: ends the session a sign-in just opened, when it was not the one asked for (a
 * passkey of another person's, over a page signed in as someone else). A session already gone is not an
 * error; no answer leaves it to expire.
 */
export async function logOutAdmin(): Promise<void> {
  try {
    await postJson<unknown>(ADMIN_LOGOUT_PATH, {}, { timeoutMs: 10_000 });
  } catch {
    // Nothing more to do from here.
  }
}
