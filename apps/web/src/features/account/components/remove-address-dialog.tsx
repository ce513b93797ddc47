import type { SavedAddress } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { removeAddress } from '../api/remove-address';
import { serverMessageOr } from '../utils/server-message';
import { AddressLines } from './address-lines';
import styles from './account-page.module.css';
import addressStyles from './addresses-section.module.css';

/**
 * Remove an address, asked once: Keep (which has focus first) or Remove. Removing the default passes it to
 * the newest address left, which the question says.
 */
export function RemoveAddressDialog({
  address,
  onClose,
  onRemoved,
}: {
  address: SavedAddress;
  onClose: () => void;
  /** Runs once the store has removed the address; it closes the dialog. */
  onRemoved: () => Promise<void>;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await removeAddress(address.id);
      await onRemoved();
    } catch (error) {
      setFailure(serverMessageOr(error, 'Failed to remove address'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Remove this address?"
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onClose} disabled={busy}>
            Keep address
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner /> Removing…
              </>
            ) : (
              'Remove address'
            )}
          </Button>
        </>
      }
    >
      <div className={addressStyles.question}>
        <div className={addressStyles.asked}>
          <p className={styles.entryTitle}>{address.name}</p>
          <AddressLines address={address} />
        </div>
        {address.isDefault && (
          <p className={styles.note}>
            This is your default address. Your newest other address becomes the default.
          </p>
        )}
        {failure && <Alert>{failure}</Alert>}
      </div>
    </Modal>
  );
}
