import { STAFF_STEP_UP_MINUTES } from '@store/core';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { ShieldCheckIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useStepUp } from '../../api/account/step-up';
import { CodeStep } from './code-step';

export interface StepUpDialogProps {
  /** Proved: the money action that asked for it is sent again. */
  onConfirmed: () => void;
  /** Cancelled: the action fails with the store's words, in the dialog it was started from. */
  onCancel: () => void;
}

/**
 * "Confirm it is you" (decision 059), over the dialog that moves money, which stays as it is: the code from
 * the authenticator app (or a recovery code), after which the same action goes on by itself.
 */
export function StepUpDialog({ onConfirmed, onCancel }: StepUpDialogProps) {
  const stepUp = useStepUp();
  const formId = useId();
  const busy = stepUp.isPending;
  return (
    <Modal
      title="Confirm it is you"
      subtitle={`Moving money asks for your authenticator app’s code again ${STAFF_STEP_UP_MINUTES} minutes after you last gave it.`}
      onClose={onCancel}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Checking…
              </>
            ) : (
              <>
                <ShieldCheckIcon size={18} />
                Confirm
              </>
            )}
          </Button>
        </>
      }
    >
      <CodeStep
        formId={formId}
        busy={busy}
        fallback="Failed to confirm"
        send={async (code) => {
          await stepUp.mutateAsync(code);
          onConfirmed();
        }}
      >
        <p>Type the code from your authenticator app: what you started goes on by itself once you confirm.</p>
      </CodeStep>
    </Modal>
  );
}
