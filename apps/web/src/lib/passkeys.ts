import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type * as WebAuthn from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (WebAuthn, decision 059), with SimpleWebAuthn: the options come from the
 * store, the browser asks the person (fingerprint, face, device PIN or security key), and its answer goes
 * back to the store as it is. The library is fetched the first time a passkey prompt opens, never with the
 * storefront or before a person asks for a passkey.
 */

/** Whether this browser has WebAuthn at all: without it, no passkey button is offered. */
export function passkeysSupported(scope: { PublicKeyCredential?: unknown } = globalThis): boolean {
  return typeof scope.PublicKeyCredential === 'function';
}

/** Why the browser's passkey prompt gave no passkey. */
export type PasskeyPromptFailure =
  /** The person closed the prompt, or let it time out (browsers tell the two apart to nobody). */
  | 'cancelled'
  /** Adding: this device already holds one of the person's passkeys for the store. */
  | 'already-added'
  /** The browser or the device could not do it (no authenticator, not allowed here, not loaded). */
  | 'failed';

/** The browser's prompt ended without a passkey; `reason` says why, in words a caller chooses. */
export class PasskeyPromptError extends Error {
  override readonly name = 'PasskeyPromptError';

  constructor(
    readonly reason: PasskeyPromptFailure,
    options?: { cause?: unknown },
  ) {
    super(`The passkey prompt ended: ${reason}`, options);
  }
}

/**
 * What a failed WebAuthn call means for the person. The browser names its errors (DOMException names;
 * SimpleWebAuthn keeps the name and adds a code): `NotAllowedError` is a closed or timed-out prompt, an
 * `AbortError` a prompt another one replaced, `InvalidStateError` on adding a device that already holds
 * one of the person's passkeys (the store lists them to be excluded).
 */
export function passkeyPromptFailureOf(error: unknown): PasskeyPromptFailure {
  if (typeof error !== 'object' || error === null) return 'failed';
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'cancelled';
  }
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'already-added';
  }
  return 'failed';
}

async function prompted<T>(run: (webAuthn: typeof WebAuthn) => Promise<T>): Promise<T> {
  let webAuthn: typeof WebAuthn;
  try {
    webAuthn = await import('@simplewebauthn/browser');
  } catch (cause) {
    throw new PasskeyPromptError('failed', { cause });
  }
  try {
    return await run(webAuthn);
  } catch (cause) {
    throw new PasskeyPromptError(passkeyPromptFailureOf(cause), { cause });
  }
}

/** Asks the browser to make a new passkey for the store's options; fails with a {@link PasskeyPromptError}. */
export function createPasskey(options: unknown): Promise<RegistrationResponseJSON> {
  return prompted((webAuthn) =>
    webAuthn.startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
  );
}

/** Asks the browser to sign the store's challenge with a passkey; fails with a {@link PasskeyPromptError}. */
export function signWithPasskey(options: unknown): Promise<AuthenticationResponseJSON> {
  return prompted((webAuthn) =>
    webAuthn.startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
  );
}

/** What the person was doing with the passkey, for the words said when the prompt gave none. */
export type PasskeyPurpose = 'add' | 'sign-in' | 'confirm';

/**
 * What the page says when the browser's prompt gave no passkey, and how: `notice` for a prompt the person
 * closed (nothing happened, no error about it), `problem` for what failed.
 */
export function passkeyPromptText(
  failure: PasskeyPromptFailure,
  purpose: PasskeyPurpose,
): { tone: 'notice' | 'problem'; text: string } {
  if (failure === 'cancelled') {
    const text = {
      add: 'No passkey was added: the browser’s passkey window was closed before it finished.',
      'sign-in': 'You are not signed in: the browser’s passkey window was closed before it finished.',
      confirm: 'Nothing was confirmed: the browser’s passkey window was closed before it finished.',
    }[purpose];
    return { tone: 'notice', text };
  }
  if (failure === 'already-added' && purpose === 'add') {
    return { tone: 'notice', text: 'This device already holds one of your passkeys: nothing was added.' };
  }
  const text = {
    add: 'This browser could not make a passkey. Try again, or add one from another device.',
    'sign-in': 'This browser could not use a passkey. Try again, or sign in with your password.',
    confirm: 'This browser could not use a passkey. Try again.',
  }[purpose];
  return { tone: 'problem', text };
}
