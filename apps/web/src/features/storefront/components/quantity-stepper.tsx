import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '@store/core';
import { useId, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import { readPlainQuantity, settleQuantity } from '../utils/quantity-input';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  value: number;
  /** `note` says why the quantity is not what was typed (shown by the caller, under the purchase row). */
  onChange: (quantity: number, note?: string) => void;
  /** The id of the element showing the note, when there is one. */
  noteId?: string;
  disabled?: boolean;
}

function clamp(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, quantity));
}

/**
 * A number field labelled "Quantity" with − and + buttons; it never goes below 1 or above the line maximum.
 * What cannot be taken as typed (0, -1, 1.5, 1e9, 5000) is settled when the shopper leaves the field or
 * presses Enter, and a note under it says what it became and why.
 */
export function QuantityStepper({ value, onChange, noteId, disabled = false }: QuantityStepperProps) {
  const inputId = useId();
  // While the shopper types, show exactly what they typed; settle it on blur or Enter.
  const [draft, setDraft] = useState<string | null>(null);

  const step = (delta: number) => {
    setDraft(null);
    onChange(clamp(value + delta));
  };

  const settle = () => {
    if (draft === null) return;
    const settled = settleQuantity(draft, value);
    setDraft(null);
    onChange(settled.quantity, settled.note);
  };

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        Quantity
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.step}
          onClick={() => step(-1)}
          disabled={disabled || value <= MIN_LINE_QUANTITY}
          aria-label="Decrease"
          aria-controls={inputId}
        >
          <MinusIcon size={18} />
        </button>
        <input
          id={inputId}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={MIN_LINE_QUANTITY}
          max={MAX_LINE_QUANTITY}
          step={1}
          value={draft ?? String(value)}
          disabled={disabled}
          aria-describedby={noteId}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const plain = readPlainQuantity(text);
            if (plain !== undefined) onChange(plain);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') settle();
          }}
          onBlur={settle}
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => step(1)}
          disabled={disabled || value >= MAX_LINE_QUANTITY}
          aria-label="Increase"
          aria-controls={inputId}
        >
          <PlusIcon size={18} />
        </button>
      </div>
    </div>
  );
}
