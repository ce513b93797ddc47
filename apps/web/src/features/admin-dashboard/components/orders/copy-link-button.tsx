import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { Button, type ButtonProps } from '../../../../components/ui/button';
import { CheckIcon } from '../../../../components/ui/icons';
import styles from './payment-links.module.css';

/** How long "Copied" stays beside the button. */
const COPIED_MS = 4000;

/**
 * Copies a payment link's address for the operator to paste (a chat, a message), and says so beside the
 * button, where a screen reader hears it too.
 */
export function CopyLinkButton({
  url,
  children = 'Copy link',
  ref,
  ...button
}: { url: string; children?: ReactNode; ref?: Ref<HTMLButtonElement> } & Pick<
  ButtonProps,
  'size' | 'variant'
>) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <span className={styles.copy}>
      <Button ref={ref} variant="secondary" {...button} onClick={() => void copy()}>
        {children}
      </Button>
      <span role="status" className={outcome === 'failed' ? styles.copyFailed : styles.copied}>
        {outcome === 'copied' && (
          <>
            <CheckIcon size={16} />
            Copied
          </>
        )}
        {outcome === 'failed' && 'This browser did not allow copying'}
      </span>
    </span>
  );
}
