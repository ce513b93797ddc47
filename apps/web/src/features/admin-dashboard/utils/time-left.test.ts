import { describe, expect, it } from 'vitest';
import { authorizationTimeLeft } from './time-left';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('authorizationTimeLeft', () => {
  it('counts days and hours while more than a day is left', () => {
    expect(authorizationTimeLeft(at(7 * DAY - 1), NOW)).toMatchObject({
      text: '6d 23h left',
      expiringSoon: false,
    });
    expect(authorizationTimeLeft(at(DAY), NOW)).toMatchObject({ text: '1d 0h left', expiringSoon: false });
  });

  it('flags the last 24 hours and counts hours and minutes', () => {
    expect(authorizationTimeLeft(at(DAY - 1), NOW)).toMatchObject({
      text: '23h 59m left',
      expiringSoon: true,
    });
    expect(authorizationTimeLeft(at(5 * HOUR + 12 * MINUTE + 30_000), NOW)).toMatchObject({
      text: '5h 12m left',
      expiringSoon: true,
    });
    expect(authorizationTimeLeft(at(42 * MINUTE), NOW)).toMatchObject({
      text: '42m left',
      expiringSoon: true,
    });
    expect(authorizationTimeLeft(at(20_000), NOW)).toMatchObject({ text: '<1m left', expiringSoon: true });
  });

  it('says Expired once the time is up, and Unknown for a bad date', () => {
    expect(authorizationTimeLeft(at(0), NOW)).toMatchObject({
      text: 'Expired',
      expired: true,
      expiringSoon: false,
    });
    expect(authorizationTimeLeft(at(-HOUR), NOW)).toMatchObject({ text: 'Expired', expired: true });
    expect(authorizationTimeLeft('not a date', NOW)).toMatchObject({ text: 'Unknown', expired: false });
  });
});
