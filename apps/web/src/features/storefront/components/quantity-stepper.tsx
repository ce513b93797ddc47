import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '@store/core';
import { useId, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

function clamp(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, quantity));
}

/** A number field labelled "Quantity" with − and + buttons; it never goes below 1 or above the line maximum. */
export function QuantityStepper({ value, onChange, disabled = false }: QuantityStepperProps) {
  const inputId = useId();
  // While the shopper types, show exactly what they typed; settle on the clamped value on blur.
  const [draft, setDraft] = useState<string | null>(null);

  const step = (delta: number) => {
    setDraft(null);
    onChange(clamp(value + delta));
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
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            if (/^\d+$/.test(text)) onChange(clamp(Number(text)));
          }}
          onBlur={() => setDraft(null)}
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
