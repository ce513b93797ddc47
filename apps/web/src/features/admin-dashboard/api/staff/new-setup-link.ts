import { staffSetupLinkResponseSchema, type StaffSetupLinkResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { STAFF_KEY } from './list-staff';

const NEW_SETUP_LINK_PATH = '/api/admin/staff/setup-link';

/**
 * `POST /api/admin/staff/setup-link`: a new one-time link for a person, for an invitation whose link
 * expired or a forgotten password. Using it replaces their password and ends their sessions.
 */
async function newSetupLink(username: string): Promise<StaffSetupLinkResponse> {
  const body = await adminPost<unknown>(NEW_SETUP_LINK_PATH, { username });
  const parsed = staffSetupLinkResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to make a set-up link', 'rejected', 200, message);
}

export function useNewSetupLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'staff-setup-link'],
    mutationFn: newSetupLink,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
