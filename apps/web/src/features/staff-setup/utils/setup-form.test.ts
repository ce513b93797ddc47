import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '@store/core';
import { describe, expect, it } from 'vitest';
import { setupPasswordProblem, setupTokenOf } from './setup-form';

describe('setupTokenOf', () => {
  it('reads the token from the fragment', () => {
    const token = 'Ab3_-x'.repeat(7).slice(0, 43);
    expect(setupTokenOf(`#${token}`)).toBe(token);
    expect(setupTokenOf(token)).toBe(token);
  });

  it('is null without a fragment, and empty for one that cannot be a token', () => {
    expect(setupTokenOf('')).toBeNull();
    expect(setupTokenOf('#')).toBeNull();
    expect(setupTokenOf('#not a token')).toBe('');
    expect(setupTokenOf('#abc%20def')).toBe('');
    expect(setupTokenOf(`#${'a'.repeat(201)}`)).toBe('');
  });
});

describe('setupPasswordProblem', () => {
  const long = 'correct horse battery';

  it('asks for the store’s length first', () => {
    expect(setupPasswordProblem('x'.repeat(STAFF_PASSWORD_MIN_LENGTH - 1), '')).toEqual({
      field: 'password',
      message: STAFF_MESSAGES.passwordTooShort,
    });
    expect(setupPasswordProblem('', '')?.field).toBe('password');
  });

  it('then the same password twice', () => {
    expect(setupPasswordProblem(long, `${long} `)).toEqual({
      field: 'confirm',
      message: STAFF_MESSAGES.passwordsDiffer,
    });
    expect(setupPasswordProblem(long, long)).toBeNull();
    expect(
      setupPasswordProblem('x'.repeat(STAFF_PASSWORD_MIN_LENGTH), 'x'.repeat(STAFF_PASSWORD_MIN_LENGTH)),
    ).toBeNull();
  });
});
