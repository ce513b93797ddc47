import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { KeyIcon } from '../../../components/ui/key-icon';
import { Spinner } from '../../../components/ui/spinner';
import { passkeysSupported } from '../../../lib/passkeys';
import type { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import styles from './passkey-sign-in.module.css';

export interface PasskeySignInProps {
  passkey: ReturnType<typeof usePasskeySignIn>;
  /** While another way of signing in runs. */
  disabled?: boolean;
  /** Called as the passkey starts: the other way's message goes. */
  onStart?: () => void;
  label?: string;
  size?: 'medium' | 'large';
}

/**
 * Signing in with a passkey (decision 059), under a sign-in by password: "or", "Use a passkey", and under
 * it what did not work (a closed prompt in plain words, or the store's refusal). Nothing at all in a browser
 * without passkeys (WebAuthn). The button's name does not hold the words "Sign in": that is the password
 * form's button, which people (and the browser tests) look for by that name.
 */
export function PasskeySignIn({
  passkey,
  disabled = false,
  onStart,
  label = 'Use a passkey',
  size = 'large',
}: PasskeySignInProps) {
  const [supported] = useState(() => passkeysSupported());
  if (!supported) return null;
  const { outcome, busy } = passkey;
  return (
    <div className={styles.passkey}>
      <p className={styles.or}>or</p>
      <Button
        variant="secondary"
        size={size}
        block
        onClick={() => {
          onStart?.();
          void passkey.signIn();
        }}
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {busy ? <Spinner /> : <KeyIcon size={18} />}
        {busy ? 'Waiting for the passkey…' : label}
      </Button>
      {outcome?.tone === 'notice' && (
        <p role="status" className={styles.note}>
          {outcome.text}
        </p>
      )}
      {outcome?.tone === 'problem' && <Alert>{outcome.text}</Alert>}
    </div>
  );
}
