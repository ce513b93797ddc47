import type { AdminDisputesResponse } from '@store/core';
import { Link } from 'react-router';
import { adminOrderPath } from '../../../../config/paths';
import { useDisputes } from '../../api/deposits/list-disputes';
import { formatSignedDollars } from '../../utils/deposits/deposits';
import { plural } from '../../utils/rows';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { DateTimeText, PanelHeader, RefreshNote } from '../panel-parts';
import { StatusBadge } from '../status-badge';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './deposits.module.css';

type Dispute = AdminDisputesResponse['disputes'][number];

/**
 * The Disputes tab (decision 036): payments the cardholders disputed, newest first, with the network's
 * reason and case number. The order page has the rest; a refund of one asks to confirm.
 */
export function DisputesPanel() {
  const query = useDisputes();
  const disputes = query.data?.disputes ?? [];
  return (
    <>
      <PanelHeader
        title="Disputes"
        meta={
          <>
            Payments the cardholders disputed (chargebacks), newest first · <RefreshNote query={query} />
          </>
        }
      />
      <p className={styles.intro}>
        The card network has taken a disputed amount back from a deposit. Answer the case with the network
        before refunding: a refund now may pay the customer twice.
      </p>
      <StaleListProblem query={query} list="disputes" />
      <div className={panel.card}>
        <ListState
          query={query}
          list="disputes"
          columns={7}
          isEmpty={disputes.length === 0}
          empty={
            <ListEmpty
              title="No disputes"
              text="A chargeback marks its payment disputed and lists it here, with the reason the network gives."
            />
          }
        >
          <table className={table.table} aria-label="Disputes">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col" className={table.numeric}>
                  Disputed amount
                </th>
                <th scope="col">Disputed</th>
                <th scope="col">Paid with</th>
                <th scope="col">Reason</th>
                <th scope="col">Case number</th>
                <th scope="col" className={table.numeric}>
                  Captured
                </th>
                <th scope="col" className={table.numeric}>
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {disputes.map((dispute) => (
                <DisputeRow key={dispute.paymentId} dispute={dispute} />
              ))}
            </tbody>
          </table>
        </ListState>
        {disputes.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>Showing {plural(disputes.length, 'dispute')}</span>
          </div>
        )}
      </div>
    </>
  );
}

function DisputeRow({ dispute }: { dispute: Dispute }) {
  return (
    <tr>
      <td className={table.primary} data-label="Order ID">
        <Link className={`${table.order} ${table.orderLink}`} to={adminOrderPath(dispute.orderId)}>
          {dispute.orderId}
        </Link>
        <span className={table.sub}>
          <StatusBadge label="Disputed" tone="danger" />
        </span>
      </td>
      <td className={`${table.numeric} ${table.headline}`} data-label="Disputed amount">
        <span className={table.amount}>{formatSignedDollars(dispute.amount)}</span>
      </td>
      <td data-label="Disputed">
        <DateTimeText iso={dispute.disputedAt} />
      </td>
      <td data-label="Paid with">
        <span className={table.card}>{dispute.method}</span>
      </td>
      <td className={table.reasonCell} data-label="Reason">
        <span className={table.reason}>
          {dispute.reasonCode && <span className={styles.reasonCode}>{dispute.reasonCode}</span>}
          {dispute.reasonCode && dispute.reason ? ' ' : ''}
          {dispute.reason ?? (dispute.reasonCode ? '' : 'Not given')}
        </span>
      </td>
      <td data-label="Case number">
        {dispute.caseNumber ? (
          <span className={styles.caseNumber}>{dispute.caseNumber}</span>
        ) : (
          <span className={table.muted}>—</span>
        )}
      </td>
      <td className={table.numeric} data-label="Captured">
        {formatSignedDollars(dispute.captured)}
      </td>
      <td className={table.numeric} data-label="Refunded">
        {formatSignedDollars(dispute.refunded)}
      </td>
    </tr>
  );
}
