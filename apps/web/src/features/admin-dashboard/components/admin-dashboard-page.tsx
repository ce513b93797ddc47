import { dollarsToCents, formatCents } from '@store/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SkipLink } from '../../../components/ui/skip-link';
import { SITE } from '../../../config/site';
import { useTabs } from '../../../lib/use-tabs';
import { usePendingPayments } from '../api/list-pending-payments';
import { useNow } from '../hooks/use-now';
import { sumCents } from '../utils/money';
import { uniqueRows } from '../utils/rows';
import { authorizationTimeLeft } from '../utils/time-left';
import { AuditLogPanel } from './audit-log-panel';
import { DashboardHeader } from './dashboard-header';
import { PendingPaymentsPanel } from './pending-payments-panel';
import { TransactionHistoryPanel, type HistoryFilters } from './transaction-history-panel';
import styles from './admin-dashboard-page.module.css';

const TABS = [
  { id: 'pending', label: 'Pending Payments' },
  { id: 'history', label: 'Transaction History' },
  { id: 'audit', label: 'Audit Log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function isTabId(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

export interface AdminDashboardPageProps {
  username: string;
  /** Ends the session (the route sends the operator to the sign-in page). */
  onSignedOut: () => void;
}

/** `/admin/dashboard`: pending payments, transaction history and the audit log, in tabs. */
export function AdminDashboardPage({ username, onSignedOut }: AdminDashboardPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: TabId = isTabId(requested) ? requested : 'pending';
  // Kept here so the search and filter survive a trip to another tab.
  const [historyFilters, setHistoryFilters] = useState<HistoryFilters>({ searchText: '', status: 'all' });

  // Pending payments poll for as long as the console is open: the tab count and the summary use them.
  const pending = usePendingPayments();
  const now = useNow();
  const summary = useMemo(() => {
    const payments = uniqueRows(pending.data?.pages.map((page) => page.payments) ?? [], (p) => p.paymentId);
    return {
      loaded: pending.data !== undefined,
      count: Math.max(pending.data?.pages[0]?.total ?? 0, payments.length),
      shown: payments.length,
      totalCents: sumCents(payments.map((payment) => dollarsToCents(payment.amount))),
      expiringSoon: payments.filter((payment) => authorizationTimeLeft(payment.expiresAt, now).expiringSoon)
        .length,
    };
  }, [pending.data, now]);

  const tabs = useTabs({
    ids: TABS.map((tab) => tab.id),
    selected,
    onSelect: (id: TabId) => setSearchParams(id === 'pending' ? {} : { tab: id }, { replace: true }),
    idPrefix: 'admin',
  });

  const selectedLabel = TABS.find((tab) => tab.id === selected)?.label ?? '';

  return (
    <div className={`page-shell ${styles.shell}`}>
      <title>{`${selectedLabel} · Admin · ${SITE.fullName}`}</title>
      <SkipLink />
      <DashboardHeader username={username} onSignedOut={onSignedOut} />
      <main id="main-content" tabIndex={-1} className={`container ${styles.main}`}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Payments</h1>
          <p className={styles.lead}>
            Capture authorized card payments, and give money back when you need to.
          </p>
        </div>

        <dl className={styles.stats} aria-label="Summary">
          <div className={styles.stat}>
            <dt>Awaiting capture</dt>
            <dd>{summary.loaded ? summary.count : '–'}</dd>
          </div>
          <div className={styles.stat}>
            <dt>
              {summary.shown < summary.count
                ? `Authorized (first ${summary.shown})`
                : 'Authorized, not captured'}
            </dt>
            <dd>{summary.loaded ? formatCents(summary.totalCents) : '–'}</dd>
          </div>
          <div className={`${styles.stat} ${summary.expiringSoon > 0 ? styles.statWarn : ''}`}>
            <dt>Expiring within 24 h</dt>
            <dd>{summary.loaded ? summary.expiringSoon : '–'}</dd>
          </div>
        </dl>

        <div role="tablist" aria-label="Admin sections" className={styles.tablist}>
          {TABS.map((tab, index) => (
            <button key={tab.id} {...tabs.tabProps(tab.id, index)} className={styles.tab}>
              {tab.label}
              {tab.id === 'pending' && summary.loaded && (
                <span className={styles.tabCount} aria-hidden="true">
                  {summary.count}
                </span>
              )}
            </button>
          ))}
        </div>

        {TABS.map((tab) => (
          <section key={tab.id} {...tabs.panelProps(tab.id)} className={styles.panel}>
            {/* Only the shown panel is rendered: its buttons and texts are the only ones on the page. */}
            {tab.id === selected && tab.id === 'pending' && <PendingPaymentsPanel query={pending} />}
            {tab.id === selected && tab.id === 'history' && (
              <TransactionHistoryPanel filters={historyFilters} onFiltersChange={setHistoryFilters} />
            )}
            {tab.id === selected && tab.id === 'audit' && <AuditLogPanel />}
          </section>
        ))}
      </main>
    </div>
  );
}
