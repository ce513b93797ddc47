import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, passkeyNameSchema } from '@store/core';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { TextField } from '../../../../components/ui/text-field';
import { useFormProblem } from '../../../../components/ui/use-form-problem';
import { passkeyOutcomeText, type PasskeyOutcomeText } from '../../utils/account/passkey-texts';
import dialog from '../dialog.module.css';
import { PasskeyOutcome } from './passkey-outcome';

export interface AddPasskeyStepProps {
  /** The form's id: its submit button is in the dialog's footer. */
  formId: string;
  /** Runs the browser's prompt and adds the passkey under the name; throws when it did not. */
  add: (name: string) => Promise<void>;
  busy: boolean;
}

/**
 * Adding a passkey (decision 059): the person names it first (so that a list of several reads "Work
 * laptop", "Phone"), then the browser's own window asks where to keep it and unlocks it. A window closed
 * before the end says nothing was added, in plain words; the name stays for another try.
 */
export function AddPasskeyStep({ formId, add, busy }: AddPasskeyStepProps) {
  const [name, setName] = useState('');
  // The name's problem: the field is marked and takes the keyboard.
  const { error: nameProblem, setError: setNameProblem, formRef } = useFormProblem();
  const [outcome, setOutcome] = useState<PasskeyOutcomeText | null>(null);
  const problemId = useId();
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = passkeyNameSchema.safeParse(name);
    if (!checked.success) {
      setOutcome(null);
      setNameProblem(checked.error.issues[0]?.message ?? PASSKEY_MESSAGES.nameRequired);
      return;
    }
    setNameProblem(null);
    setOutcome(null);
    try {
      await add(checked.data);
    } catch (caught) {
      setOutcome(passkeyOutcomeText(caught, 'add'));
    }
  };

  return (
    <form
      ref={formRef}
      id={formId}
      className={dialog.stack}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <p>
        Name it after where you keep it, so that you can tell your passkeys apart. Then your browser asks
        where to save it: this device (your fingerprint, face or screen lock), your phone, or a security key.
      </p>
      <TextField
        label="Name"
        hint="For example: Work laptop, Phone, Blue security key"
        name="passkey-name"
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX_LENGTH + 20}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (nameProblem) setNameProblem(null);
        }}
        invalid={nameProblem !== null}
        errorId={problemId}
        aria-required="true"
        disabled={busy}
      />
      {nameProblem && <Alert id={problemId}>{nameProblem}</Alert>}
      {busy && (
        <p role="status" className={dialog.consequence}>
          Follow your browser’s passkey window to finish.
        </p>
      )}
      <PasskeyOutcome outcome={outcome} />
    </form>
  );
}
