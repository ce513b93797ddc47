import { Fragment } from 'react';
import type { AuthenticatorSetupResponse } from '@store/core';
import { keyGroups } from '../../utils/account/authenticator-key';
import { CopyLinkButton } from '../orders/copy-link-button';
import { CodeStep } from './code-step';
import { QrCode } from './qr-code';
import styles from './account.module.css';

export interface AuthenticatorSetupStepProps {
  formId: string;
  setup: AuthenticatorSetupResponse;
  /** The app's first code: it proves the app holds the key. */
  confirm: (code: string) => Promise<void>;
  busy: boolean;
}

/**
 * Adding an authenticator app (decision 059): its QR code to scan, the same key written out in groups of
 * four for whoever types it, and the first code the app shows, which turns it on.
 */
export function AuthenticatorSetupStep({ formId, setup, confirm, busy }: AuthenticatorSetupStepProps) {
  return (
    <CodeStep
      formId={formId}
      send={confirm}
      busy={busy}
      fallback="Failed to set up the app"
      recoveryAllowed={false}
      // The QR code and the key come first: the dialog keeps the keyboard, and Tab reaches the field.
      autoFocus={false}
    >
      <div className={styles.steps}>
        <div className={styles.step}>
          <p className={styles.stepTitle}>Scan this QR code with an authenticator app on your phone.</p>
          <div className={styles.qrFrame}>
            <QrCode text={setup.uri} label="QR code of the key below, for your authenticator app" />
          </div>
        </div>
        <div className={styles.step}>
          <p className={styles.stepTitle}>Cannot scan it? Type this key in the app instead:</p>
          <p className={styles.key}>
            <span className="visually-hidden">Key: </span>
            {keyGroups(setup.secret).map((group, index) => (
              <Fragment key={index}>
                {index > 0 && ' '}
                <span className={styles.keyGroup}>{group}</span>
              </Fragment>
            ))}
          </p>
          <p className={styles.stepNote}>
            Time-based, 6 digits, a new code every 30 seconds: the app’s usual settings.
          </p>
          <div>
            <CopyLinkButton url={setup.secret} size="small">
              Copy key
            </CopyLinkButton>
          </div>
        </div>
      </div>
    </CodeStep>
  );
}
