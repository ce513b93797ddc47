import { STAFF_ROLE_LABELS, type StaffMember } from '@store/core';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { PlusIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { useStaffSession } from '../../api/staff-session';
import { useEnableStaff } from '../../api/staff/enable-staff';
import { useStaffList } from '../../api/staff/list-staff';
import { useNotices } from '../../hooks/use-notices';
import { useNow } from '../../hooks/use-now';
import { failureText } from '../../utils/admin-errors';
import { plural } from '../../utils/rows';
import { isLocked, staffStatusText } from '../../utils/staff/staff-status';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { NoticeList } from '../notices';
import { DateTimeText, PanelHeader, RefreshNote } from '../panel-parts';
import { StatusBadge } from '../status-badge';
import { AddStaffDialog } from './add-staff-dialog';
import { ChangeRoleDialog } from './change-role-dialog';
import { DisableStaffDialog } from './disable-staff-dialog';
import { NewSetupLinkDialog } from './new-setup-link-dialog';
import dialogStyles from '../dialog.module.css';
import panel from '../panel.module.css';
import table from '../data-table.module.css';
import styles from './staff-panel.module.css';

type StaffDialog =
  | { kind: 'add' }
  | { kind: 'role'; member: StaffMember }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'setup-link'; member: StaffMember };

/**
 * The Staff tab, the owner's only (decision 056): who may sign in to the console, with what role, where
 * each stands; people added with a one-time set-up link, roles changed, people disabled and enabled again.
 */
export function StaffPanel() {
  const query = useStaffList();
  const me = useStaffSession().data?.username;
  const enable = useEnableStaff();
  const now = useNow();
  const { notices, push, dismiss } = useNotices();
  const [dialog, setDialog] = useState<StaffDialog | null>(null);
  const staff = query.data ?? [];
  const enabling = enable.isPending ? enable.variables : undefined;

  const enableMember = async (member: StaffMember, verb: 'Enabled' | 'Unlocked') => {
    try {
      await enable.mutateAsync(member.username);
      push({ tone: 'success', title: `${verb} ${member.name}`, detail: 'They can sign in again.' });
    } catch (caught) {
      push({
        tone: 'error',
        title: `${member.name} was not ${verb.toLowerCase()}`,
        detail: failureText(caught, 'Failed to enable the person'),
      });
    }
  };

  return (
    <>
      <PanelHeader
        title="Staff"
        meta={
          <>
            Everyone who may sign in to this console, owners first · <RefreshNote query={query} />
          </>
        }
        actions={
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <PlusIcon size={18} />
            Add person
          </Button>
        }
      />

      <NoticeList notices={notices} onDismiss={dismiss} />
      <StaleListProblem query={query} list="staff" />

      <div className={panel.card}>
        <ListState
          query={query}
          list="staff"
          columns={5}
          isEmpty={staff.length === 0}
          empty={<ListEmpty title="No staff yet" />}
        >
          <table className={table.table} aria-label="Staff">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col" className={table.actionsHead}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => {
                const status = staffStatusText(member, now);
                const mine = member.username === me;
                // Their email; for someone without one, their username when it is not their name already.
                const contact = member.email ?? (member.username === member.name ? null : member.username);
                const locked = isLocked(member, now);
                const disabled = member.status === 'disabled';
                return (
                  <tr
                    key={member.username}
                    className={enabling === member.username ? table.busyRow : undefined}
                  >
                    <td className={`${table.primary} ${styles.nameCell}`} data-label="Name">
                      <span className={styles.name}>
                        {member.name}
                        {mine && <span className={styles.you}> (you)</span>}
                      </span>
                      {contact && <span className={`${table.sub} ${styles.email}`}>{contact}</span>}
                    </td>
                    <td data-label="Role">{STAFF_ROLE_LABELS[member.role]}</td>
                    <td data-label="Status">
                      <span className={table.cellStack}>
                        <StatusBadge label={status.label} tone={status.tone} />
                        {status.detail && (
                          <span className={`${table.sub} ${styles.statusDetail}`}>{status.detail}</span>
                        )}
                      </span>
                    </td>
                    <td data-label="Last sign-in">
                      {member.lastSignInAt ? (
                        <DateTimeText iso={member.lastSignInAt} />
                      ) : (
                        <span className={table.muted}>Never</span>
                      )}
                    </td>
                    <td className={table.actions}>
                      {enabling === member.username ? (
                        <span className={table.rowBusy} role="status">
                          <Spinner />
                          {locked && !disabled ? 'Unlocking…' : 'Enabling…'}
                        </span>
                      ) : (
                        <div className={table.buttons}>
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => setDialog({ kind: 'role', member })}
                            aria-label={`Change role of ${member.name}`}
                          >
                            Change role
                          </Button>
                          {disabled ? (
                            <Button
                              size="small"
                              variant="secondary"
                              onClick={() => void enableMember(member, 'Enabled')}
                              aria-label={`Enable ${member.name}`}
                            >
                              Enable
                            </Button>
                          ) : (
                            locked && (
                              <Button
                                size="small"
                                variant="secondary"
                                onClick={() => void enableMember(member, 'Unlocked')}
                                aria-label={`Unlock ${member.name}`}
                              >
                                Unlock
                              </Button>
                            )
                          )}
                          {!mine && !disabled && (
                            <Button
                              size="small"
                              variant="secondary"
                              onClick={() => setDialog({ kind: 'setup-link', member })}
                              aria-label={`New set-up link for ${member.name}`}
                            >
                              New set-up link
                            </Button>
                          )}
                          {!mine && !disabled && (
                            <Button
                              size="small"
                              variant="ghost"
                              className={dialogStyles.dangerGhost}
                              onClick={() => setDialog({ kind: 'disable', member })}
                              aria-label={`Disable ${member.name}`}
                            >
                              Disable
                            </Button>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ListState>
        {staff.length > 0 && (
          <div className={panel.more}>
            <span className={panel.moreNote}>{plural(staff.length, 'person', 'people')}</span>
          </div>
        )}
      </div>

      {dialog?.kind === 'add' && <AddStaffDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog member={dialog.member} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {dialog?.kind === 'disable' && (
        <DisableStaffDialog member={dialog.member} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {dialog?.kind === 'setup-link' && (
        <NewSetupLinkDialog member={dialog.member} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
