import { STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from '@store/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useChangeStaffRole } from '../../api/staff/change-staff-role';
import { failureText } from '../../utils/admin-errors';
import type { Notice } from '../notices';
import { RoleField } from './role-field';
import dialog from '../dialog.module.css';

export interface ChangeRoleDialogProps {
  member: StaffMember;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/** A person's role, chosen again: what they may do from their next action on. */
export function ChangeRoleDialog({ member, onClose, onOutcome }: ChangeRoleDialogProps) {
  const change = useChangeStaffRole();
  const formId = useId();
  const errorId = useId();
  const [role, setRole] = useState<StaffRole | ''>(member.role);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = change.isPending;
  const unchanged = role === member.role;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || role === '' || unchanged) return;
    setFailure(null);
    try {
      await change.mutateAsync({ username: member.username, role });
      onOutcome({
        tone: 'success',
        title: `${member.name} is now ${STAFF_ROLE_LABELS[role]}`,
        detail: 'The new role applies from their next action.',
      });
      onClose();
    } catch (caught) {
      setFailure(failureText(caught, 'Failed to change the role'));
    }
  };

  return (
    <Modal
      title="Change role"
      subtitle={
        <>
          {member.name} · {member.username}
        </>
      }
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy || unchanged} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Saving…
              </>
            ) : (
              'Save role'
            )}
          </Button>
        </>
      }
    >
      <form id={formId} className={dialog.stack} onSubmit={(event) => void submit(event)} noValidate>
        <RoleField
          value={role}
          onChange={(chosen) => {
            setRole(chosen);
            setFailure(null);
          }}
          problem={null}
          errorId={errorId}
          disabled={busy}
        />
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
  );
}
