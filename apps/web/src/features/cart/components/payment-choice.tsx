import type { SavedPaymentMethod } from '@store/core';
import { useEffect, useId, useRef, useState } from 'react';
import { isMethodExpired, methodTitle } from '../../../lib/method-label';
import styles from './cart-panel.module.css';

export const HOSTED_PAGE = 'hosted-page';

const HOSTED_PAGE_TITLE = 'Pay another way (card on the secure payment page)';

/**
 * How a signed-in customer pays: the chosen method on one line with Change, which opens the whole list.
 * Every saved method as a radio button would push the cart's items out of a phone's screen.
 */
export function PaymentChoice({
  methods,
  chosen,
  onChoose,
  declined,
  disabled,
}: {
  methods: readonly SavedPaymentMethod[];
  chosen: string;
  onChoose: (id: string) => void;
  /** Methods declined in this cart: shown marked, not offered again (decision 050). */
  declined: ReadonlySet<string>;
  disabled: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  // A declined method opens the list, for the customer to choose another.
  const [declinedSeen, setDeclinedSeen] = useState(declined.size);
  if (declined.size !== declinedSeen) {
    setDeclinedSeen(declined.size);
    if (declined.size > 0) setExpanded(true);
  }
  const listId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const chosenMethod = methods.find((method) => method.id === chosen);

  // Opening the list puts the keyboard on the chosen option, where the arrow keys move the choice.
  useEffect(() => {
    if (expanded) listRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [expanded]);

  if (!expanded) {
    return (
      <div className={styles.chosenMethod}>
        <p className={styles.chosenText}>
          <span className={styles.methodsLegend}>Pay with</span>
          <span className={styles.chosenName}>
            {chosenMethod ? methodTitle(chosenMethod) : HOSTED_PAGE_TITLE}
            {chosenMethod?.isDefault && <span className={styles.methodDefault}>Default</span>}
          </span>
        </p>
        <button
          type="button"
          className={styles.change}
          onClick={() => setExpanded(true)}
          disabled={disabled}
          aria-expanded={false}
          aria-controls={listId}
        >
          Change<span className="visually-hidden"> payment method</span>
        </button>
      </div>
    );
  }

  return (
    <fieldset ref={listRef} id={listId} className={styles.methods} disabled={disabled}>
      <legend className={styles.methodsLegend}>Pay with</legend>
      {methods.map((method) => {
        // An expired card would only be declined, and a declined one declined again: shown, so the
        // customer knows why, but not offered.
        const expired = isMethodExpired(method);
        const wasDeclined = declined.has(method.id);
        return (
          <label key={method.id} className={styles.methodOption}>
            <input
              type="radio"
              name="payment-method"
              value={method.id}
              checked={chosen === method.id}
              disabled={expired || wasDeclined}
              onChange={() => onChoose(method.id)}
            />
            <span>
              {methodTitle(method)}
              {expired ? (
                <span className={styles.methodExpired}>Expired</span>
              ) : wasDeclined ? (
                <span className={styles.methodExpired}>Declined</span>
              ) : (
                method.isDefault && <span className={styles.methodDefault}>Default</span>
              )}
            </span>
          </label>
        );
      })}
      <label className={styles.methodOption}>
        <input
          type="radio"
          name="payment-method"
          value={HOSTED_PAGE}
          checked={chosen === HOSTED_PAGE}
          onChange={() => onChoose(HOSTED_PAGE)}
        />
        <span>{HOSTED_PAGE_TITLE}</span>
      </label>
    </fieldset>
  );
}
