import { ADDRESS_COUNTRY_NAMES, cityLine, deliveryFieldOfMessage, type SavedAddress } from '@store/core';
import { useEffect, useId, useRef } from 'react';
import { AddressFields } from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { CellTextField } from '../../../components/ui/form-cell';
import { SelectField } from '../../../components/ui/text-field';
import { draftOf, type DeliveryDraft } from '../hooks/use-delivery';
import styles from './cart-panel.module.css';

const NEW_ADDRESS = 'new';

/** One line of an address, as the read-only summary and the saved-address list show it. */
function addressLine(address: Pick<DeliveryDraft, 'address' | 'address2' | 'city' | 'state' | 'zip'>) {
  return [address.address, address.address2, cityLine(address)].filter(Boolean).join(', ');
}

/**
 * "Contact and delivery" in the cart (decision 027): the form once, then the details read-only with Change.
 * A signed-in customer's email is their account's, and their saved addresses are offered in a list; a
 * guest types everything. The problem shown is the first the rules find, under its field.
 */
export function DeliveryDetails({
  draft,
  onDraftChange,
  editing,
  onEdit,
  problem,
  problemAttempt,
  accountEmail,
  savedAddresses,
  disabled,
}: {
  draft: DeliveryDraft;
  onDraftChange: (draft: DeliveryDraft) => void;
  editing: boolean;
  onEdit: () => void;
  problem: string | null;
  /** Changes with every refusal, so the same problem twice still brings the keyboard back to its field. */
  problemAttempt: number;
  /** A signed-in customer's email: the order's contact, not typed again. */
  accountEmail?: string;
  savedAddresses: readonly SavedAddress[];
  disabled: boolean;
}) {
  const errorId = useId();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const problemField = problem ? (deliveryFieldOfMessage(problem) ?? null) : null;

  useEffect(() => {
    if (!problem) return;
    const target =
      sectionRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      sectionRef.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView({ block: 'center' });
    if (target?.getAttribute('role') !== 'alert') target?.focus({ preventScroll: true });
  }, [problem, problemAttempt]);

  if (!editing) {
    return (
      <section className={styles.chosenMethod} aria-labelledby={headingId}>
        <div className={styles.chosenText}>
          <h3 id={headingId} className={styles.methodsLegend}>
            Deliver to
          </h3>
          <p className={styles.chosenName}>{draft.name}</p>
          <p className={styles.deliveryLine}>{addressLine(draft)}</p>
          <p className={styles.deliveryLine}>{accountEmail ?? draft.email}</p>
        </div>
        <button type="button" className={styles.change} onClick={onEdit} disabled={disabled}>
          Change<span className="visually-hidden"> delivery details</span>
        </button>
      </section>
    );
  }

  const change = (field: keyof DeliveryDraft, value: string) => onDraftChange({ ...draft, [field]: value });
  const chooseSaved = (id: string) => {
    const address = savedAddresses.find((saved) => saved.id === id);
    onDraftChange(
      address
        ? draftOf(address, draft.email)
        : { ...draft, name: '', address: '', address2: '', city: '', state: '', zip: '', phone: '' },
    );
  };
  const chosenSaved =
    savedAddresses.find(
      (saved) => saved.name === draft.name && saved.address === draft.address && saved.zip === draft.zip,
    )?.id ?? NEW_ADDRESS;

  return (
    <section ref={sectionRef} className={styles.delivery} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.deliveryTitle}>
        Contact and delivery
      </h3>
      <div className={styles.deliveryGrid}>
        {accountEmail === undefined && (
          <CellTextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={draft.email}
            onChange={(event) => change('email', event.target.value)}
            problem={problemField === 'email' ? problem : null}
            errorId={errorId}
            disabled={disabled}
            wide
          />
        )}
        {savedAddresses.length > 0 && (
          <div className={styles.deliveryWide}>
            <SelectField
              label="Saved address"
              value={chosenSaved}
              onChange={(event) => chooseSaved(event.target.value)}
              disabled={disabled}
            >
              {savedAddresses.map((saved) => (
                <option key={saved.id} value={saved.id}>
                  {`${saved.name}, ${addressLine(saved)}, ${ADDRESS_COUNTRY_NAMES[saved.country]}`}
                </option>
              ))}
              <option value={NEW_ADDRESS}>A new address</option>
            </SelectField>
          </div>
        )}
        <AddressFields
          values={draft}
          onChange={change}
          nameLabel="Full name"
          problem={problem}
          problemField={problemField}
          errorId={errorId}
          disabled={disabled}
          secondLine
          stateLimit={draft.country === 'US' ? 2 : 100}
        />
      </div>
      {problem && problemField === null && <Alert id={errorId}>{problem}</Alert>}
    </section>
  );
}
