import { staffMemberResponseSchema, type StaffMemberResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { STAFF_KEY } from './list-staff';

const DISABLE_STAFF_PATH = '/api/admin/staff/disable';

/**
 * `POST /api/admin/staff/disable`: the person is signed out at once and cannot sign in until enabled
 * again. 409 for the store's only owner, or oneself.
 */
async function disableStaff(username: string): Promise<StaffMemberResponse> {
  const body = await adminPost<unknown>(DISABLE_STAFF_PATH, { username });
  const parsed = staffMemberResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to disable the person', 'rejected', 200, message);
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'disable-staff'],
    mutationFn: disableStaff,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
