import type { AdminLoginResponse } from '@store/core';
import type { FormEvent } from 'react';
import { useOneTimeCode } from '../../../components/ui/use-one-time-code';
import { useCompleteSecondFactorSignIn } from '../api/complete-second-factor-sign-in';
import { secondFactorRefusal } from '../utils/second-factor-error';

export interface SecondFactorSignInOptions {
  /** Signed in: the session cookie is set. */
  onSignedIn: (answer: AdminLoginResponse) => void;
  /** The sign-in that waited for the code is gone: ask for the password again, saying why. */
  onStartAgain: (message: string) => void;
}

/**
 * The sign-in's second step (decision 059): the code typed (six digits, or a recovery code after "Use a
 * recovery code instead"), sent once per press; a refusal goes under the field, or back to the password
 * when the sign-in that waited for the code is gone.
 */
export function useSecondFactorSignIn({ onSignedIn, onStartAgain }: SecondFactorSignInOptions) {
  const complete = useCompleteSecondFactorSignIn();
  const busy = complete.isPending;
  const entry = useOneTimeCode({ busy });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = entry.checked();
    if (code === null) return;
    try {
      onSignedIn(await complete.mutateAsync(code));
    } catch (failure) {
      const refusal = secondFactorRefusal(failure);
      if (refusal.back === 'password') onStartAgain(refusal.message);
      else entry.refuse(refusal.message);
    }
  };

  return { ...entry, submit, busy };
}
