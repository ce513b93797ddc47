import type { AdminLoginResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const ADMIN_LOGIN_PATH = '/api/admin/login';

interface AdminLoginRequest {
  username: string;
  password: string;
}

/**
 * Signs the admin in. The server answers with an HttpOnly session cookie; the password goes to the server
 * once, here, and is kept nowhere. For a person with an authenticator app, the answer says
 * `secondFactor: 'required'` instead, and its cookie holds a sign-in that waits for the code for 5 minutes
 * (decision 059): not signed in yet. Fails (ApiError) on HTTP 400 and above or an answer that is not a
 * success.
 */
async function loginAdmin(request: AdminLoginRequest): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(ADMIN_LOGIN_PATH, request);
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
    const { username, secondFactor } = body as { username?: unknown; secondFactor?: unknown };
    return {
      status: 'success',
      message: readMessage(body) ?? 'Login successful',
      username: typeof username === 'string' && username.trim() !== '' ? username : request.username.trim(),
      ...(secondFactor === 'required' ? { secondFactor: 'required' as const } : {}),
    };
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Authentication failed', 'rejected', 200, message);
}

export function useAdminLogin() {
  return useMutation({ mutationKey: ['admin', 'login'], mutationFn: loginAdmin });
}
