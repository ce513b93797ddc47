import { centsToDecimalString, formatCents, type Cents } from '@store/core';
import { useId, type RefObject } from 'react';
import styles from './amount-field.module.css';

export interface AmountFieldProps {
  label: string;
  value: string;
  /** `badInput`: the browser holds text it cannot read as a number ("1e", "--"). */
  onChange: (value: string, badInput: boolean) => void;
  onBlur?: () => void;
  maxCents: Cents;
  /** Shown under the field in red, and announced. */
  error: string | null;
  disabled?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** A dollar amount between $0.01 and a maximum, in steps of one cent (product §5). */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  maxCents,
  error,
  disabled,
  inputRef,
}: AmountFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''}`}>
        <span className={styles.prefix} aria-hidden="true">
          $
        </span>
        <input
          ref={inputRef}
          id={id}
          type="number"
          inputMode="decimal"
          min="0.01"
          max={centsToDecimalString(maxCents)}
          step="0.01"
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value, event.target.validity.badInput)}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          autoComplete="off"
        />
        <span className={styles.suffix} aria-hidden="true">
          USD
        </span>
      </div>
      <p id={hintId} className={styles.hint}>
        Between $0.01 and {formatCents(maxCents)}
      </p>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
