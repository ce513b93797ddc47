import type { AdminLoginResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { signWithPasskey } from '../../../lib/passkeys';
import { logOutAdmin } from '../api/log-out';
import { signInWithPasskey } from '../api/sign-in-with-passkey';
import { startPasskeySignIn } from '../api/start-passkey-sign-in';
import { otherPersonText, passkeySignInText } from '../utils/passkey-sign-in-error';

/**
 * Signing in with a passkey alone (decision 059): the store's challenge, the browser's prompt (which
 * offers the passkeys it holds for the store: no username typed), then the store's check, which sets the
 * session cookie. What did not work is kept as words for under the button, `notice` or `problem`.
 * `expected`: the person a page was signed in as, who signs in again as themselves only; a passkey of
 * someone else's has its session ended at once, and signs nobody in here.
 */
export function usePasskeySignIn(
  onSignedIn: (answer: AdminLoginResponse) => void,
  { expected }: { expected?: string } = {},
) {
  const mutation = useMutation({
    mutationKey: ['admin', 'login', 'passkey'],
    mutationFn: async () => signInWithPasskey(await signWithPasskey(await startPasskeySignIn())),
  });
  const [outcome, setOutcome] = useState<ReturnType<typeof passkeySignInText> | null>(null);

  const signIn = async () => {
    if (mutation.isPending) return;
    setOutcome(null);
    let answer: AdminLoginResponse;
    try {
      answer = await mutation.mutateAsync();
    } catch (failure) {
      setOutcome(passkeySignInText(failure));
      return;
    }
    if (expected !== undefined && answer.username !== expected) {
      await logOutAdmin();
      setOutcome({ tone: 'problem', text: otherPersonText(expected) });
      return;
    }
    onSignedIn(answer);
  };

  return { signIn, busy: mutation.isPending, outcome, setOutcome };
}
