import type { Cents } from '@store/core';
import { useState } from 'react';
import type { AmountFieldProps } from '../components/payments/amount-field';
import { checkAmountInput } from '../utils/payments/amount-input';

type FieldState = Pick<AmountFieldProps, 'value' | 'onChange' | 'onBlur' | 'maxCents' | 'error'>;

/** The text of an amount field, its check against `maxCents`, and the props that wire up `AmountField`. */
export function useAmountInput(initialText: string, maxCents: Cents) {
  const [text, setText] = useState(initialText);
  const [badInput, setBadInput] = useState(false);
  const [blurred, setBlurred] = useState(false);

  const check = checkAmountInput(text, maxCents, { badInput });
  // Half-typed input ("1e") is only flagged once the operator leaves the field.
  const error = !check.ok && check.reason && (!badInput || blurred) ? check.reason : null;

  const field: FieldState = {
    value: text,
    onChange: (value, bad) => {
      setText(value);
      setBadInput(bad);
      setBlurred(false);
    },
    onBlur: () => setBlurred(true),
    maxCents,
    error,
  };

  /** Puts a known-good amount in the field (a "use the full amount" button). */
  const fill = (value: string) => {
    setText(value);
    setBadInput(false);
  };

  return { check, field, fill };
}
