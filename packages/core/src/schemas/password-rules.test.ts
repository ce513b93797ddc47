import { describe, expect, it } from 'vitest';
import { newPasswordProblem, registerRequestSchema } from './account';
import { guessablePasswordReason, PASSWORD_REFUSALS } from './password-rules';

describe('passwords a guesser tries first', () => {
  it.each([
    ['aaaaaaaa', PASSWORD_REFUSALS.repeated],
    ['AAAAaaaaAAAA', PASSWORD_REFUSALS.repeated],
    ['        ', PASSWORD_REFUSALS.blank],
    ['\u00a0\u00a0\u3000\u2003        ', PASSWORD_REFUSALS.blank],
    ['abcabcabc', PASSWORD_REFUSALS.repeated],
    ['abcabcab', PASSWORD_REFUSALS.repeated],
    ['passpass', PASSWORD_REFUSALS.repeated],
    ['12121212', PASSWORD_REFUSALS.repeated],
    ['Tr0ub4dTr0ub4dTr0ub4d', PASSWORD_REFUSALS.repeated],
    ['🖊️🖊️🖊️🖊️', PASSWORD_REFUSALS.repeated],
    ['abcdefgh', PASSWORD_REFUSALS.sequence],
    ['ABCDEFGHIJKL', PASSWORD_REFUSALS.sequence],
    ['hgfedcba', PASSWORD_REFUSALS.sequence],
    ['uvwxyzabc', PASSWORD_REFUSALS.sequence],
    ['12345678', PASSWORD_REFUSALS.sequence],
    ['23456789', PASSWORD_REFUSALS.sequence],
    ['987654321', PASSWORD_REFUSALS.sequence],
    ['7890123456', PASSWORD_REFUSALS.sequence],
    ['qwertyui', PASSWORD_REFUSALS.sequence],
    ['QWERTYUIOP', PASSWORD_REFUSALS.sequence],
    ['asdfghjkl;', PASSWORD_REFUSALS.sequence],
    ['zxcvbnm,./', PASSWORD_REFUSALS.sequence],
    ['poiuytre', PASSWORD_REFUSALS.sequence],
    ['1234567890-=', PASSWORD_REFUSALS.sequence],
    ['!@#$%^&*()', PASSWORD_REFUSALS.sequence],
    ['QwErTyUiOp', PASSWORD_REFUSALS.sequence],
  ])('refuses %j', (password, reason) => {
    expect(guessablePasswordReason(password)).toBe(reason);
  });

  it.each([
    'correct horse battery',
    'Tr0ub4dor&3x',
    'paperline-2026-orders',
    'paper clips and staples',
    'a perfectly fine passphrase',
    // A chunk as long as a whole allowed password stands on its own.
    'Tr0ub4dor&3xTr0ub4dor&3x',
    'aaaaaaab',
    'abcdefgz',
    '13579135',
    '1q2w3e4r5t',
    'qwertyuiopasdf',
    '  leading and trailing spaces  ',
    'Zoë Ñúñez 東京 2026',
    'x'.repeat(100) + ' long and plain',
  ])('accepts %j', (password) => {
    expect(guessablePasswordReason(password)).toBeUndefined();
  });

  it('gives the length rule first, then the shape, in the schema the form and the route share', () => {
    expect(newPasswordProblem('aaaa', 'All fields are required')).toBe(
      'Password must be at least 8 characters',
    );
    expect(newPasswordProblem('', 'All fields are required')).toBe('All fields are required');
    expect(newPasswordProblem('abcdefgh', 'All fields are required')).toBe(PASSWORD_REFUSALS.sequence);
    expect(newPasswordProblem('correct horse battery', 'All fields are required')).toBeUndefined();
    const body = { name: 'Ada', email: 'ada@example.com', password: '        ' };
    expect(registerRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(PASSWORD_REFUSALS.blank);
  });
});
