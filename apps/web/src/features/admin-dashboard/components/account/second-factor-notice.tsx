import { ShieldCheckIcon } from '../../../../components/ui/icons';
import { useAccountSecurity } from '../../api/account/get-account-security';
import { mustSetUpAuthenticator } from '../../utils/account/second-factor-prompt';
import styles from './account.module.css';

/**
 * Under the console's header, while the person's role must have an authenticator app before moving money
 * and they have none (decision 059): the way to Your account.
 */
export function SecondFactorNotice({ onOpenAccount }: { onOpenAccount: () => void }) {
  if (!mustSetUpAuthenticator(useAccountSecurity().data)) return null;
  return (
    <aside className={styles.banner} aria-label="Two-step sign-in">
      <div className={`container ${styles.bannerInner}`}>
        <ShieldCheckIcon size={20} />
        <div className={styles.bannerBody}>
          <p className={styles.bannerText}>Set up an authenticator app before moving money.</p>
          <button type="button" className={styles.bannerLink} onClick={onOpenAccount}>
            Your account
          </button>
        </div>
      </div>
    </aside>
  );
}
