import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format-date';
import { isLocked, staffStatusText } from './staff-status';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

const active = { status: 'active', disabledReason: null, setupExpiresAt: null, lockedUntil: null } as const;

describe('staffStatusText', () => {
  it('reads Active for a person who set their password', () => {
    expect(staffStatusText(active, NOW)).toEqual({ label: 'Active', tone: 'success', detail: null });
  });

  it('reads Invited with until when the link works, or that it expired', () => {
    const invited = { ...active, status: 'invited' as const, setupExpiresAt: at(47 * HOUR) };
    expect(staffStatusText(invited, NOW)).toEqual({
      label: 'Invited',
      tone: 'info',
      detail: `link until ${formatDateTime(at(47 * HOUR))}`,
    });
    expect(staffStatusText({ ...invited, setupExpiresAt: at(-1) }, NOW)).toMatchObject({
      label: 'Invited',
      detail: 'link expired',
    });
    expect(staffStatusText({ ...invited, setupExpiresAt: null }, NOW).detail).toBe('link expired');
  });

  it('reads Disabled with the reason, before a lock or an invitation', () => {
    const disabled = { ...active, status: 'disabled' as const, disabledReason: 'Unused for 90 days' };
    expect(staffStatusText({ ...disabled, lockedUntil: at(HOUR) }, NOW)).toEqual({
      label: 'Disabled',
      tone: 'neutral',
      detail: 'Unused for 90 days',
    });
    expect(staffStatusText({ ...disabled, disabledReason: '  ' }, NOW).detail).toBeNull();
  });

  it('reads Locked until when, while the lock lasts', () => {
    expect(staffStatusText({ ...active, lockedUntil: at(HOUR) }, NOW)).toEqual({
      label: 'Locked',
      tone: 'danger',
      detail: `until ${formatDateTime(at(HOUR))}`,
    });
    expect(staffStatusText({ ...active, lockedUntil: at(-1) }, NOW).label).toBe('Active');
  });
});

describe('isLocked', () => {
  it('is true only while the lock lasts', () => {
    expect(isLocked({ lockedUntil: at(1) }, NOW)).toBe(true);
    expect(isLocked({ lockedUntil: at(0) }, NOW)).toBe(false);
    expect(isLocked({ lockedUntil: null }, NOW)).toBe(false);
  });
});
