import { authenticatorSetupResponseSchema, type AuthenticatorSetupResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const START_AUTHENTICATOR_PATH = '/api/admin/account/authenticator';

/**
 * `POST /api/admin/account/authenticator`: a new key for the person's authenticator app, and the otpauth
 * URI its QR code holds. Not counted until its first code confirms it; 409 while one is already set up.
 */
async function startAuthenticatorSetup(): Promise<AuthenticatorSetupResponse> {
  const body = await adminPost<unknown>(START_AUTHENTICATOR_PATH, {});
  const parsed = authenticatorSetupResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to start setting up the app', 'rejected', 200, message);
}

export function useStartAuthenticatorSetup() {
  return useMutation({
    mutationKey: ['admin', 'account', 'authenticator'],
    mutationFn: startAuthenticatorSetup,
  });
}
