import { staffSetupCheckResponseSchema, type StaffSetupCheckResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const CHECK_SETUP_LINK_PATH = '/api/admin/setup/check';

/**
 * `POST /api/admin/setup/check`: whose set-up link this is, before they choose a password. Throws ApiError:
 * `http` 410 for a link that expired or was used, `network` when the store did not answer.
 */
async function checkSetupLink(token: string): Promise<StaffSetupCheckResponse> {
  const body = await postJson<unknown>(CHECK_SETUP_LINK_PATH, { token });
  const parsed = staffSetupCheckResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'The server sent an unexpected response.', 'rejected', 200, message);
}

/**
 * Checked once: the link stops working once the password is set, so a check made again (on focus, say)
 * would call a link that just did its job gone.
 */
export function setupLinkQueryKey(token: string) {
  return ['staff-setup', 'check', token] as const;
}

export function useSetupLink(token: string) {
  return useQuery({
    queryKey: setupLinkQueryKey(token),
    queryFn: () => checkSetupLink(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A refusal is final; only a call that got no answer is worth another try.
    retry: (failures, error) => error instanceof ApiError && error.kind === 'network' && failures < 2,
  });
}
