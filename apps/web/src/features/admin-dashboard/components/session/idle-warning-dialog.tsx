import { useRef } from 'react';
import { AlertDialog } from '../../../../components/ui/alert-dialog';
import { Button } from '../../../../components/ui/button';
import { ClockIcon } from '../../../../components/ui/icons';
import { countdownAnnouncement, formatCountdown } from '../../utils/idle-session';
import styles from './idle-session.module.css';

export interface IdleWarningDialogProps {
  secondsLeft: number;
  /** "Stay signed in" (or Escape): the person is there. */
  onStay: () => void;
}

/**
 * A minute before an idle session ends (decision 057): the time left, counting down on screen and told to
 * a screen reader at 30 and 10 seconds (a polite live region, not every second), and "Stay signed in".
 */
export function IdleWarningDialog({ secondsLeft, onStay }: IdleWarningDialogProps) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      title="Still there?"
      icon={<ClockIcon size={22} />}
      description={
        <>
          You will be signed out in{' '}
          <strong className={styles.countdown}>{formatCountdown(secondsLeft)}</strong> for your security.
        </>
      }
      initialFocusRef={stayRef}
      onEscape={onStay}
      footer={
        <Button ref={stayRef} onClick={onStay}>
          Stay signed in
        </Button>
      }
    >
      <p role="status" className="visually-hidden">
        {countdownAnnouncement(secondsLeft)}
      </p>
    </AlertDialog>
  );
}
