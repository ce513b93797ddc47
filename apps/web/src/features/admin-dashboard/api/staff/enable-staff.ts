import { staffMemberResponseSchema, type StaffMemberResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { STAFF_KEY } from './list-staff';

const ENABLE_STAFF_PATH = '/api/admin/staff/enable';

/** `POST /api/admin/staff/enable`: a disabled person may sign in again; a locked account is unlocked too. */
async function enableStaff(username: string): Promise<StaffMemberResponse> {
  const body = await adminPost<unknown>(ENABLE_STAFF_PATH, { username });
  const parsed = staffMemberResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to enable the person', 'rejected', 200, message);
}

export function useEnableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'enable-staff'],
    mutationFn: enableStaff,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
