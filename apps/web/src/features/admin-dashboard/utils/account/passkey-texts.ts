import type { Passkey } from '@store/core';
import { PasskeyPromptError, passkeyPromptText, type PasskeyPurpose } from '../../../../lib/passkeys';
import { failureText } from '../admin-errors';
import { formatDateTime } from '../format-date';
import { secondFactorNeedOf } from './second-factor-prompt';

/** What the console says after a passkey action that did not go through, and how it looks. */
export interface PasskeyOutcomeText {
  /** `notice`: nothing happened, as the person chose (a closed prompt); `problem`: it failed. */
  tone: 'notice' | 'problem';
  text: string;
}

const FALLBACKS = {
  add: 'Failed to add the passkey',
  remove: 'Failed to remove the passkey',
  confirm: 'Failed to confirm',
} as const;

/**
 * The words for a passkey action of Your account or "Confirm it is you" that failed: the browser's prompt
 * closed or unable (in plain words, see `passkeyPromptText`), a removal whose "Confirm it is you" was
 * cancelled, or the store's refusal as it worded it.
 */
export function passkeyOutcomeText(error: unknown, action: 'add' | 'remove' | 'confirm'): PasskeyOutcomeText {
  if (error instanceof PasskeyPromptError) {
    const purpose: PasskeyPurpose = action === 'add' ? 'add' : 'confirm';
    return passkeyPromptText(error.reason, purpose);
  }
  if (action === 'remove' && secondFactorNeedOf(error) === 'step-up') {
    return {
      tone: 'notice',
      text: 'The passkey was not removed: removing one asks you to confirm it is you first.',
    };
  }
  return { tone: 'problem', text: failureText(error, FALLBACKS[action]) };
}

/** "Added Nov 28, 2026, 2:00 PM" and "Last used …" or "Not used yet", for the list of passkeys. */
export function passkeyDates(passkey: Pick<Passkey, 'addedAt' | 'lastUsedAt'>): {
  added: string;
  used: string;
} {
  return {
    added: `Added ${formatDateTime(passkey.addedAt)}`,
    used: passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet',
  };
}
