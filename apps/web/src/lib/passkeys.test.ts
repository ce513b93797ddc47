import { describe, expect, it } from 'vitest';
import {
  PasskeyPromptError,
  passkeyPromptFailureOf,
  passkeyPromptText,
  passkeysSupported,
  type PasskeyPurpose,
} from './passkeys';

/** A failure as the browser reports it (a DOMException of that name). */
const browserError = (name: string) => new DOMException('The operation failed.', name);
/** As SimpleWebAuthn rethrows it: the browser's name kept, its own code added. */
const wrapped = (name: string, code: string) => Object.assign(new Error('wrapped'), { name, code });

const PURPOSES: PasskeyPurpose[] = ['add', 'sign-in', 'confirm'];

describe('passkeysSupported', () => {
  it('is true only where the browser has WebAuthn (PublicKeyCredential)', () => {
    expect(passkeysSupported({ PublicKeyCredential: class {} })).toBe(true);
    expect(passkeysSupported({})).toBe(false);
    expect(passkeysSupported({ PublicKeyCredential: undefined })).toBe(false);
  });
});

describe('passkeyPromptFailureOf', () => {
  it('reads a closed or timed-out prompt, and one another prompt replaced, as cancelled', () => {
    expect(passkeyPromptFailureOf(browserError('NotAllowedError'))).toBe('cancelled');
    expect(passkeyPromptFailureOf(wrapped('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(
      'cancelled',
    );
    expect(passkeyPromptFailureOf(browserError('AbortError'))).toBe('cancelled');
    expect(passkeyPromptFailureOf(wrapped('Error', 'ERROR_CEREMONY_ABORTED'))).toBe('cancelled');
  });

  it('reads a device that already holds one of the passkeys as already added', () => {
    expect(passkeyPromptFailureOf(browserError('InvalidStateError'))).toBe('already-added');
    expect(
      passkeyPromptFailureOf(wrapped('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')),
    ).toBe('already-added');
  });

  it('reads anything else as failed', () => {
    expect(passkeyPromptFailureOf(browserError('SecurityError'))).toBe('failed');
    expect(passkeyPromptFailureOf(browserError('NotSupportedError'))).toBe('failed');
    expect(passkeyPromptFailureOf(new Error('WebAuthn is not supported in this browser'))).toBe('failed');
    expect(passkeyPromptFailureOf(new TypeError('Failed to fetch dynamically imported module'))).toBe(
      'failed',
    );
    expect(passkeyPromptFailureOf('nonsense')).toBe('failed');
    expect(passkeyPromptFailureOf(null)).toBe('failed');
  });

  it('keeps the reason on the error the prompt fails with', () => {
    const error = new PasskeyPromptError('cancelled', { cause: browserError('NotAllowedError') });
    expect(error.reason).toBe('cancelled');
    expect(error).toBeInstanceOf(Error);
  });
});

describe('passkeyPromptText', () => {
  it('says in plain words that nothing happened when the prompt was closed, as a notice', () => {
    expect(passkeyPromptText('cancelled', 'add')).toEqual({
      tone: 'notice',
      text: 'No passkey was added: the browser’s passkey window was closed before it finished.',
    });
    expect(passkeyPromptText('cancelled', 'sign-in').text).toMatch(/^You are not signed in/);
    expect(passkeyPromptText('cancelled', 'confirm').text).toMatch(/^Nothing was confirmed/);
    for (const purpose of PURPOSES) expect(passkeyPromptText('cancelled', purpose).tone).toBe('notice');
  });

  it('says a device already holding a passkey added nothing, as a notice', () => {
    expect(passkeyPromptText('already-added', 'add')).toEqual({
      tone: 'notice',
      text: 'This device already holds one of your passkeys: nothing was added.',
    });
  });

  it('says what to do instead when the browser could not, as a problem', () => {
    expect(passkeyPromptText('failed', 'add')).toEqual({
      tone: 'problem',
      text: 'This browser could not make a passkey. Try again, or add one from another device.',
    });
    expect(passkeyPromptText('failed', 'sign-in').text).toMatch(/sign in with your password\.$/);
    expect(passkeyPromptText('failed', 'confirm').tone).toBe('problem');
    // Only adding can meet a device that holds one already; elsewhere it is a failure like any.
    expect(passkeyPromptText('already-added', 'sign-in').tone).toBe('problem');
  });
});
