import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from './long-date';

describe('formatLongDateTime', () => {
  it('writes the date in words and the time to the minute', () => {
    expect(formatLongDateTime('2026-03-03T10:04:59Z', 'en-US')).toMatch(
      /^March [2-4], 2026 at \d{1,2}:\d{2}\s[AP]M$/,
    );
  });

  it('gives back text that is not a date as it came', () => {
    expect(formatLongDateTime('not a date', 'en-US')).toBe('not a date');
  });
});
