import type { Passkey } from '@store/core';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { PlusIcon } from '../../../../components/ui/icons';
import { KeyIcon } from '../../../../components/ui/key-icon';
import { passkeyDates } from '../../utils/account/passkey-texts';
import styles from './account.module.css';

export interface PasskeysSectionProps {
  passkeys: readonly Passkey[];
  /** Whether this browser can make and use passkeys (WebAuthn). */
  supported: boolean;
  onAdd: () => void;
  onRemove: (passkey: Passkey) => void;
}

/**
 * Your account's passkeys (decision 059): each with its name, when it was added and last used, and Remove;
 * "Add a passkey" where the browser can make one, and where it cannot, the words that say so instead of a
 * button that would fail.
 */
export function PasskeysSection({ passkeys, supported, onAdd, onRemove }: PasskeysSectionProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h3 id={headingId} className={styles.sectionTitle}>
          Passkeys
        </h3>
      </div>
      <p>
        Sign in with your fingerprint, face or screen lock instead of your password and a code. A passkey
        works only on this store’s own address, so a look-alike page cannot use it.
      </p>

      {passkeys.length > 0 ? (
        <ul className={styles.passkeys} aria-label="Your passkeys">
          {passkeys.map((passkey) => {
            const dates = passkeyDates(passkey);
            return (
              <li key={passkey.id} className={styles.passkey}>
                <KeyIcon size={20} className={styles.passkeyIcon} />
                <div className={styles.passkeyText}>
                  <p className={styles.passkeyName}>{passkey.label}</p>
                  <p className={styles.passkeyMeta}>
                    <span>{dates.added}</span>
                    <span>{dates.used}</span>
                  </p>
                </div>
                <Button variant="secondary" size="small" onClick={() => onRemove(passkey)}>
                  Remove<span className="visually-hidden"> {passkey.label}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.stepNote}>You have no passkeys yet.</p>
      )}

      {supported ? (
        <div className={styles.actions}>
          <Button variant={passkeys.length > 0 ? 'secondary' : 'primary'} onClick={onAdd}>
            <PlusIcon size={18} />
            Add a passkey
          </Button>
        </div>
      ) : (
        <p className={styles.note}>
          Passkeys are not available in this browser. Use a current version of Chrome, Edge, Firefox or Safari
          to add or use one.
        </p>
      )}
    </section>
  );
}
