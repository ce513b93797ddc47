import { describe, expect, it } from 'vitest';
import { DECLINE_ADVICE_TEXT } from '../../gateway/cardpointe-codes';
import { failedAttemptOf } from './failed-attempts';

describe('failed attempts: how each ended, and why', () => {
  it('explains a decline by its code, with the advice of the card networks', () => {
    expect(failedAttemptOf({ failure: 'declined', message: 'Do not honor', respcode: '05' }, 'Card')).toEqual(
      {
        outcome: 'declined',
        reason: 'The issuer refused the payment without giving a reason.',
        respcode: '05',
        advice: 'retry_later',
        adviceText: DECLINE_ADVICE_TEXT.retry_later,
        paidWith: 'Card',
      },
    );
    expect(
      failedAttemptOf({ failure: 'declined', message: 'Wrong expiration', respcode: '54' }, 'Card'),
    ).toMatchObject({ outcome: 'declined', advice: 'fix_and_retry' });
    expect(
      failedAttemptOf({ failure: 'declined', message: 'Lost card', respcode: '208' }, 'Card'),
    ).toMatchObject({
      outcome: 'declined',
      advice: 'do_not_retry',
    });
  });

  it('keeps the recorded message of a refusal without a code, and says an approval came too late', () => {
    expect(
      failedAttemptOf({ failure: 'declined', message: 'Invalid token', respcode: null }, 'Card'),
    ).toEqual({
      outcome: 'declined',
      reason: 'Invalid token',
      paidWith: 'Card',
    });
    const late = failedAttemptOf({ failure: 'declined', message: 'Approval', respcode: '00' }, 'Card');
    expect(late.reason).toMatch(/^Approved, but the authorization was voided or had expired/);
    expect(late.advice).toBeUndefined();
  });

  it('tells an abandoned payment page from an answer the store never got, by how it was recorded', () => {
    const nothingPaid = 'No payment was made for this order';
    expect(
      failedAttemptOf({ failure: 'abandoned', message: nothingPaid, respcode: null }, 'Card'),
    ).toMatchObject({
      outcome: 'abandoned',
      reason: expect.stringMatching(/never came back/),
    });
    expect(
      failedAttemptOf({ failure: 'not_confirmed', message: nothingPaid, respcode: null }, 'Card'),
    ).toMatchObject({ outcome: 'not_confirmed', reason: expect.stringMatching(/did not answer in time/) });
    expect(
      failedAttemptOf(
        { failure: 'failed', message: 'The amount paid does not match the order total', respcode: '00' },
        'Card',
      ),
    ).toMatchObject({ outcome: 'failed', reason: 'The amount paid does not match the order total' });
    expect(failedAttemptOf({ failure: 'failed', message: null, respcode: null }, 'Card').reason).toBe(
      'The payment was not completed.',
    );
  });
});
