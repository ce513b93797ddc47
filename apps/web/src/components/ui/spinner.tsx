import styles from './spinner.module.css';

/** A decorative spinner: the surrounding text says what is happening. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return (
    <span className={[styles.spinner, size === 'large' ? styles.large : ''].join(' ')} aria-hidden="true" />
  );
}
