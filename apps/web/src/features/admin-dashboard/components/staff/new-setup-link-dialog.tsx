import { STAFF_SETUP_LINK_HOURS, type StaffMember, type StaffSetupLinkResponse } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useNewSetupLink } from '../../api/staff/new-setup-link';
import { failureText } from '../../utils/admin-errors';
import { SetupLinkView } from './setup-link-view';
import dialog from '../dialog.module.css';

const TITLE = 'New set-up link';

/**
 * A new one-time link for a person: for an invitation whose link expired, or a forgotten password. Asked
 * first, since using it replaces their password and signs them out; then shown once.
 */
export function NewSetupLinkDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const make = useNewSetupLink();
  const keepRef = useRef<HTMLButtonElement>(null);
  const [answer, setAnswer] = useState<StaffSetupLinkResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = make.isPending;

  const confirm = async () => {
    if (busy) return;
    setFailure(null);
    try {
      setAnswer(await make.mutateAsync(member.username));
    } catch (caught) {
      setFailure(failureText(caught, 'Failed to make a set-up link'));
    }
  };

  if (answer) {
    return (
      <Modal
        title={TITLE}
        subtitle={member.name}
        onClose={onClose}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <SetupLinkView title={`A new link for ${member.name}`} answer={answer} />
      </Modal>
    );
  }

  return (
    <Modal
      title={TITLE}
      subtitle={member.name}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Making the link…
              </>
            ) : (
              'Make link'
            )}
          </Button>
        </>
      }
    >
      <div className={dialog.stack}>
        <p className={dialog.question}>
          {member.status === 'invited'
            ? `A new link for ${member.name} to choose their password.`
            : `A link for ${member.name} to choose a new password.`}
        </p>
        <p>
          It works for {STAFF_SETUP_LINK_HOURS} hours and only once.
          {member.status === 'invited'
            ? ''
            : ' Once they use it, their old password no longer works and they are signed out everywhere.'}
        </p>
        {failure && <Alert>{failure}</Alert>}
      </div>
    </Modal>
  );
}
