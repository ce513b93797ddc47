import type { StaffMember } from '@store/core';
import type { BadgeTone } from '../../components/status-badge';
import { formatDateTime } from '../format-date';

export interface StaffStatusText {
  /** The badge's word: Active, Invited, Disabled or Locked. */
  label: 'Active' | 'Invited' | 'Disabled' | 'Locked';
  tone: BadgeTone;
  /** What follows from it, under the badge ("link until Jan 5, 2026, 3:04 PM"); null when nothing does. */
  detail: string | null;
}

/**
 * Where a staff member stands, in the Staff table's words: disabled (and why) before anything else, then
 * locked by failed sign-ins while that lasts, then invited with until when the set-up link works (or that
 * it expired), else active.
 */
export function staffStatusText(
  member: Pick<StaffMember, 'status' | 'disabledReason' | 'setupExpiresAt' | 'lockedUntil'>,
  now: number,
): StaffStatusText {
  if (member.status === 'disabled') {
    const reason = member.disabledReason?.trim();
    return { label: 'Disabled', tone: 'neutral', detail: reason ? reason : null };
  }
  const lockedUntil = member.lockedUntil ? Date.parse(member.lockedUntil) : Number.NaN;
  if (lockedUntil > now) {
    return { label: 'Locked', tone: 'danger', detail: `until ${formatDateTime(member.lockedUntil)}` };
  }
  if (member.status === 'invited') {
    const expires = member.setupExpiresAt ? Date.parse(member.setupExpiresAt) : Number.NaN;
    return expires > now
      ? { label: 'Invited', tone: 'info', detail: `link until ${formatDateTime(member.setupExpiresAt)}` }
      : { label: 'Invited', tone: 'warning', detail: 'link expired' };
  }
  return { label: 'Active', tone: 'success', detail: null };
}

/** Whether failed sign-ins keep the account locked now (Enable unlocks it). */
export function isLocked(member: Pick<StaffMember, 'lockedUntil'>, now: number): boolean {
  return member.lockedUntil !== null && Date.parse(member.lockedUntil) > now;
}
