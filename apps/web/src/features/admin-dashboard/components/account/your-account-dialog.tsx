import {
  STAFF_ROLE_LABELS,
  type AuthenticatorSetupResponse,
  type Passkey,
  type RecoveryCodesResponse,
} from '@store/core';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { passkeysSupported } from '../../../../lib/passkeys';
import { useConfirmAuthenticator } from '../../api/account/confirm-authenticator';
import { useAccountSecurity } from '../../api/account/get-account-security';
import { useRemoveAuthenticator } from '../../api/account/remove-authenticator';
import { useRemovePasskey } from '../../api/account/remove-passkey';
import { useRenewRecoveryCodes } from '../../api/account/renew-recovery-codes';
import { useStartAuthenticatorSetup } from '../../api/account/start-authenticator-setup';
import { useStaffSession } from '../../api/staff-session';
import { useAddPasskey } from '../../hooks/use-add-passkey';
import { failureText } from '../../utils/admin-errors';
import { AddPasskeyStep } from './add-passkey-step';
import { AuthenticatorSetupStep } from './authenticator-setup-step';
import { CodeStep } from './code-step';
import { PasskeysSection } from './passkeys-section';
import { RemovePasskeyStep } from './remove-passkey-step';
import { RecoveryCodesStep } from './recovery-codes-step';
import { TwoStepOverview } from './two-step-overview';
import dialog from '../dialog.module.css';

/** What Your account shows: the overview, or one of its steps. */
export type AccountView =
  | { name: 'overview' }
  | { name: 'setup'; setup: AuthenticatorSetupResponse }
  | { name: 'codes'; answer: RecoveryCodesResponse; madeAt: Date }
  | { name: 'remove' }
  | { name: 'renew' }
  | { name: 'add-passkey' }
  | { name: 'remove-passkey'; passkey: Passkey };

export interface YourAccountDialogProps {
  username: string;
  onClose: () => void;
  /** Where it opens: the overview unless said (the set-up, when a money action asked for it). */
  initialView?: AccountView;
}

/**
 * Your account, for every signed-in person (decision 059): their two-step sign-in. Set up an authenticator
 * app (its QR code, the key written out, its first code), then the ten recovery codes once; new recovery
 * codes and removing the app, each with a code. Their passkeys: add one (named, then the browser's own
 * window), remove one (asked once; "Confirm it is you" first when the store wants the second factor proved
 * again). One dialog whose steps follow each other, so that the keyboard stays in it.
 */
