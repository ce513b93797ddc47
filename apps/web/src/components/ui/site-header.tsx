import { Link } from 'react-router';
import { PATHS } from '../../config/paths';
import { SITE } from '../../config/site';
import { useCustomerUser } from '../../lib/customer-session';
import { BrandMark } from './brand-logo';
import { UserMenu } from './user-menu';
import { CartIcon, LockIcon } from './icons';
import styles from './site-header.module.css';

export interface SiteHeaderProps {
  /** The storefront shows an Admin link to everyone; the payment result page does not (product §2). */
  showAdminLink?: boolean;
  /** When given, a cart button with the item count is shown. */
  cart?: { itemCount: number; onOpen: () => void; isOpen: boolean };
}

function cartButtonLabel(itemCount: number): string {
  return `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
}

export function SiteHeader({ showAdminLink = true, cart }: SiteHeaderProps) {
  const user = useCustomerUser();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to={PATHS.storefront} className={styles.brand} aria-label={`${SITE.fullName}, home`}>
          <BrandMark size={36} />
          <span>
            {SITE.name}
            <span className={styles.brandTagline}>Office Supply</span>
          </span>
        </Link>

        <nav className={styles.nav} aria-label="Account">
          <ul className={styles.navList}>
            {user ? (
              <li>
                <UserMenu name={user.name} />
              </li>
            ) : (
              <>
                <li>
                  <Link to={PATHS.login} className={styles.navLink}>
                    Log in
                  </Link>
                </li>
                <li>
                  <Link to={PATHS.register} className={`${styles.navLink} ${styles.signUp}`}>
                    Sign up
                  </Link>
                </li>
              </>
            )}
            {showAdminLink && (
              <li>
                <Link to={PATHS.admin} className={`${styles.navLink} ${styles.admin}`}>
                  <LockIcon size={16} />
                  Admin
                </Link>
              </li>
            )}
          </ul>
        </nav>

        {cart && (
          <div className={styles.cartSlot}>
            <button
              type="button"
              className={styles.cartButton}
              onClick={cart.onOpen}
              aria-label={cartButtonLabel(cart.itemCount)}
              aria-haspopup="dialog"
              aria-expanded={cart.isOpen}
            >
              <CartIcon size={20} />
              <span className={styles.cartLabel}>Cart</span>
              <span className={styles.cartCount} aria-hidden="true">
                {cart.itemCount}
              </span>
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
