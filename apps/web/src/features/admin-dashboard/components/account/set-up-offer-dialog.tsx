import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ShieldCheckIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useStartAuthenticatorSetup } from '../../api/account/start-authenticator-setup';
import { failureText } from '../../utils/admin-errors';
import { YourAccountDialog } from './your-account-dialog';
import dialog from '../dialog.module.css';

export interface SetUpOfferDialogProps {
  username: string;
  onClose: () => void;
}

/**
 * Over a money dialog that the store refused because its person has no authenticator app and their role
 * must have one (decision 059): the store's words, and the way to Your account's set-up, in place. The
 * dialog behind keeps what was typed: once the app is set up, the person presses its button again.
 */
export function SetUpOfferDialog({ username, onClose }: SetUpOfferDialogProps) {
  const start = useStartAuthenticatorSetup();
  const [setup, setSetup] = useState<Awaited<ReturnType<typeof start.mutateAsync>> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const notNowRef = useRef<HTMLButtonElement>(null);

  if (setup) {
    return <YourAccountDialog username={username} initialView={{ name: 'setup', setup }} onClose={onClose} />;
  }

  const setUpNow = async () => {
    setProblem(null);
    try {
      setSetup(await start.mutateAsync());
    } catch (caught) {
      setProblem(failureText(caught, 'Failed to start setting up the app'));
    }
  };

  return (
    <Modal
      title="Set up an authenticator app"
      onClose={onClose}
      dismissible={!start.isPending}
      initialFocusRef={notNowRef}
      footer={
        <>
          <Button ref={notNowRef} variant="secondary" onClick={onClose} disabled={start.isPending}>
            Not now
          </Button>
          <Button onClick={() => void setUpNow()} disabled={start.isPending} aria-busy={start.isPending}>
            {start.isPending ? <Spinner /> : <ShieldCheckIcon size={18} />}
            Set up now
          </Button>
        </>
      }
    >
      <div className={dialog.stack}>
        <p className={dialog.question}>{STAFF_FACTOR_MESSAGES.required}.</p>
        <p>
          Nothing was sent. Setting one up takes a minute: scan a QR code with an authenticator app on your
          phone and type the code it shows. Then press your button again: what you typed stays as it was.
        </p>
        {problem && <Alert>{problem}</Alert>}
      </div>
    </Modal>
  );
}
