import {
  ADDRESS_COUNTRIES,
  DELIVERY_MESSAGES,
  firstAddressBookProblem,
  type DeliveryAddress,
  type SavedAddress,
} from '@store/core';
import { useId, useState, type FormEvent } from 'react';
import {
  AddressFields,
  addressFieldOfProblem,
  EMPTY_ADDRESS_FORM,
  type AddressFormValues,
} from '../../../components/ui/address-fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useFormProblem } from '../../../components/ui/use-form-problem';
import { addAddress } from '../api/add-address';
import { updateAddress } from '../api/update-address';
import { serverMessageOr } from '../utils/server-message';
import styles from './account-page.module.css';

/**
 * A state or province may be written out (decision 027: Ontario, Jalisco), and the country is chosen after
 * it: the rules, not the field's length, tell a US customer that two letters are wanted.
 */
const STATE_AS_WRITTEN_LIMIT = 100;

/** The form's values as the store takes them: the country one of those it delivers to. */
function entryOf(form: AddressFormValues): DeliveryAddress {
  const country = ADDRESS_COUNTRIES.find((known) => known === form.country) ?? 'US';
  return { ...form, country };
}

/**
 * Add address, or Edit one: the delivery form's fields (the Add Payment Method dialog's address, with a
 * second line), checked in its order and words before it is sent; the server checks the same again.
 */
export function AddressDialog({
  address,
  onClose,
  onSaved,
}: {
  /** The address to change; none to add one. */
  address?: SavedAddress;
  onClose: () => void;
  /** Runs once the store has kept the address, before the dialog closes. */
  onSaved: (saved: SavedAddress) => Promise<void>;
}) {
  const [form, setForm] = useState<AddressFormValues>({ ...EMPTY_ADDRESS_FORM, ...address });
  const { error, setError, formRef } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const formId = useId();
  const problemField = error ? addressFieldOfProblem(error, DELIVERY_MESSAGES.name) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const entry = entryOf(form);
    const problem = firstAddressBookProblem(entry);
    setError(problem ?? null);
    if (problem) return;
    setBusy(true);
    try {
      const saved = address ? await updateAddress(address.id, entry) : await addAddress(entry);
      await onSaved(saved);
      onClose();
    } catch (failure) {
      setError(serverMessageOr(failure, 'Failed to save address'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={address ? 'Edit address' : 'Add address'}
      subtitle="Where we deliver your orders."
      onClose={onClose}
      dismissible={!busy}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner /> Saving…
              </>
            ) : (
              'Save address'
            )}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className={styles.methodForm}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className={styles.grid}>
          <AddressFields
            values={form}
            onChange={(key, value) => setForm((current) => ({ ...current, [key]: value }))}
            nameLabel="Full name"
            problem={error}
            problemField={problemField}
            errorId={errorId}
            disabled={busy}
            secondLine
            stateLimit={STATE_AS_WRITTEN_LIMIT}
          />
        </div>
        {/* A problem of the whole (the store's refusal, the network), beside the Save button. */}
        {error && problemField === null && <Alert id={errorId}>{error}</Alert>}
      </form>
    </Modal>
  );
}
