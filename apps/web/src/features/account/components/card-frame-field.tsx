import { useId, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import type { CardFrame } from '../hooks/use-card-frame';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './card-frame-field.module.css';

/**
 * The card number field: the gateway's frame, drawn as the form's other fields (label, border, focus ring,
 * invalid mark). The number typed in it stays in the frame; the form gets its token.
 */
export function CardFrameField({
  frame,
  frameRef,
  invalid,
  errorId,
  disabled,
}: {
  frame: CardFrame;
  frameRef: RefObject<HTMLIFrameElement | null>;
  invalid: boolean;
  errorId: string;
  disabled: boolean;
}) {
  const labelId = useId();
  const noteId = useId();
  const failed = frame.status === 'failed';
  return (
    <div className={fieldStyles.field}>
      <span id={labelId} className={fieldStyles.label}>
        Card number
      </span>
      {failed ? (
        <div className={styles.failed} role="alert">
          <span>{frame.failure ?? 'The secure card field did not load.'}</span>
          <Button variant="secondary" onClick={frame.retry} disabled={disabled}>
            Try again
          </Button>
        </div>
      ) : (
        <div
          className={styles.box}
          data-invalid={invalid || undefined}
          data-disabled={disabled || undefined}
          aria-busy={frame.status !== 'ready'}
        >
          {frame.frameUrl && (
            <iframe
              ref={frameRef}
              src={frame.frameUrl}
              title="Card number"
              aria-labelledby={labelId}
              // Marked and described as the form's fields are: the form's problem takes the keyboard here.
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : noteId}
              className={styles.frame}
              onLoad={frame.onFrameLoad}
              // Nothing the frame does may take the person elsewhere or open windows.
              sandbox="allow-scripts allow-same-origin"
              referrerPolicy="no-referrer"
            />
          )}
        </div>
      )}
      <span id={noteId} className={fieldStyles.hint}>
        Typed in our payment processor’s secure field: the number never reaches this store.
      </span>
    </div>
  );
}
