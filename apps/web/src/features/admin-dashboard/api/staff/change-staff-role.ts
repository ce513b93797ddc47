import { staffMemberResponseSchema, type StaffMemberResponse, type StaffRoleRequest } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { STAFF_KEY } from './list-staff';

const CHANGE_STAFF_ROLE_PATH = '/api/admin/staff/role';

/**
 * `POST /api/admin/staff/role`: what a person may do from their next call on. 409 when the store's only
 * owner would stop being one.
 */
async function changeStaffRole(request: StaffRoleRequest): Promise<StaffMemberResponse> {
  const body = await adminPost<unknown>(CHANGE_STAFF_ROLE_PATH, request);
  const parsed = staffMemberResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to change the role', 'rejected', 200, message);
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'change-staff-role'],
    mutationFn: changeStaffRole,
    // The signed-in person's own role may be the one changed: what the console offers follows it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'session'] }),
      ]),
  });
}
