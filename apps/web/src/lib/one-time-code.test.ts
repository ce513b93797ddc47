import { describe, expect, it } from 'vitest';
import { ONE_TIME_CODE_TEXTS, oneTimeCodeProblem, typedOneTimeCode } from './one-time-code';

describe('typedOneTimeCode', () => {
  it('keeps the digits of an authenticator code, six at most', () => {
    expect(typedOneTimeCode('authenticator', '123 456')).toBe('123456');
    expect(typedOneTimeCode('authenticator', ' 12-34-56 ')).toBe('123456');
    expect(typedOneTimeCode('authenticator', '1234567')).toBe('123456');
    expect(typedOneTimeCode('authenticator', 'abc')).toBe('');
  });

  it('keeps a recovery code as typed, within the length the store reads', () => {
    expect(typedOneTimeCode('recovery', ' ABCDE-fgh23 ')).toBe(' ABCDE-fgh23 ');
    expect(typedOneTimeCode('recovery', 'x'.repeat(60))).toHaveLength(40);
  });
});

describe('oneTimeCodeProblem', () => {
  it('asks for six digits from the authenticator app', () => {
    expect(oneTimeCodeProblem('authenticator', '')).toBe(ONE_TIME_CODE_TEXTS.authenticatorMissing);
    expect(oneTimeCodeProblem('authenticator', '12345')).toBe(ONE_TIME_CODE_TEXTS.authenticatorMissing);
    expect(oneTimeCodeProblem('authenticator', '123456')).toBeNull();
  });

  it('asks for a recovery code when none was typed', () => {
    expect(oneTimeCodeProblem('recovery', '   ')).toBe(ONE_TIME_CODE_TEXTS.recoveryMissing);
    expect(oneTimeCodeProblem('recovery', 'abcde-fgh23')).toBeNull();
  });
});
