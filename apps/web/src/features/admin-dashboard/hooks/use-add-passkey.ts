import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPasskey } from '../../../lib/passkeys';
import { addPasskey } from '../api/account/add-passkey';
import { ACCOUNT_SECURITY_KEY } from '../api/account/get-account-security';
import { startAddingPasskey } from '../api/account/start-adding-passkey';

/**
 * Adding a passkey (decision 059): the store's options, the browser's prompt (where the person chooses
 * where to keep it and unlocks it), then the store keeps it under the name given. Fails with a
 * `PasskeyPromptError` when the prompt gave none, or with the store's refusal.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'account', 'passkeys', 'add'],
    mutationFn: async (name: string) => {
      const response = await createPasskey(await startAddingPasskey());
      return addPasskey({ response, name });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
