import { CheckCircleIcon, AlertCircleIcon, CloseIcon, ClockIcon } from '../../../components/ui/icons';
import styles from './notices.module.css';

export interface Notice {
  id: number;
  tone: 'success' | 'error' | 'warning';
  title: string;
  detail?: string;
}

let nextNoticeId = 1;
export function makeNotice(notice: Omit<Notice, 'id'>): Notice {
  return { ...notice, id: nextNoticeId++ };
}

/**
 * Outcomes of the operator's actions, newest first. Successes are announced politely; failures are alerts
 * and stay until dismissed, so a message is never lost to the next poll.
 */
export function NoticeList({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div className={styles.region} aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`${styles.notice} ${styles[notice.tone]}`}
          role={notice.tone === 'success' ? 'status' : 'alert'}
        >
          <span className={styles.icon}>
            {notice.tone === 'success' && <CheckCircleIcon size={20} />}
            {notice.tone === 'error' && <AlertCircleIcon size={20} />}
            {notice.tone === 'warning' && <ClockIcon size={20} />}
          </span>
          <div className={styles.text}>
            <p className={styles.title}>{notice.title}</p>
            {notice.detail && <p className={styles.detail}>{notice.detail}</p>}
          </div>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => onDismiss(notice.id)}
            aria-label="Dismiss message"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
