import { STAFF_SETUP_LINK_HOURS, type StaffSetupLinkResponse } from '@store/core';
import { useEffect, useId, useRef } from 'react';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { formatDateTime } from '../../utils/format-date';
import { CopyLinkButton } from '../orders/copy-link-button';
import dialog from '../dialog.module.css';
import styles from './staff-panel.module.css';

/**
 * A set-up link, shown this once: the store keeps only what checks it. The person chooses their password
 * with it, and signs in with their username.
 */
export function SetupLinkView({ title, answer }: { title: string; answer: StaffSetupLinkResponse }) {
  const fieldId = useId();
  const noteId = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  // The keyboard is on Copy link once the link is there.
  useEffect(() => copyRef.current?.focus(), []);
  const { member } = answer;
  return (
    <div className={dialog.stack}>
      <div className={dialog.outcome} role="status">
        <span className={dialog.outcomeIcon} aria-hidden="true">
          <CheckCircleIcon size={32} />
        </span>
        <p className={dialog.outcomeTitle}>{title}</p>
        <p className={dialog.outcomeText}>
          {member.name} signs in as <strong className={styles.breakable}>{member.username}</strong>.
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId} className={styles.label}>
          Set-up link
        </label>
        <input
          id={fieldId}
          className={`${styles.input} ${styles.linkInput}`}
          value={answer.setupLink}
          readOnly
          spellCheck={false}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div id={noteId} className={styles.linkNote}>
          <p>
            <strong>Shown once.</strong> It works for {STAFF_SETUP_LINK_HOURS} hours and only once (until{' '}
            {formatDateTime(answer.setupExpiresAt)}).
          </p>
          {answer.emailed && member.email && (
            <p>
              Also emailed to <strong className={styles.breakable}>{member.email}</strong>.
            </p>
          )}
        </div>
        <div>
          <CopyLinkButton url={answer.setupLink} ref={copyRef} />
        </div>
      </div>
    </div>
  );
}
