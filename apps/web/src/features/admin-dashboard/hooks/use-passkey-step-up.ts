import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signWithPasskey } from '../../../lib/passkeys';
import { ACCOUNT_SECURITY_KEY } from '../api/account/get-account-security';
import { startPasskeyStepUp } from '../api/account/start-passkey-step-up';
import { stepUpWithPasskey } from '../api/account/step-up-with-passkey';

/**
 * "Confirm it is you" with a passkey (decision 059): the store's challenge for the person's own passkeys,
 * the browser's prompt, then the store's check. Fails with a `PasskeyPromptError` when the prompt gave
 * none, or with the store's refusal.
 */
export function usePasskeyStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'step-up', 'passkey'],
    mutationFn: async () => stepUpWithPasskey(await signWithPasskey(await startPasskeyStepUp())),
    // The passkey's "last used" in Your account changes.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
