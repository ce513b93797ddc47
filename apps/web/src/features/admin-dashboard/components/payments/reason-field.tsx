import { useId, type RefObject } from 'react';
import fieldStyles from '../../../../components/ui/text-field.module.css';
import styles from './refund-approvals.module.css';

/** The store keeps a reason of up to this many characters (the refund's and the decline's). */
const REASON_MAX_LENGTH = 500;

export interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Under the field, before any problem. */
  hint?: string;
  /** Shown under the field in red, and announced. */
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/** A sentence or two for the other person: why a refund is asked for, or why it is declined. */
export function ReasonField({
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  required,
  inputRef,
}: ReasonFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`${fieldStyles.field} ${styles.field}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        className={fieldStyles.textarea}
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
