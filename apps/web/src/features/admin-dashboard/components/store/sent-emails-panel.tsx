import { MAIL_KIND_LABELS, type SentEmail } from '@store/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { sentEmailHtmlUrl, type useSentEmails } from '../../api/store/list-sent-emails';
import { formatDateTime } from '../../utils/format-date';
import { MAIL_STATUS_BADGES } from '../../utils/store/mail-labels';
import { plural, uniqueRows } from '../../utils/rows';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { LoadMoreButton } from '../load-more';
import { PanelHeader, RefreshNote } from '../panel-parts';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import styles from './sent-emails-panel.module.css';

/**
 * Demo mode: the messages the store queued for shoppers, each shown as it would arrive (decision 027). The
 * HTML is the server's, in a frame that runs nothing (`sandbox=""`, and the answer's own policy).
 */
export function SentEmailsPanel({ query }: { query: ReturnType<typeof useSentEmails> }) {
  const emails = useMemo(
    () => uniqueRows(query.data?.pages.map((page) => page.emails) ?? [], (email) => email.id),
    [query.data],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = emails.find((email) => email.id === selectedId);
  // The list was read when the console opened, and polls only while this tab is open: read it now.
  const { refetch } = query;
  useEffect(() => {
    void refetch({ cancelRefetch: false });
  }, [refetch]);

  return (
    <>
      <PanelHeader
        title="Sent emails"
        meta={
          <>
            Each message as the shopper would get it, newest first · <RefreshNote query={query} />
          </>
        }
      />
      {query.data && (
        <p
          className={`${styles.delivery} ${query.data.pages[0]?.mailServer ? '' : styles.noMailServer}`}
          role="note"
        >
          {query.data.pages[0]?.mailServer
            ? 'Messages go to the mail server (SMTP_URL) within seconds; Queued means it has not taken them yet.'
            : 'No mail server is set (SMTP_URL), so nothing is sent: every message stays Queued here, to be read as the shopper would get it. Set SMTP_URL to send them.'}
        </p>
      )}
      <StaleListProblem query={query} list="emails" />
      <div className={styles.layout}>
        <div className={panel.card}>
          <ListState
            query={query}
            list="emails"
            columns={3}
            isEmpty={emails.length === 0}
            empty={
              <ListEmpty title="No emails yet." text="Order confirmations and refund messages appear here." />
            }
          >
            <ul className={styles.list} aria-label="Emails">
              {emails.map((email) => (
                <li key={email.id}>
                  <button
                    type="button"
                    className={styles.item}
                    aria-current={email.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(email.id)}
                  >
                    <span className={styles.itemTop}>
                      <span className={styles.subject}>{email.subject}</span>
                      <StatusBadge {...MAIL_STATUS_BADGES[email.status]} />
                    </span>
                    <span className={styles.line}>To {email.recipient}</span>
                    <span className={styles.line}>
                      {MAIL_KIND_LABELS[email.kind]} ·{' '}
                      <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </ListState>
          {emails.length > 0 && (
            <div className={panel.more}>
              <span className={panel.moreNote}>Showing {plural(emails.length, 'email')}</span>
              <LoadMoreButton query={query} />
            </div>
          )}
        </div>
        {selected ? (
          <EmailView key={selected.id} email={selected} />
        ) : (
          emails.length > 0 && (
            <p className={styles.placeholder}>Select an email to see it as it would arrive.</p>
          )
        )}
      </div>
    </>
  );
}

function EmailView({ email }: { email: SentEmail }) {
  const [plainText, setPlainText] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the list: the reader (and, on a phone, the page) goes to the message.
  useEffect(() => heading.current?.focus(), []);
  const status = MAIL_STATUS_BADGES[email.status];

  return (
    <article className={`${panel.card} ${styles.view}`} aria-labelledby={`email-${email.id}`}>
      <div className={styles.viewHeader}>
        <h3 id={`email-${email.id}`} ref={heading} tabIndex={-1} className={styles.viewSubject}>
          {email.subject}
        </h3>
        <dl className={styles.facts}>
          <div>
            <dt>To</dt>
            <dd>{email.recipient}</dd>
          </div>
          <div>
            <dt>Kind</dt>
            <dd>{MAIL_KIND_LABELS[email.kind]}</dd>
          </div>
          <div>
            <dt>Queued</dt>
            <dd>{formatDateTime(email.createdAt)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge {...status} />
              {email.sentAt && <span className={styles.note}> {formatDateTime(email.sentAt)}</span>}
              {email.attempts > 0 && (
                <span className={styles.note}> · {plural(email.attempts, 'try', 'tries')}</span>
              )}
            </dd>
          </div>
          {email.lastError && (
            <div>
              <dt>Last error</dt>
              <dd className={styles.error}>{email.lastError}</dd>
            </div>
          )}
        </dl>
        <Button
          variant="secondary"
          size="small"
          aria-pressed={plainText}
          onClick={() => setPlainText((shown) => !shown)}
        >
          Plain text
        </Button>
      </div>
      {plainText ? (
        <pre className={styles.text} tabIndex={0} aria-label={`Plain text of ${email.subject}`}>
          {email.textBody}
        </pre>
      ) : (
        <iframe
          className={styles.frame}
          sandbox=""
          title={`Email: ${email.subject}`}
          src={sentEmailHtmlUrl(email.id)}
        />
      )}
    </article>
  );
}
