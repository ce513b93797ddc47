import { STAFF_IDLE_WARNING_SECONDS } from '@store/core';
import type { AdminSessionLapse } from '../../../lib/admin-session';

/**
 * The console's idle rules (decision 057; PCI DSS 4.0.1 8.2.8): the server ends a session after its idle
 * limit (`idleSeconds`, from `GET /api/admin/session`); the console warns a minute before and, at the limit,
 * asks for the password over the page. Pure: the caller passes the clock.
 */

/** Where an idle person stands: working, warned, or past the session's idle limit. */
export type IdlePhase = 'active' | 'warning' | 'ended';

/** A session without an idle limit (`idleSeconds` null) never warns nor ends for idleness. */
export function idlePhase(idleMs: number, idleSeconds: number | null): IdlePhase {
  if (idleSeconds === null) return 'active';
  const limitMs = idleSeconds * 1000;
  if (idleMs >= limitMs) return 'ended';
  if (idleMs >= limitMs - STAFF_IDLE_WARNING_SECONDS * 1000) return 'warning';
  return 'active';
}

/** Whole seconds before the session ends, rounded up (the last second reads 1, never 0 while time is left). */
export function idleSecondsLeft(idleMs: number, idleSeconds: number): number {
  return Math.max(0, Math.ceil((idleSeconds * 1000 - idleMs) / 1000));
}

/** "0:59", "1:00". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The moments a screen reader is told how long is left; the dialog itself says it when it opens. */
const ANNOUNCED_AT_SECONDS = [10, 30] as const;

/**
 * The countdown as a polite live region says it: its words change only at 30 and 10 seconds, so a screen
 * reader speaks twice, not every second. Before 30 seconds its words are there to be read, not spoken: the
 * dialog said the time left when it opened.
 */
export function countdownAnnouncement(secondsLeft: number): string {
  const mark = ANNOUNCED_AT_SECONDS.find((seconds) => secondsLeft <= seconds);
  if (mark === undefined) return 'Less than a minute left before you are signed out.';
  return `${mark} seconds left before you are signed out.`;
}

/** "15 minutes". */
export function idleMinutesText(idleSeconds: number): string {
  const minutes = Math.round(idleSeconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The value of the idle header: whole milliseconds since the person last did something, never negative. */
export function idleHeaderValue(now: number, lastActivityAt: number): string {
  return String(Math.max(0, Math.round(now - lastActivityAt)));
}

/**
 * The server moves a session's last activity only when the move is at least this long (decision 057), so
 * its stored activity may lag the person's by up to this much, and the session can end this much early.
 */
const SERVER_ACTIVITY_STEP_MS = 5_000;

/** Activity the server has not heard of is told at most this late, by a call of its own if need be. */
const KEEP_ALIVE_AFTER_MS = 60_000;

export interface IdleClock {
  now: number;
  /** When the person last did something (in this tab or another of the console's). */
  lastActivityAt: number;
  /** The latest activity a console call has told the server of. */
  reportedActivityAt: number;
}

/**
 * Whether the console should tell the server now that its person is there (a call of its own): they did
 * something the server has not heard of, and the server's view is a minute old. A page whose lists refresh
 * by themselves tells it with every refresh and never needs this; a page that makes no calls while its
 * person types a long note does, or the server would count them idle.
 */
export function needsKeepAlive({ now, lastActivityAt, reportedActivityAt }: IdleClock): boolean {
  return (
    lastActivityAt - reportedActivityAt >= SERVER_ACTIVITY_STEP_MS &&
    now - reportedActivityAt >= KEEP_ALIVE_AFTER_MS
  );
}

/**
 * Why a call was refused (401): past or within the server's step of the idle limit, the person was idle
 * that long; otherwise the session ended for another reason (signed out in another tab, say).
 */
export function lapseReasonOf(idleMs: number, idleSeconds: number | null): AdminSessionLapse {
  if (idleSeconds !== null && idleMs >= idleSeconds * 1000 - 2 * SERVER_ACTIVITY_STEP_MS) return 'idle';
  return 'ended';
}
