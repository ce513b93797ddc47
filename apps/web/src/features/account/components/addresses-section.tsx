import { ADDRESS_BOOK_LIMIT, ADDRESS_BOOK_MESSAGES, type CustomerUser, type SavedAddress } from '@store/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { addressesKey, useAddresses } from '../../../lib/address-book';
import { setDefaultAddress } from '../api/set-default-address';
import { usePassingFailure } from '../hooks/use-passing-failure';
import { serverMessageOr } from '../utils/server-message';
import { AddressDialog } from './address-dialog';
import { addressLabel, AddressLines } from './address-lines';
import { RemoveAddressDialog } from './remove-address-dialog';
import styles from './account-page.module.css';
import addressStyles from './addresses-section.module.css';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'remove'; address: SavedAddress } | null;

/**
 * My Account's address book (decision 027): where orders go, the default first (the cart preselects it).
 * Add and Edit in a dialog with the delivery form's fields and words; Remove asks first.
 */
export function AddressesSection({ user }: { user: CustomerUser }) {
  const queryClient = useQueryClient();
  const addresses = useAddresses(user.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = usePassingFailure();
  // What the last action did, for screen readers; the list itself shows it to the eye.
  const [done, setDone] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removedCount, setRemovedCount] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesKey(user.id) });

  useEffect(() => {
    // The removed address's buttons are gone, and focus with them: it goes to the list's heading.
    if (removedCount > 0) headingRef.current?.focus();
  }, [removedCount]);

  const makeDefault = async (address: SavedAddress) => {
    setBusyId(address.id);
    setFailure(null);
    try {
      await setDefaultAddress(address.id);
      setDone(`${addressLabel(address)} is now your default address.`);
    } catch (error) {
      setFailure(serverMessageOr(error, 'Failed to set default address'));
    } finally {
      setBusyId(null);
      await refresh();
    }
  };

  const full = (addresses.data?.length ?? 0) >= ADDRESS_BOOK_LIMIT;

  return (
    <section className={styles.card} aria-labelledby="addresses-heading">
      <div className={styles.cardHeader}>
        <h2 id="addresses-heading" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
          Addresses
        </h2>
        <Button
          size="small"
          onClick={() => {
            setFailure(full ? ADDRESS_BOOK_MESSAGES.full : null);
            if (!full) setDialog({ kind: 'add' });
          }}
        >
          Add address
        </Button>
      </div>
      <p role="status" className="visually-hidden">
        {done}
      </p>
      {failure && <Alert>{failure}</Alert>}
      {addresses.isPending ? (
        <p className={styles.muted}>
          <Spinner /> Loading addresses…
        </p>
      ) : addresses.isError ? (
        <Alert>{serverMessageOr(addresses.error, 'Failed to load addresses')}</Alert>
      ) : addresses.data.length === 0 ? (
        <p className={styles.muted}>You don&apos;t have any saved addresses.</p>
      ) : (
        <ul className={styles.entries} aria-label="Your addresses">
          {addresses.data.map((address) => (
            <li key={address.id} className={styles.entry}>
              <div className={addressStyles.text}>
                <p className={styles.entryTitle}>
                  {address.name}
                  {address.isDefault && <span className={styles.badge}>Default</span>}
                </p>
                <AddressLines address={address} />
              </div>
              <div className={`${styles.actions} ${addressStyles.actions}`}>
                {!address.isDefault && (
                  <Button
                    variant="secondary"
                    size="small"
                    className={addressStyles.acrossActions}
                    disabled={busyId !== null}
                    onClick={() => void makeDefault(address)}
                    aria-label={`Set ${addressLabel(address)} as default`}
                  >
                    Set as default
                  </Button>
                )}
                <Button
                  variant="secondary"
                  size="small"
                  disabled={busyId !== null}
                  onClick={() => setDialog({ kind: 'edit', address })}
                  aria-label={`Edit ${addressLabel(address)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  disabled={busyId !== null}
                  onClick={() => setDialog({ kind: 'remove', address })}
                  aria-label={`Remove ${addressLabel(address)}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <AddressDialog
          address={dialog.kind === 'edit' ? dialog.address : undefined}
          onClose={() => setDialog(null)}
          onSaved={async (saved) => {
            setDone(dialog.kind === 'edit' ? 'Address updated.' : `${addressLabel(saved)} added.`);
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveAddressDialog
          address={dialog.address}
          onClose={() => setDialog(null)}
          onRemoved={async () => {
            setDone(`${addressLabel(dialog.address)} removed.`);
            await refresh();
            setDialog(null);
            setRemovedCount((count) => count + 1);
          }}
        />
      )}
    </section>
  );
}
