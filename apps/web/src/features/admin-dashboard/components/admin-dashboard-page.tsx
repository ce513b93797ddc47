import { dollarsToCents, formatCents } from '@store/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SkipLink } from '../../../components/ui/skip-link';
import { SITE } from '../../../config/site';
import { useTabs } from '../../../lib/use-tabs';
import { usePendingPayments } from '../api/payments/list-pending-payments';
import { useRefundApprovals } from '../api/payments/list-refund-approvals';
import { useMay, useStaffSession } from '../api/staff-session';
import { useSentEmails } from '../api/store/list-sent-emails';
import { useNow } from '../hooks/use-now';
import { sumCents } from '../utils/money';
import { uniqueRows } from '../utils/rows';
import { authorizationTimeLeft } from '../utils/time-left';
import { AuditLogPanel } from './store/audit-log-panel';
import { CustomersPanel } from './customers/customers-panel';
import { DashboardHeader } from './dashboard-header';
import { DepositsPanel } from './deposits/deposits-panel';
import { DisputesPanel } from './deposits/disputes-panel';
import { MoneySummaryCard } from './payments/money-summary-card';
import { ProductsPanel } from './products/products-panel';
import { PendingPaymentsPanel } from './payments/pending-payments-panel';
import { RefundApprovalsPanel } from './payments/refund-approvals-panel';
import { SentEmailsPanel } from './store/sent-emails-panel';
import { StaffPanel } from './staff/staff-panel';
import { TransactionHistoryPanel, type HistoryFilters } from './payments/transaction-history-panel';
import styles from './admin-dashboard-page.module.css';

const TABS = [
  { id: 'pending', label: 'Pending Payments' },
  { id: 'history', label: 'Transaction History' },
  // Refunds above the approval limit, awaiting a second person (decision 058).
  { id: 'approvals', label: 'Refund approvals' },
  { id: 'deposits', label: 'Deposits' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'customers', label: 'Customers' },
  // Every role reads the catalog; owners and managers edit it (the 'catalog' right).
  { id: 'products', label: 'Products' },
  { id: 'audit', label: 'Audit Log' },
  // The owner's only (the 'staff' right).
  { id: 'staff', label: 'Staff' },
  // Demo mode only: the store answers the list only with the built-in sandbox gateway.
  { id: 'emails', label: 'Sent emails' },
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

/**
 * `/admin/dashboard`: pending payments, transaction history, refunds awaiting approval, deposits, disputes,
 * customers, the products and the audit log, in tabs; for the owner, the staff; in demo mode, the emails the store queued,
 * too.
 */
export function AdminDashboardPage({ username, onSignedOut }: AdminDashboardPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // Read once when the console opens, whatever the tab: its answer says whether the tab is there at all.
  const sentEmails = useSentEmails({ poll: requested === 'emails' });
  const emailsOffered = sentEmails.data !== undefined || (requested === 'emails' && sentEmails.isPending);
  // Asked for by its address, the Staff tab waits for the session to say whether the role has it.
  const may = useMay();
  const sessionPending = useStaffSession().isPending;
  const staffOffered = may('staff') || (requested === 'staff' && sessionPending);
  const shownTabs = TABS.filter(
    (tab) => (tab.id !== 'emails' || emailsOffered) && (tab.id !== 'staff' || staffOffered),
  );
  const selected: TabId =
    isTabId(requested) && shownTabs.some((tab) => tab.id === requested) ? requested : 'pending';
  // Kept here so the search and filter survive a trip to another tab.
  const [historyFilters, setHistoryFilters] = useState<HistoryFilters>({ searchText: '', status: 'all' });
  const [customerSearch, setCustomerSearch] = useState('');
  const [depositDay, setDepositDay] = useState<string | null>(null);

  // Pending payments poll for as long as the console is open: the tab count and the summary use them.
  const pending = usePendingPayments();
  // So do the refunds awaiting a second person's approval: the tab counts them.
  const awaitingApprovals = useRefundApprovals('pending').data?.approvals.length;
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
    ids: shownTabs.map((tab) => tab.id),
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

        <MoneySummaryCard />

        <div role="tablist" aria-label="Admin sections" className={styles.tablist}>
          {shownTabs.map((tab, index) => (
            <button key={tab.id} {...tabs.tabProps(tab.id, index)} className={styles.tab}>
              {tab.label}
              {tab.id === 'pending' && summary.loaded && (
                <span className={styles.tabCount} aria-hidden="true">
                  {summary.count}
                </span>
              )}
              {tab.id === 'approvals' && awaitingApprovals !== undefined && (
                <span className={styles.tabCount} aria-hidden="true">
                  {awaitingApprovals}
                </span>
              )}
            </button>
          ))}
        </div>

        {shownTabs.map((tab) => (
          <section key={tab.id} {...tabs.panelProps(tab.id)} className={styles.panel}>
            {/* Only the shown panel is rendered: its buttons and texts are the only ones on the page. */}
            {tab.id === selected && tab.id === 'pending' && <PendingPaymentsPanel query={pending} />}
            {tab.id === selected && tab.id === 'history' && (
              <TransactionHistoryPanel filters={historyFilters} onFiltersChange={setHistoryFilters} />
            )}
            {tab.id === selected && tab.id === 'approvals' && <RefundApprovalsPanel />}
            {tab.id === selected && tab.id === 'deposits' && (
              <DepositsPanel day={depositDay} onDayChange={setDepositDay} />
            )}
            {tab.id === selected && tab.id === 'disputes' && <DisputesPanel />}
            {tab.id === selected && tab.id === 'customers' && (
              <CustomersPanel searchText={customerSearch} onSearchTextChange={setCustomerSearch} />
            )}
            {tab.id === selected && tab.id === 'products' && <ProductsPanel />}
            {tab.id === selected && tab.id === 'audit' && <AuditLogPanel />}
            {tab.id === selected && tab.id === 'staff' && <StaffPanel />}
            {tab.id === selected && tab.id === 'emails' && <SentEmailsPanel query={sentEmails} />}
          </section>
        ))}
      </main>
    </div>
  );
}
