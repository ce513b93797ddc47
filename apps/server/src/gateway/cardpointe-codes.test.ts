import { describe, expect, it } from 'vitest';
import { authorizationAnswerOf, avsResultOf, cvvResultOf, DECLINE_ADVICE_TEXT } from './cardpointe-codes';

describe('avsResultOf', () => {
  it.each([
    ['Y', 'match'],
    ['X', 'match'],
    ['D', 'match'],
    ['M', 'match'],
    ['A', 'partial'],
    ['Z', 'partial'],
    ['W', 'partial'],
    ['P', 'partial'],
    ['N', 'no_match'],
    ['U', 'not_checked'],
    ['R', 'not_checked'],
    ['S', 'not_checked'],
    ['G', 'not_checked'],
    ['E', 'not_checked'],
  ] as const)('reads %s as %s', (code, result) => {
    const answer = avsResultOf(code);
    expect(answer.result).toBe(result);
    expect(answer.label.length).toBeLessThanOrEqual(32);
    expect(answer.detail).toMatch(/\.$/);
  });

  it('labels the badges in plain words', () => {
    expect(avsResultOf('Y').label).toBe('Address and ZIP match');
    expect(avsResultOf('Z').label).toBe('ZIP matches, address does not');
    expect(avsResultOf('A').label).toBe('Address matches, ZIP does not');
    expect(avsResultOf('N').label).toBe('Address and ZIP do not match');
  });

  it('reads no code, a blank one and an unknown one as not checked', () => {
    expect(avsResultOf(undefined)).toMatchObject({ result: 'not_checked', label: 'Address not checked' });
    expect(avsResultOf(null).result).toBe('not_checked');
    expect(avsResultOf(' ').result).toBe('not_checked');
    expect(avsResultOf('I7')).toMatchObject({ result: 'not_checked' });
    expect(avsResultOf('I7').detail).toContain('I7');
  });

  it('takes lower-case codes and spaces around them', () => {
    expect(avsResultOf(' y ').result).toBe('match');
  });
});

describe('cvvResultOf', () => {
  it.each([
    ['M', 'match', 'CVV matches'],
    ['N', 'no_match', 'CVV does not match'],
    ['P', 'not_checked', 'CVV not checked'],
    ['S', 'not_checked', 'CVV not checked'],
    ['U', 'not_checked', 'CVV not checked'],
    ['X', 'not_checked', 'CVV not checked'],
    ['', 'not_checked', 'CVV not checked'],
    [undefined, 'not_checked', 'CVV not checked'],
    ['Q', 'not_checked', 'CVV not checked'],
  ] as const)('reads %j as %s', (code, result, label) => {
    expect(cvvResultOf(code)).toMatchObject({ result, label });
  });
});

describe('authorizationAnswerOf', () => {
  it('reads approvals, whole and partial', () => {
    expect(authorizationAnswerOf({ respproc: 'RPCT', respcode: '00', resptext: 'Approval' })).toEqual({
      approved: true,
      meaning: 'Approved.',
    });
    expect(authorizationAnswerOf({ respproc: 'RPCT', respcode: '000' }).approved).toBe(true);
    expect(authorizationAnswerOf({ respproc: 'FNOR', respcode: '10' })).toMatchObject({
      approved: true,
      meaning: 'Approved for part of the amount only.',
    });
  });

  // The declines the sandbox gives: its test cards, and amount-driven codes ($1000–$1999).
  it.each([
    ['RPCT', '05', 'Do not honor', 'retry_later', /without giving a reason/],
    ['RPCT', '54', 'Expired card', 'fix_and_retry', /expired/],
    ['RPCT', '51', 'Insufficient funds', 'retry_later', /Not enough money/],
    ['PPS', '62', 'Timed out', 'retry_later', /did not answer in time/],
    ['RPCT', '005', 'Do not honor', 'retry_later', /without giving a reason/],
    ['RPCT', '014', 'Invalid card number', 'fix_and_retry', /card number/],
    ['RPCT', '041', 'Lost card', 'do_not_retry', /lost or stolen/],
    ['RPCT', '043', 'Stolen card', 'do_not_retry', /lost or stolen/],
    ['RPCT', '057', 'Transaction not permitted', 'do_not_retry', /may not be used/],
    ['RPCT', '061', 'Exceeds withdrawal limit', 'retry_later', /limit/],
    ['RPCT', '065', 'Activity limit exceeded', 'retry_later', /limit/],
    ['RPCT', '102', 'Suspected fraud', 'do_not_retry', /fraud/],
    ['RPCT', '104', 'Restricted card', 'do_not_retry', /may not be used/],
    ['RPCT', '107', 'Call for authorization', 'retry_later', /call them/],
    ['RPCT', '110', 'Invalid amount', 'fix_and_retry', /amount/],
    ['RPCT', '116', 'Not sufficient funds', 'retry_later', /Not enough money/],
    ['RPCT', '114', 'Invalid account type', 'fix_and_retry', /bank account/],
    [
      'PSTR',
      '99',
      'The RoutingNumber (036001809) is not a valid Routing Number.',
      'fix_and_retry',
      /routing/,
    ],
    ['PPS', '11', 'Invalid card number', 'fix_and_retry', /card number/],
    ['PPS', '33', 'Unknown card type', 'do_not_retry', /kind of card/],
    ['PPS', '98', 'Invalid token', 'fix_and_retry', /token/],
    ['PPS', '21', 'Invalid merchant ID', 'fix_and_retry', /merchant account/],
    ['PPS', '32', 'Wrong currency for merch', 'fix_and_retry', /merchant account/],
    ['PPS', '37', 'CVV mismatch', 'fix_and_retry', /security code/],
  ] as const)('reads %s %s “%s” as %s', (respproc, respcode, resptext, advice, meaning) => {
    const answer = authorizationAnswerOf({ respproc, respcode, resptext });
    expect(answer).toMatchObject({ approved: false, advice, adviceText: DECLINE_ADVICE_TEXT[advice] });
    expect(answer.meaning).toMatch(meaning);
  });

  it('reads the code and the text alone, as the store keeps them, without the processor', () => {
    expect(authorizationAnswerOf({ respcode: '05', resptext: 'Do not honor' }).advice).toBe('retry_later');
    expect(authorizationAnswerOf({ respcode: '54', resptext: 'Expired card' }).advice).toBe('fix_and_retry');
    // 28 is "Please retry" at First Data North and "Txn not settled" at the gateway: the text tells.
    expect(authorizationAnswerOf({ respcode: '28', resptext: 'Please retry' }).advice).toBe('retry_later');
    // A code only one processor uses is known without its text.
    expect(authorizationAnswerOf({ respcode: 'NU' }).meaning).toMatch(/Not enough money/);
  });

  it('gives the processor’s meaning of a code before the text’s', () => {
    expect(authorizationAnswerOf({ respproc: 'FNOR', respcode: '14', resptext: 'whatever' }).meaning).toMatch(
      /card number/,
    );
  });

  it('does not advise retrying a decline it does not know', () => {
    const answer = authorizationAnswerOf({ respproc: 'XYZ', respcode: 'Q9', resptext: 'Odd answer' });
    expect(answer).toMatchObject({ approved: false, advice: 'do_not_retry' });
    expect(answer.meaning).toContain('Q9');
    expect(answer.meaning).toContain('Odd answer');
    expect(authorizationAnswerOf({ respcode: '' }).meaning).toContain('code none');
  });
});
