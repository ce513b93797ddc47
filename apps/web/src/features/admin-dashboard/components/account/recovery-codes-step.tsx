import type { RecoveryCodesResponse } from '@store/core';
import { useEffect, useRef } from 'react';
import { buttonClassName } from '../../../../components/ui/button';
import { ArrowDownIcon, CheckCircleIcon } from '../../../../components/ui/icons';
import { SITE } from '../../../../config/site';
import { recoveryCodesFileName, recoveryCodesText } from '../../utils/account/authenticator-key';
import { CopyLinkButton } from '../orders/copy-link-button';
import dialog from '../dialog.module.css';
import styles from './account.module.css';

export interface RecoveryCodesStepProps {
  username: string;
  answer: RecoveryCodesResponse;
  /** When the store made them (for the kept file). */
  madeAt: Date;
}

/**
 * Ten recovery codes, shown this once (decision 059): each signs in once instead of the app's code, for
 * the day the phone is lost. Copy and Download as text, and the words to keep them safe. The keyboard
 * starts on Copy.
 */
export function RecoveryCodesStep({ username, answer, madeAt }: RecoveryCodesStepProps) {
  const copyRef = useRef<HTMLButtonElement>(null);
  // The keyboard on Copy; the page stays at its top, where the words to keep them safe are.
  useEffect(() => copyRef.current?.focus({ preventScroll: true }), []);
  const text = recoveryCodesText({ storeName: SITE.fullName, username, codes: answer.recoveryCodes, madeAt });
  return (
    <div className={dialog.stack}>
      <p className={styles.done} role="status">
        <CheckCircleIcon size={20} />
        <span>{answer.message}</span>
      </p>
      <div className={dialog.note}>
        <p>
          <strong>Shown once.</strong> If you lose your phone, each code signs you in once instead of the
          app’s code. Keep them somewhere safe, such as a password manager or a printout in a locked drawer;
          anyone with them and your password can sign in as you.
        </p>
      </div>
      <ol className={styles.codes} aria-label="Recovery codes">
        {answer.recoveryCodes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <div className={styles.codeActions}>
        <CopyLinkButton url={text} ref={copyRef}>
          Copy
        </CopyLinkButton>
        <a
          className={buttonClassName({ variant: 'secondary' })}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={recoveryCodesFileName(SITE.fullName, username)}
        >
          <ArrowDownIcon size={16} />
          Download as text
        </a>
      </div>
    </div>
  );
}
