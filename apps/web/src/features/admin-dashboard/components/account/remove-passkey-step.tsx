import type { Passkey } from '@store/core';
import { useState, type FormEvent } from 'react';
import { passkeyOutcomeText, type PasskeyOutcomeText } from '../../utils/account/passkey-texts';
import styles from './account.module.css';
import dialog from '../dialog.module.css';
import { PasskeyOutcome } from './passkey-outcome';

export interface RemovePasskeyStepProps {
  /** The form's id: its submit button is in the dialog's footer. */
  formId: string;
  passkey: Passkey;
  /** It is the person's only second factor, and their role must have one to move money. */
  lastSecondFactor: boolean;
  /** Removes it; throws the store's refusal (or the "Confirm it is you" the person cancelled). */
  remove: () => Promise<void>;
}

/**
 * Removing one of the person's passkeys (decision 059), asked once. The store may want the second factor
 * proved again first: "Confirm it is you" then opens over this dialog, and the removal goes on once
 * confirmed.
 */
export function RemovePasskeyStep({ formId, passkey, lastSecondFactor, remove }: RemovePasskeyStepProps) {
  const [outcome, setOutcome] = useState<PasskeyOutcomeText | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      await remove();
    } catch (caught) {
      setOutcome(passkeyOutcomeText(caught, 'remove'));
    }
  };

  return (
    <form id={formId} className={dialog.stack} onSubmit={(event) => void submit(event)} noValidate>
      <p className={`${dialog.question} ${styles.passkeyQuestion}`}>Remove the passkey “{passkey.label}”?</p>
      <p>
        It will no longer sign you in or confirm it is you. Your device may still list it: you can delete it
        there too, in its passkey settings.
        {lastSecondFactor &&
          ' Your role must have a passkey or an authenticator app to move money: until you add one again, you cannot.'}
      </p>
      <PasskeyOutcome outcome={outcome} />
    </form>
  );
}
