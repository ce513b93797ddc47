import { staffListResponseSchema, type StaffMember } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_STAFF_PATH = '/api/admin/staff';

/** `GET /api/admin/staff`: everyone who may sign in to the console, owners first, then by name. */
async function listStaff(): Promise<StaffMember[]> {
  const body = await adminPost<unknown>(LIST_STAFF_PATH, undefined, { method: 'GET' });
  const parsed = staffListResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.staff;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to fetch staff', 'rejected', 200, message);
}

/** The list every change to a person refreshes. */
export const STAFF_KEY = ['admin', 'staff'] as const;

/** The staff list, kept fresh while the Staff tab (or the Audit Log's Person filter) is open. */
export function useStaffList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: listStaff,
    enabled,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
