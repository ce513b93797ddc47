import { dollarsToCents, formatCents, REFUND_APPROVAL_STATUS_LABELS, type RefundApproval } from '@store/core';
import { Link } from 'react-router';
import { CheckCircleIcon } from '../../../../components/ui/icons';
import { adminOrderPath } from '../../../../config/paths';
import { useRefundApprovals } from '../../api/payments/list-refund-approvals';
import { useStaffSession } from '../../api/staff-session';
import { useNotices } from '../../hooks/use-notices';
import { useRefundApprovalDecisions } from '../../hooks/use-refund-approval-decisions';
import { failureText } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import {
  approvalLimitCents,
  cancelsCharge,
  REFUND_APPROVAL_TONES,
  splitApprovals,
} from '../../utils/payments/refund-approvals';
import { plural } from '../../utils/rows';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { NoticeList } from '../notices';
import { DataTable, PanelHeader, RefreshNote, type TableColumn } from '../panel-parts';
import { RoleNote } from '../role-note';
import { StatusBadge } from '../status-badge';
import { RefundApprovalButtons, RefundApprovalDialog } from './refund-approval-actions';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './refund-approvals.module.css';

/** How many decided requests the tab shows; the audit log keeps every one. */
const RECENT_DECIDED = 20;

function approvalsFailureText(error: unknown): string {
  return failureText(error, 'Failed to fetch refund approvals');
}

/** The columns of both tables: the request, then how it is decided or was. */
const REQUEST_COLUMNS: readonly TableColumn[] = [
  'Order ID',
  { label: 'Amount', kind: 'numeric' },
  'Asked for by',
  'Reason',
];
const AWAITING_COLUMNS = [...REQUEST_COLUMNS, { label: 'Actions', kind: 'actions' } as const];
const DECIDED_COLUMNS = [...REQUEST_COLUMNS, 'Decision', 'Decision reason'];

/**
 * The Refund approvals tab (decision 058): refunds above the approval limit awaiting a second person,
 * oldest first, each approved or declined (with the reason) by another manager or the owner, or withdrawn
 * by the person who asked; below them, the most recent decided ones.
 */
export function RefundApprovalsPanel() {
  const query = useRefundApprovals('all');
  const me = useStaffSession().data?.username;
  const { notices, push, dismiss } = useNotices();
  const decisions = useRefundApprovalDecisions(push);
  const limitCents = approvalLimitCents(query.data?.limit);
  const { awaiting, decided, olderDecided } = splitApprovals(query.data?.approvals ?? [], RECENT_DECIDED);

  const limitText = query.data
    ? limitCents === null
      ? 'This store sends every refund at once'
      : `Refunds above ${formatCents(limitCents)} wait for another manager or the owner`
    : 'Refunds above the approval limit';

  return (
    <>
      <PanelHeader
        title="Refund approvals"
        meta={
          <>
            {limitText} · <RefreshNote query={query} />
          </>
        }
      />
      <RoleNote rights={['refund']} />
      <NoticeList notices={notices} onDismiss={dismiss} />
      <StaleListProblem query={query} list={approvalsFailureText} />

      <section className={styles.group} aria-labelledby="approvals-awaiting">
        <h3 id="approvals-awaiting" className={styles.groupTitle}>
          Awaiting approval
        </h3>
        <div className={panel.card}>
          <ListState
            query={query}
            list={approvalsFailureText}
            columns={AWAITING_COLUMNS.length}
            skeletonRows={2}
            isEmpty={awaiting.length === 0}
            empty={
              <ListEmpty
                icon={<CheckCircleIcon size={30} />}
                title="No refunds await approval"
                text="A refund above the limit waits here until another manager or the owner decides it."
              />
            }
          >
            <DataTable label="Refunds awaiting approval" columns={AWAITING_COLUMNS}>
              {awaiting.map((approval) => (
                <tr key={approval.id} className={decisions.busyTextOf(approval) ? table.busyRow : undefined}>
                  <RequestCells approval={approval} me={me} />
                  <td className={`${table.actions} ${styles.actionsCell}`}>
                    <RefundApprovalButtons approval={approval} decisions={decisions} />
                  </td>
                </tr>
              ))}
            </DataTable>
          </ListState>
          {awaiting.length > 0 && (
            <div className={panel.more}>
              <span className={panel.moreNote}>
                {plural(awaiting.length, 'request')} awaiting approval, oldest first
              </span>
            </div>
          )}
        </div>
      </section>

      {query.data && decided.length > 0 && (
        <section className={styles.group} aria-labelledby="approvals-decided">
          <h3 id="approvals-decided" className={styles.groupTitle}>
            Recently decided
          </h3>
          <div className={panel.card}>
            <div className={table.wrap}>
              <DataTable label="Decided refund requests" columns={DECIDED_COLUMNS}>
                {decided.map((approval) => (
                  <tr key={approval.id}>
                    <RequestCells approval={approval} me={me} />
                    <td data-label="Decision">
                      <span className={table.cellStack}>
                        <StatusBadge
                          label={REFUND_APPROVAL_STATUS_LABELS[approval.status]}
                          tone={REFUND_APPROVAL_TONES[approval.status]}
                        />
                        {approval.decidedBy && (
                          <span className={`${table.sub} ${styles.decidedBy}`}>
                            by {approval.decidedBy === me ? 'you' : approval.decidedBy}
                          </span>
                        )}
                        {approval.decidedAt && (
                          <span className={table.sub}>{formatDateTime(approval.decidedAt)}</span>
                        )}
                      </span>
                    </td>
                    <ReasonCell
                      label="Decision reason"
                      text={approval.decisionReason}
                      empty="—"
                      hiddenWhenEmpty
                    />
                  </tr>
                ))}
              </DataTable>
            </div>
            <div className={panel.more}>
              <span className={panel.moreNote}>
                {olderDecided > 0
                  ? `The ${decided.length} most recent; the audit log keeps every one`
                  : plural(decided.length, 'decided request')}
              </span>
            </div>
          </div>
        </section>
      )}

      <RefundApprovalDialog decisions={decisions} onOutcome={push} />
    </>
  );
}

