import { recoveryCodesResponseSchema, type RecoveryCodesResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ACCOUNT_SECURITY_KEY } from './get-account-security';

const RENEW_RECOVERY_CODES_PATH = '/api/admin/account/recovery-codes';

/**
 * `POST /api/admin/account/recovery-codes`: with a code, ten new recovery codes (shown this once); the old
 * ones stop working.
 */
async function renewRecoveryCodes(code: string): Promise<RecoveryCodesResponse> {
  const body = await adminPost<unknown>(RENEW_RECOVERY_CODES_PATH, { code });
  const parsed = recoveryCodesResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to make new recovery codes', 'rejected', 200, message);
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'account', 'recovery-codes'],
    mutationFn: renewRecoveryCodes,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
