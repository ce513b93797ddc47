import { useEffect, type FormEvent, type ReactNode } from 'react';
import { OneTimeCodeField } from '../../../../components/ui/one-time-code-field';
import { useOneTimeCode } from '../../../../components/ui/use-one-time-code';
import { failureText } from '../../utils/admin-errors';
import dialog from '../dialog.module.css';

export interface CodeStepProps {
  /** The form's id: its submit button is in the dialog's footer. */
  formId: string;
  /** What the code is for, above the field. */
  children?: ReactNode;
  /** Sends the code; throws the store's refusal, which goes under the field. */
  send: (code: string) => Promise<void>;
  busy: boolean;
  /** The words when a refusal has none of the store's. */
  fallback: string;
  /** Offers "Use a recovery code instead" (not while the app is being added: there are none yet). */
  recoveryAllowed?: boolean;
  label?: string;
  /** The keyboard starts in the field (not while there is something to read above it first). */
  autoFocus?: boolean;
}

/**
 * A step of Your account (or a confirmation) that asks for a code from the person's authenticator app
 * (decision 059): the keyboard starts in the field; a refusal goes under it, the code selected for the
 * next one.
 */
export function CodeStep({
  formId,
  children,
  send,
  busy,
  fallback,
  recoveryAllowed = true,
  label,
  autoFocus = true,
}: CodeStepProps) {
  const entry = useOneTimeCode({ busy });
  const { inputRef } = entry;
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus, inputRef]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = entry.checked();
    if (code === null) return;
    try {
      await send(code);
    } catch (caught) {
      entry.refuse(failureText(caught, fallback));
    }
  };

  return (
    <form id={formId} className={dialog.stack} onSubmit={(event) => void submit(event)} noValidate>
      {children}
      <OneTimeCodeField
        kind={entry.kind}
        onKindChange={recoveryAllowed ? entry.changeKind : undefined}
        value={entry.code}
        onChange={entry.changeCode}
        problem={entry.problem}
        disabled={busy}
        inputRef={inputRef}
        label={label}
      />
    </form>
  );
}