/** The cells under REQUEST_COLUMNS: the order, the amount, who asked and when, and why. */
function RequestCells({ approval, me }: { approval: RefundApproval; me: string | undefined }) {
  return (
    <>
      <OrderCell approval={approval} />
      <AmountCell approval={approval} />
      <td data-label="Asked for by">
        <PersonAt person={approval.requestedBy} at={approval.requestedAt} me={me} />
      </td>
      <ReasonCell label="Reason" text={approval.reason} />
    </>
  );
}

function OrderCell({ approval }: { approval: RefundApproval }) {
  return (
    <td className={table.primary} data-label="Order ID">
      <Link to={adminOrderPath(approval.orderId)} className={`${table.order} ${table.orderLink}`}>
        {approval.orderId}
      </Link>
    </td>
  );
}

function AmountCell({ approval }: { approval: RefundApproval }) {
  return (
    <td className={`${table.numeric} ${table.headline}`} data-label="Amount">
      <span className={table.amount}>{formatCents(dollarsToCents(approval.amount))}</span>
      {cancelsCharge(approval) && <span className={table.sub}>Cancel charge</span>}
    </td>
  );
}

/** Who, and when, under it ("you" for the signed-in person). */
function PersonAt({ person, at, me }: { person: string; at: string; me: string | undefined }) {
  return (
    <span className={table.cellStack}>
      <span className={styles.person}>
        {person}
        {person === me && <span className={styles.you}> (you)</span>}
      </span>
      <span className={table.sub}>{formatDateTime(at)}</span>
    </span>
  );
}

/** A reason, or `empty` in the table; a card leaves out a decision reason there is none of. */
function ReasonCell({
  label,
  text,
  empty = 'None given',
  hiddenWhenEmpty = false,
}: {
  label: string;
  text: string | null;
  empty?: string;
  hiddenWhenEmpty?: boolean;
}) {
  return (
    <td
      className={`${table.reasonCell} ${!text && hiddenWhenEmpty ? table.blankAsCard : ''}`}
      data-label={label}
    >
      {text ? <span className={table.reason}>{text}</span> : <span className={table.muted}>{empty}</span>}
    </td>
  );
}
