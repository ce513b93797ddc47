import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styles from './alert-dialog.module.css';
import modalStyles from './modal.module.css';

export interface AlertDialogProps {
  /** The dialog's accessible name and visible heading. */
  title: string;
  /** What the person must know, read out with the title when the dialog opens. */
  description: ReactNode;
  /** A picture beside the title (an icon); hidden from screen readers. */
  icon?: ReactNode;
  /** The element to focus when the dialog opens; by default the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Escape; without it, Escape does nothing: the dialog waits for one of its buttons. */
  onEscape?: () => void;
  /** The answers, right-aligned on desktop and stacked on phones. */
  footer: ReactNode;
  /**
   * Hide the page behind, not only dim it: what a signed-out screen shows must not be readable by whoever
   * passes by. The page stays as it was, under the backdrop.
   */
  concealsPage?: boolean;
  children?: ReactNode;
}

/**
 * A modal `alertdialog` on the native `<dialog>` element, for what interrupts the person (their session is
 * ending or has ended): the browser keeps focus inside and makes the page behind inert, open dialogs
 * included, whose contents stay as they were; focus goes back where it was when it closes. It has no close
 * button: it is answered. Mounted = open.
 */
export function AlertDialog({
  title,
  description,
  icon,
  initialFocusRef,
  onEscape,
  footer,
  concealsPage = false,
  children,
}: AlertDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const escapeRef = useRef(onEscape);
  const focusTargetRef = useRef(initialFocusRef);
  useLayoutEffect(() => {
    escapeRef.current = onEscape;
    focusTargetRef.current = initialFocusRef;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const open = () => {
      if (!dialog.open) dialog.showModal();
      (focusTargetRef.current?.current ?? dialog).focus();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      escapeRef.current?.();
    };
    // The browser closes a modal dialog on a second Escape whatever the page says: this one is answered,
    // not dismissed, so it opens again.
    const onClose = () => open();
    open();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      document.documentElement.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
    // Opened once per mount: a later change of focus target must not close and reopen the dialog.
  }, []);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      className={`${modalStyles.dialog} ${concealsPage ? styles.concealing : ''}`}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
    >
      <div className={`${modalStyles.header} ${styles.header}`}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <h2 id={titleId} className={`${modalStyles.title} ${styles.title}`}>
          {title}
        </h2>
      </div>
      <div className={`${modalStyles.body} ${styles.body}`}>
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
        {children}
      </div>
      <div className={modalStyles.footer}>{footer}</div>
    </dialog>
  );
}
