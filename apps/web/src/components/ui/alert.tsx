import type { ReactNode } from 'react';
import { AlertCircleIcon } from './icons';
import styles from './alert.module.css';

export interface AlertProps {
  /** `warning`: the outcome is unknown rather than failed. */
  tone?: 'danger' | 'warning';
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A failure message with its icon, announced as soon as it appears. */
export function Alert({ tone = 'danger', id, className, children }: AlertProps) {
  const classes = [styles.alert, tone === 'warning' ? styles.warning : undefined, className];
  return (
    <p id={id} role="alert" className={classes.filter(Boolean).join(' ')}>
      <AlertCircleIcon size={18} />
      <span>{children}</span>
    </p>
  );
}
