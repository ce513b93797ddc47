import { useId, type Ref } from 'react';
import { ONE_TIME_CODE_TEXTS, typedOneTimeCode, type OneTimeCodeKind } from '../../lib/one-time-code';
import { Alert } from './alert';
import fieldStyles from './text-field.module.css';
import styles from './one-time-code-field.module.css';

export interface OneTimeCodeFieldProps {
  kind: OneTimeCodeKind;
  /** Offers the other kind of code ("Use a recovery code instead"); without it, only `kind` is asked. */
  onKindChange?: (kind: OneTimeCodeKind) => void;
  value: string;
  onChange: (value: string) => void;
  /** The problem with the code (the form's or the store's), shown under the field and describing it. */
  problem: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's label, when the authenticator's code is asked for something other than the usual. */
  label?: string;
}

/**
 * The field a second factor's code is typed in (decision 059): the six digits of the authenticator app
 * (a numeric keyboard on a phone, filled in by the phone when it offers the code), or, after "Use a
 * recovery code instead", a recovery code as text. The problem is read with the field.
 */
export function OneTimeCodeField({
  kind,
  onKindChange,
  value,
  onChange,
  problem,
  disabled = false,
  inputRef,
  label,
}: OneTimeCodeFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const authenticator = kind === 'authenticator';
  const describedBy = [hintId, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {authenticator
          ? (label ?? ONE_TIME_CODE_TEXTS.authenticatorLabel)
          : ONE_TIME_CODE_TEXTS.recoveryLabel}
      </label>
      <input
        // A new element for the other kind: the phone's keyboard and autofill follow the field's kind.
        key={kind}
        ref={inputRef}
        id={inputId}
        name={authenticator ? 'one-time-code' : 'recovery-code'}
        className={`${fieldStyles.input} ${authenticator ? styles.code : styles.recovery}`}
        type="text"
        inputMode={authenticator ? 'numeric' : 'text'}
        autoComplete={authenticator ? 'one-time-code' : 'off'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(typedOneTimeCode(kind, event.target.value))}
        aria-required="true"
        aria-invalid={problem !== null}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <span id={hintId} className={fieldStyles.hint}>
        {authenticator ? ONE_TIME_CODE_TEXTS.authenticatorHint : ONE_TIME_CODE_TEXTS.recoveryHint}
      </span>
      {problem && (
        <Alert id={problemId} className={styles.problem}>
          {problem}
        </Alert>
      )}
      {onKindChange && (
        <button
          type="button"
          className={styles.switch}
          onClick={() => onKindChange(authenticator ? 'recovery' : 'authenticator')}
          disabled={disabled}
        >
          {authenticator ? ONE_TIME_CODE_TEXTS.useRecovery : ONE_TIME_CODE_TEXTS.useAuthenticator}
        </button>
      )}
    </div>
  );
}
