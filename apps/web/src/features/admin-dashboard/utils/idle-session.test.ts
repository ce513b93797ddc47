import { STAFF_IDLE_MINUTES, STAFF_IDLE_WARNING_SECONDS } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  countdownAnnouncement,
  formatCountdown,
  idleHeaderValue,
  idleMinutesText,
  idlePhase,
  idleSecondsLeft,
  lapseReasonOf,
  needsKeepAlive,
} from './idle-session';

const LIMIT = STAFF_IDLE_MINUTES * 60;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('when an idle console warns and ends', () => {
  it('warns a minute before the limit and ends at it', () => {
    expect(STAFF_IDLE_WARNING_SECONDS).toBe(60);
    expect(idlePhase(0, LIMIT)).toBe('active');
    expect(idlePhase(14 * MINUTE - 1, LIMIT)).toBe('active');
    expect(idlePhase(14 * MINUTE, LIMIT)).toBe('warning');
    expect(idlePhase(15 * MINUTE - 1, LIMIT)).toBe('warning');
    expect(idlePhase(15 * MINUTE, LIMIT)).toBe('ended');
    expect(idlePhase(3 * 60 * MINUTE, LIMIT)).toBe('ended');
  });

  it('follows a shorter limit the store sets', () => {
    expect(idlePhase(59 * SECOND, 120)).toBe('active');
    expect(idlePhase(60 * SECOND, 120)).toBe('warning');
    expect(idlePhase(120 * SECOND, 120)).toBe('ended');
  });

  it('never warns nor ends a session without a limit', () => {
    expect(idlePhase(24 * 60 * MINUTE, null)).toBe('active');
  });
});

describe('the countdown', () => {
  it('counts whole seconds left, rounded up, and never below zero', () => {
    expect(idleSecondsLeft(14 * MINUTE, LIMIT)).toBe(60);
    expect(idleSecondsLeft(14 * MINUTE + 1, LIMIT)).toBe(60);
    expect(idleSecondsLeft(14 * MINUTE + SECOND, LIMIT)).toBe(59);
    expect(idleSecondsLeft(15 * MINUTE - 1, LIMIT)).toBe(1);
    expect(idleSecondsLeft(15 * MINUTE, LIMIT)).toBe(0);
    expect(idleSecondsLeft(16 * MINUTE, LIMIT)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('is told to a screen reader at 30 and 10 seconds only', () => {
    const said = new Set<string>();
    let previous = countdownAnnouncement(60);
    const changes: number[] = [];
    for (let seconds = 60; seconds >= 1; seconds -= 1) {
      const words = countdownAnnouncement(seconds);
      said.add(words);
      if (words !== previous) changes.push(seconds);
      previous = words;
    }
    expect(changes).toEqual([30, 10]);
    expect([...said]).toEqual([
      'Less than a minute left before you are signed out.',
      '30 seconds left before you are signed out.',
      '10 seconds left before you are signed out.',
    ]);
  });

  it('names the limit in minutes', () => {
    expect(idleMinutesText(LIMIT)).toBe('15 minutes');
    expect(idleMinutesText(120)).toBe('2 minutes');
    expect(idleMinutesText(60)).toBe('1 minute');
  });
});

describe('what the console tells the server', () => {
  it('sends whole milliseconds since the last activity, never negative', () => {
    expect(idleHeaderValue(1_000_000, 1_000_000)).toBe('0');
    expect(idleHeaderValue(1_000_000, 999_000)).toBe('1000');
    expect(idleHeaderValue(1_000_000.6, 999_000)).toBe('1001');
    // Another tab's clock a little ahead.
    expect(idleHeaderValue(1_000_000, 1_000_050)).toBe('0');
    // The server reads up to 12 digits: 15 minutes is 6.
    expect(idleHeaderValue(15 * MINUTE, 0)).toMatch(/^\d{1,12}$/);
  });

  it('calls on its own only for activity the server has not heard of, at most once a minute', () => {
    const start = 10 * MINUTE;
    // Lists refreshing by themselves told the server of everything.
    expect(
      needsKeepAlive({ now: start + 5 * MINUTE, lastActivityAt: start, reportedActivityAt: start }),
    ).toBe(false);
    // Typing for a while with no call: told once the server's view is a minute old.
    expect(
      needsKeepAlive({
        now: start + 50 * SECOND,
        lastActivityAt: start + 40 * SECOND,
        reportedActivityAt: start,
      }),
    ).toBe(false);
    expect(
      needsKeepAlive({ now: start + MINUTE, lastActivityAt: start + 40 * SECOND, reportedActivityAt: start }),
    ).toBe(true);
    // Activity within the server's step moves nothing there: not worth a call.
    expect(
      needsKeepAlive({
        now: start + 2 * MINUTE,
        lastActivityAt: start + 4 * SECOND,
        reportedActivityAt: start,
      }),
    ).toBe(false);
    // A key pressed during the warning is told at once.
    expect(
      needsKeepAlive({
        now: start + 14 * MINUTE,
        lastActivityAt: start + 14 * MINUTE,
        reportedActivityAt: start,
      }),
    ).toBe(true);
  });

  it('reads a refusal near the limit as the idle limit, and earlier as a session ended otherwise', () => {
    expect(lapseReasonOf(15 * MINUTE, LIMIT)).toBe('idle');
    // The server may end a session a few seconds early.
    expect(lapseReasonOf(15 * MINUTE - 6 * SECOND, LIMIT)).toBe('idle');
    expect(lapseReasonOf(14 * MINUTE, LIMIT)).toBe('ended');
    expect(lapseReasonOf(MINUTE, LIMIT)).toBe('ended');
    expect(lapseReasonOf(60 * MINUTE, null)).toBe('ended');
  });
});
