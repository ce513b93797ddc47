import { adminLoginResponseSchema, type AdminLoginResponse, type StaffSetupRequest } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';
import { setupLinkQueryKey } from './check-setup-link';

const SET_STAFF_PASSWORD_PATH = '/api/admin/setup';

/**
 * `POST /api/admin/setup`: the person's password, chosen with their set-up link, which then stops working.
 * Throws ApiError: `http` 400 with the store's words for a password it refuses, 410 for a link gone.
 */
async function setStaffPassword(request: StaffSetupRequest): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(SET_STAFF_PASSWORD_PATH, request);
  const parsed = adminLoginResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'The server sent an unexpected response.', 'rejected', 200, message);
}

export function useSetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['staff-setup', 'password'],
    mutationFn: setStaffPassword,
    // The link did its job: opened again, it is checked again (and found used), not read from memory.
    onSuccess: (_answer, request) =>
      queryClient.removeQueries({ queryKey: setupLinkQueryKey(request.token) }),
  });
}
