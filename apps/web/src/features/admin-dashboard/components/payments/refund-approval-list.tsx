import { REFUND_APPROVAL_STATUS_LABELS, type RefundApproval } from '@store/core';
import { useStaffSession } from '../../api/staff-session';
import type { useRefundApprovalDecisions } from '../../hooks/use-refund-approval-decisions';
import { formatDateTime } from '../../utils/format-date';
import { REFUND_APPROVAL_TONES, requestTitle } from '../../utils/payments/refund-approvals';
import { StatusBadge } from '../status-badge';
import { RefundApprovalButtons } from './refund-approval-actions';
import styles from './refund-approvals.module.css';

/** Why a decided request went as it did: the decline's reason, or why the approved refund was refused. */
const DECISION_REASON_TERMS: Partial<Record<RefundApproval['status'], string>> = {
  declined: 'Why declined',
  failed: 'Why refused',
};

/**
 * One order's refund requests (the order page): awaiting first, then decided, each with who asked, when
 * and why, how it was decided, and the actions the signed-in person may take on it.
 */
export function RefundApprovalList({
  approvals,
  decisions,
}: {
  approvals: readonly RefundApproval[];
  decisions: ReturnType<typeof useRefundApprovalDecisions>;
}) {
  const me = useStaffSession().data?.username;
  const who = (person: string) => (person === me ? `${person} (you)` : person);
  return (
    <ul className={styles.requests}>
      {approvals.map((approval) => {
        const decisionTerm = DECISION_REASON_TERMS[approval.status];
        return (
          <li key={approval.id} className={styles.request}>
            <div className={styles.requestHead}>
              <span className={styles.requestAmount}>{requestTitle(approval)}</span>
              <StatusBadge
                label={REFUND_APPROVAL_STATUS_LABELS[approval.status]}
                tone={REFUND_APPROVAL_TONES[approval.status]}
              />
            </div>
            <dl className={styles.requestFacts}>
              <div>
                <dt>Asked for by</dt>
                <dd>
                  {who(approval.requestedBy)}
                  <span className={styles.when}>{formatDateTime(approval.requestedAt)}</span>
                </dd>
              </div>
              <div>
                <dt>Reason</dt>
                <dd>{approval.reason ?? 'None given'}</dd>
              </div>
              {approval.decidedBy && approval.status !== 'pending' && (
                <div>
                  <dt>{approval.status === 'cancelled' ? 'Withdrawn by' : 'Decided by'}</dt>
                  <dd>
                    {who(approval.decidedBy)}
                    {approval.decidedAt && (
                      <span className={styles.when}>{formatDateTime(approval.decidedAt)}</span>
                    )}
                  </dd>
                </div>
              )}
              {decisionTerm && approval.decisionReason && (
                <div>
                  <dt>{decisionTerm}</dt>
                  <dd>{approval.decisionReason}</dd>
                </div>
              )}
            </dl>
            {approval.status === 'pending' && (
              <div className={styles.requestActions}>
                <RefundApprovalButtons approval={approval} decisions={decisions} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
