import { STAFF_ROLE_LABELS, type StaffMember } from '@store/core';
import { useDisableStaff } from '../../api/staff/disable-staff';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import type { Notice } from '../notices';

export interface DisableStaffDialogProps {
  member: StaffMember;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/** Disabling ends the person's sessions at once; asked once, in plain words. */
export function DisableStaffDialog({ member, onClose, onOutcome }: DisableStaffDialogProps) {
  const disable = useDisableStaff();
  return (
    <ConfirmActionDialog
      title="Disable person"
      subtitle={member.name}
      question={<>{member.name} is signed out at once and cannot sign in until enabled again.</>}
      facts={[
        { term: 'Signs in as', value: member.username },
        { term: 'Role', value: STAFF_ROLE_LABELS[member.role] },
      ]}
      factsLabel="Staff member"
      keepLabel="Keep enabled"
      confirmLabel="Disable"
      busyLabel="Disabling…"
      onConfirm={async () => {
        await disable.mutateAsync(member.username);
        onOutcome({
          tone: 'success',
          title: `${member.name} is disabled`,
          detail: 'They were signed out and cannot sign in until enabled again.',
        });
        onClose();
      }}
      failure={{ unconfirmed: 'Failed to disable the person', refused: 'Failed to disable the person' }}
      onClose={onClose}
    />
  );
}