export function YourAccountDialog({
  username,
  onClose,
  initialView = { name: 'overview' },
}: YourAccountDialogProps) {
  const security = useAccountSecurity();
  const role = useStaffSession().data?.role;
  const start = useStartAuthenticatorSetup();
  const confirm = useConfirmAuthenticator();
  const remove = useRemoveAuthenticator();
  const renew = useRenewRecoveryCodes();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [canUsePasskeys] = useState(() => passkeysSupported());
  const [view, setView] = useState<AccountView>(initialView);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const formId = useId();
  const busy =
    start.isPending ||
    confirm.isPending ||
    remove.isPending ||
    renew.isPending ||
    addPasskey.isPending ||
    removePasskey.isPending;
  // Opened for the set-up alone (a money action asked for it): done, it closes.
  const setUpOnly = initialView.name === 'setup';

  const show = (next: AccountView) => {
    setProblem(null);
    if (next.name !== 'overview') setNotice(null);
    setView(next);
  };
  const backToOverview = () => (setUpOnly ? onClose() : show({ name: 'overview' }));

  const startSetUp = async () => {
    setProblem(null);
    setNotice(null);
    try {
      show({ name: 'setup', setup: await start.mutateAsync() });
    } catch (caught) {
      setProblem(failureText(caught, 'Failed to start setting up the app'));
    }
  };

  const subtitle = (
    <>
      Signed in as <strong>{username}</strong>
      {role && <> · {STAFF_ROLE_LABELS[role]}</>}
    </>
  );

  let title = 'Your account';
  let body: ReactNode;
  let footer: ReactNode;
  const submit = (label: string, busyLabel: string, danger = false) => (
    <Button
      type="submit"
      form={formId}
      className={danger ? dialog.danger : undefined}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
  const back = (label = 'Back') => (
    <Button variant="secondary" onClick={backToOverview} disabled={busy}>
      {label}
    </Button>
  );

  switch (view.name) {
    case 'overview':
      body = (
        <div className={dialog.stack}>
          {notice && (
            <p role="status" className={dialog.consequence}>
              {notice}
            </p>
          )}
          <TwoStepOverview
            query={security}
            problem={problem}
            starting={start.isPending}
            onSetUp={() => void startSetUp()}
            onRenew={() => show({ name: 'renew' })}
            onRemove={() => show({ name: 'remove' })}
          />
          {security.data && (
            <PasskeysSection
              passkeys={security.data.security.passkeys}
              supported={canUsePasskeys}
              onAdd={() => show({ name: 'add-passkey' })}
              onRemove={(passkey) => show({ name: 'remove-passkey', passkey })}
            />
          )}
        </div>
      );
      footer = <Button onClick={onClose}>Done</Button>;
      break;
    case 'setup':
      title = 'Set up authenticator app';
      body = (
        <AuthenticatorSetupStep
          formId={formId}
          setup={view.setup}
          busy={busy}
          confirm={async (code) => {
            const answer = await confirm.mutateAsync(code);
            show({ name: 'codes', answer, madeAt: new Date() });
          }}
        />
      );
      footer = (
        <>
          {back(setUpOnly ? 'Cancel' : 'Back')}
          {submit('Turn on', 'Checking…')}
        </>
      );
      break;
    case 'codes':
      title = 'Save your recovery codes';
      body = <RecoveryCodesStep username={username} answer={view.answer} madeAt={view.madeAt} />;
      footer = <Button onClick={backToOverview}>{setUpOnly ? 'Done' : 'I have saved them'}</Button>;
      break;
    case 'remove':
      title = 'Remove authenticator app';
      body = (
        <CodeStep
          formId={formId}
          busy={busy}
          fallback="Failed to remove the app"
          send={async (code) => {
            const answer = await remove.mutateAsync(code);
            setNotice(answer.message);
            show({ name: 'overview' });
          }}
        >
          <p className={dialog.question}>Sign in with your password only again?</p>
          <p>
            Your recovery codes stop working with it.
            {security.data?.secondFactorRequired &&
              ' Your role must have an authenticator app to move money: until you set one up again, you cannot.'}{' '}
            To confirm, type a code from the app.
          </p>
        </CodeStep>
      );
      footer = (
        <>
          {back('Keep it')}
          {submit('Remove app', 'Removing…', true)}
        </>
      );
      break;
    case 'renew':
      title = 'New recovery codes';
      body = (
        <CodeStep
          formId={formId}
          busy={busy}
          fallback="Failed to make new recovery codes"
          send={async (code) => {
            const answer = await renew.mutateAsync(code);
            show({ name: 'codes', answer, madeAt: new Date() });
          }}
        >
          <p>
            Ten new codes replace the ones you have: the old ones stop working. To confirm, type a code from
            your authenticator app.
          </p>
        </CodeStep>
      );
      footer = (
        <>
          {back()}
          {submit('Make new codes', 'Making…')}
        </>
      );
      break;
    case 'add-passkey':
      title = 'Add a passkey';
      body = (
        <AddPasskeyStep
          formId={formId}
          busy={busy}
          add={async (name) => {
            const answer = await addPasskey.mutateAsync(name);
            setNotice(answer.message);
            show({ name: 'overview' });
          }}
        />
      );
      footer = (
        <>
          {back()}
          {submit('Add passkey', 'Waiting for the passkey…')}
        </>
      );
      break;
    case 'remove-passkey': {
      const { passkey } = view;
      const read = security.data;
      // The person's last second factor, where their role must have one to move money.
      const last =
        read !== undefined &&
        read.secondFactorRequired &&
        read.security.authenticator === null &&
        read.security.passkeys.length === 1;
      title = 'Remove passkey';
      body = (
        <RemovePasskeyStep
          formId={formId}
          passkey={passkey}
          lastSecondFactor={last}
          remove={async () => {
            const answer = await removePasskey.mutateAsync(passkey.id);
            setNotice(answer.message);
            show({ name: 'overview' });
          }}
        />
      );
      footer = (
        <>
          {back('Keep it')}
          {submit('Remove passkey', 'Removing…', true)}
        </>
      );
      break;
    }
  }

  return (
    <Modal
      title={title}
      subtitle={subtitle}
      onClose={onClose}
      dismissible={!busy}
      footer={footer}
      // Wide enough for the QR code beside its key.
      size={view.name === 'setup' ? 'large' : 'medium'}
    >
      {body}
    </Modal>
  );
}
