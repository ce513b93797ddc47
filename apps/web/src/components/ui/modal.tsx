import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

export interface ModalProps {
  /** The dialog's accessible name and visible heading. */
  title: string;
  /** A line under the title (what the dialog is about). */
  subtitle?: ReactNode;
  /** Called on Escape, a click on the backdrop or the close button, unless `dismissible` is false. */
  onClose: () => void;
  /** False while an action runs: the dialog then stays open until it has an answer. */
  dismissible?: boolean;
  /** The element to focus when the dialog opens; by default the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Buttons at the bottom, right-aligned on desktop and stacked on phones. */
  footer?: ReactNode;
  size?: 'medium' | 'large';
  children: ReactNode;
}

/**
 * Whether the element's content is taller than the element (it scrolls). Measured after every render (the
 * content is the caller's children) and whenever the element changes size.
 */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  const overflows = (element: HTMLElement) => element.scrollHeight > element.clientHeight;
  const measure = () => {
    if (ref.current) setScrolls(overflows(ref.current));
  };
  useLayoutEffect(measure);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(overflows(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A modal dialog on the native `<dialog>` element: the browser keeps focus inside, makes the page behind
 * inert and gives focus back to the opener when it closes. Mounted = open.
 */
export function Modal({
  title,
  subtitle,
  onClose,
  dismissible = true,
  initialFocusRef,
  footer,
  size = 'medium',
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  const closeRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const focusTargetRef = useRef(initialFocusRef);
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyScrolls = useScrolls(bodyRef);
  useLayoutEffect(() => {
    closeRef.current = onClose;
    dismissibleRef.current = dismissible;
    focusTargetRef.current = initialFocusRef;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    (focusTargetRef.current?.current ?? dialog).focus();
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
    // Opened once per mount: a later change of focus target must not close and reopen the dialog.
  }, []);

  // The element last focused inside the dialog.
  const focusedRef = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Focus was put inside when the dialog opened, before this listener was there.
    focusedRef.current = document.activeElement;
    const remember = (event: FocusEvent) => {
      focusedRef.current = event.target instanceof Element ? event.target : null;
    };
    dialog.addEventListener('focusin', remember);
    return () => dialog.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    // When the focused control goes (a form gives way to its outcome) or is disabled while it works, keep
    // focus in the dialog. Not on the way from one field to the next (Tab): focus passes through the page's
    // body for a moment then, and a render in between (a field checked on blur) must leave it alone.
    const dialog = dialogRef.current;
    if (!dialog?.open || dialog.contains(document.activeElement)) return;
    const focused = focusedRef.current;
    const lost = !focused || !focused.isConnected || focused.matches(':disabled');
    if (lost) dialog.focus();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      // Escape: the dialog closes through React state, never behind its back.
      event.preventDefault();
      if (dismissibleRef.current) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`${styles.dialog} ${size === 'large' ? styles.large : ''}`}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      tabIndex={-1}
      onMouseDown={(event) => {
        // A press on the backdrop (outside the dialog box) closes it.
        if (event.target !== event.currentTarget || !dismissibleRef.current) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) closeRef.current();
      }}
    >
      <div className={styles.header}>
        <div className={styles.heading}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {subtitle && (
            <p id={subtitleId} className={styles.subtitle}>
              {subtitle}
            </p>
          )}
        </div>
        <button
          type="button"
          className={styles.close}
          onClick={() => closeRef.current()}
          disabled={!dismissible}
          aria-label="Close"
        >
          <CloseIcon size={18} />
        </button>
      </div>
      {/* A body that scrolls takes focus, so that the arrow keys can scroll it even when nothing in it can
          be focused (a list of outcomes, a form disabled while it is sent). */}
      <div
        ref={bodyRef}
        className={styles.body}
        {...(bodyScrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
      >
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
