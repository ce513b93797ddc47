import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './text-field.module.css';

interface FieldFrame {
  label: string;
  hint?: ReactNode;
  /** The id of the form's error message, when it speaks of this field. */
  errorId?: string;
  invalid?: boolean;
}

/** A labelled text input; the form's error describes it while the error is about it. */
export function TextField({
  label,
  hint,
  errorId,
  invalid = false,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : undefined, invalid ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled select, styled as the text fields. */
export function SelectField({
  label,
  errorId,
  invalid = false,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
    </div>
  );
}
