import { staffSecurityResponseSchema, type StaffSecurityResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const ACCOUNT_SECURITY_PATH = '/api/admin/account/security';

/**
 * `GET /api/admin/account/security`: the signed-in person's own second factor (decision 059): their
 * authenticator app since when, how many recovery codes are left, and whether their role must have one
 * before moving money.
 */
async function getAccountSecurity(): Promise<StaffSecurityResponse> {
  const body = await adminPost<unknown>(ACCOUNT_SECURITY_PATH, undefined, { method: 'GET' });
  const parsed = staffSecurityResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to load your account', 'rejected', 200, message);
}

/** What every change to the person's second factor refreshes. */
export const ACCOUNT_SECURITY_KEY = ['admin', 'account', 'security'] as const;

/** The person's second factor: read with each console page, and again after every change to it. */
export function useAccountSecurity() {
  return useQuery({ queryKey: ACCOUNT_SECURITY_KEY, queryFn: getAccountSecurity, staleTime: 60_000 });
}
