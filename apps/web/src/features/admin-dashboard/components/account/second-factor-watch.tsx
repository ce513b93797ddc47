import { useEffect, useSyncExternalStore } from 'react';
import { secondFactorPrompt } from '../../utils/account/second-factor-prompt';
import { SetUpOfferDialog } from './set-up-offer-dialog';
import { StepUpDialog } from './step-up-dialog';

/**
 * Mounted once with every console page (decision 059): when a money action needs the second factor proved
 * again, "Confirm it is you" over whatever is open, after which the action is sent again; when the person
 * must first set up an authenticator app, the way to do it. The dialog the action came from stays open
 * behind, as it was.
 */
export function SecondFactorWatch({ username }: { username: string }) {
  const need = useSyncExternalStore(secondFactorPrompt.subscribe, secondFactorPrompt.current, () => null);
  useEffect(() => secondFactorPrompt.offer(), []);

  if (need === 'step-up') {
    return (
      <StepUpDialog
        onConfirmed={() => secondFactorPrompt.answer(true)}
        onCancel={() => secondFactorPrompt.answer(false)}
      />
    );
  }
  if (need === 'set-up') {
    return <SetUpOfferDialog username={username} onClose={() => secondFactorPrompt.answer(false)} />;
  }
  return null;
}
