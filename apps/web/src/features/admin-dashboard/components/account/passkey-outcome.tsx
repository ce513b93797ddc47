import { Alert } from '../../../../components/ui/alert';
import type { PasskeyOutcomeText } from '../../utils/account/passkey-texts';
import dialog from '../dialog.module.css';

/** What a passkey action that did not go through says: a plain status when the person closed the window, an alert when it failed. */
export function PasskeyOutcome({ outcome }: { outcome: PasskeyOutcomeText | null | undefined }) {
  if (!outcome) return null;
  if (outcome.tone === 'problem') return <Alert>{outcome.text}</Alert>;
  return (
    <p role="status" className={dialog.consequence}>
      {outcome.text}
    </p>
  );
}
