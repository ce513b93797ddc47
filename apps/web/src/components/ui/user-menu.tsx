import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../config/paths';
import { storeUser } from '../../lib/customer-session';
import { logoutCustomer } from '../../lib/customer-user-api';
import styles from './user-menu.module.css';

/** Logs out on the server, forgets the stored user, and goes to the storefront. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    // The stored user goes whatever the server says: a session the server lost is no session.
    // Leave first: a page that needs a user (My Account) must not see the user go and send the shopper to
    // the log-in page instead of the storefront. Then the user goes at once, before the server answers, so
    // that a page opened meanwhile (My Account again) finds nobody signed in; the server's log-out is sent
    // to the end even if that page is left.
    await navigate(PATHS.storefront);
    storeUser(null);
    await logoutCustomer().catch(() => undefined);
  };
}

/** The signed-in customer's menu in the header: My Account and Log out (a disclosure, keyboard-friendly). */
export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const firstName = name.trim().split(/\s+/)[0] ?? name;

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !rootRef.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {firstName.charAt(0).toUpperCase()}
        </span>
        <span className={styles.name}>{firstName}</span>
        <span className="visually-hidden">, account menu</span>
      </button>
      {open && (
        <ul id={menuId} className={styles.menu}>
          <li>
            <Link to={PATHS.account} className={styles.item} onClick={() => setOpen(false)}>
              My Account
            </Link>
          </li>
          <li>
            <button type="button" className={styles.item} onClick={() => void logout()}>
              Log out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
