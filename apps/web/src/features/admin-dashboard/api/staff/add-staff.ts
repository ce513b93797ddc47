import { staffSetupLinkResponseSchema, type AddStaffRequest, type StaffSetupLinkResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { STAFF_KEY } from './list-staff';

const ADD_STAFF_PATH = '/api/admin/staff';

/**
 * `POST /api/admin/staff`: a new person, invited, with a one-time link to choose their password (shown once,
 * and emailed when mail is set up). Fails (ApiError) with the store's words: 400 for what was typed, 409
 * when the email already signs someone in.
 */
async function addStaff(request: AddStaffRequest): Promise<StaffSetupLinkResponse> {
  const body = await adminPost<unknown>(ADD_STAFF_PATH, request);
  const parsed = staffSetupLinkResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to add the person', 'rejected', 200, message);
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'add-staff'],
    mutationFn: addStaff,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
