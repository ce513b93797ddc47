import { PASSKEY_MESSAGES, STAFF_FACTOR_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { PasskeyPromptError } from '../../../../lib/passkeys';
import { passkeyDates, passkeyOutcomeText } from './passkey-texts';

const refused = (status: number, message: string | null, error: string | null = null) =>
  new ApiError(message ?? `Server returned ${status} status code`, 'http', status, message, error);

describe('passkeyOutcomeText', () => {
  it('says a closed prompt added or confirmed nothing, without an error look', () => {
    expect(passkeyOutcomeText(new PasskeyPromptError('cancelled'), 'add')).toEqual({
      tone: 'notice',
      text: 'No passkey was added: the browser’s passkey window was closed before it finished.',
    });
    expect(passkeyOutcomeText(new PasskeyPromptError('cancelled'), 'confirm')).toEqual({
      tone: 'notice',
      text: 'Nothing was confirmed: the browser’s passkey window was closed before it finished.',
    });
    expect(passkeyOutcomeText(new PasskeyPromptError('already-added'), 'add').tone).toBe('notice');
    expect(passkeyOutcomeText(new PasskeyPromptError('failed'), 'add').tone).toBe('problem');
  });

  it("gives the store's refusal as it worded it", () => {
    expect(passkeyOutcomeText(refused(409, PASSKEY_MESSAGES.alreadyAdded), 'add')).toEqual({
      tone: 'problem',
      text: PASSKEY_MESSAGES.alreadyAdded,
    });
    expect(passkeyOutcomeText(refused(400, PASSKEY_MESSAGES.notRecognised), 'confirm').text).toBe(
      PASSKEY_MESSAGES.notRecognised,
    );
    expect(passkeyOutcomeText(refused(404, PASSKEY_MESSAGES.notFound), 'remove').text).toBe(
      PASSKEY_MESSAGES.notFound,
    );
  });

  it('says a removal stopped at "Confirm it is you" removed nothing, whatever factor the person has', () => {
    expect(
      passkeyOutcomeText(refused(403, STAFF_FACTOR_MESSAGES.stepUp, 'step_up_required'), 'remove'),
    ).toEqual({
      tone: 'notice',
      text: 'The passkey was not removed: removing one asks you to confirm it is you first.',
    });
  });

  it('falls back to words of its own when the store gave none', () => {
    expect(passkeyOutcomeText(refused(500, null), 'add').text).toBe('Failed to add the passkey');
    expect(passkeyOutcomeText(refused(500, null), 'remove').text).toBe('Failed to remove the passkey');
    expect(passkeyOutcomeText(new Error('boom'), 'confirm').text).toBe('Failed to confirm');
    const offline = new ApiError('Could not reach the server.', 'network');
    expect(passkeyOutcomeText(offline, 'add')).toEqual({ tone: 'problem', text: offline.message });
  });
});

describe('passkeyDates', () => {
  it('says when it was added, and when last used or that it was not yet', () => {
    const added = '2026-11-28T14:05:00';
    expect(passkeyDates({ addedAt: added, lastUsedAt: null })).toEqual({
      added: 'Added Nov 28, 2026, 2:05 PM',
      used: 'Not used yet',
    });
    expect(passkeyDates({ addedAt: added, lastUsedAt: '2026-12-01T09:30:00' }).used).toBe(
      'Last used Dec 1, 2026, 9:30 AM',
    );
  });
});
