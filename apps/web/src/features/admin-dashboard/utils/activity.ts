import { lapseAdminSession } from '../../../lib/admin-session';
import { idleHeaderValue, idlePhase, lapseReasonOf, type IdleClock } from './idle-session';

/**
 * When the console's person last did something, for the session's idle limit (decision 057). Only what a
 * person does counts: a press, a key, the wheel, a touch, or coming back to the window. A scroll alone does
 * not, since a list that refreshes can scroll the page by itself; scrolling by hand starts with one of those.
 */

/**
 * The header that tells the server how long the person has done nothing, in milliseconds: the server reads
 * it as `IDLE_HEADER` in apps/server/src/http/admin-session.ts.
 */
const IDLE_HEADER = 'x-console-idle-ms';

/** Other tabs of the console hear of this one's activity here, so one idle tab does not warn a busy person. */
const CHANNEL_NAME = 'console-activity';
/** How often a tab tells the others: the idle limit is minutes, the server's step 5 seconds. */
const SHARE_EVERY_MS = 2_000;

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const clock = {
  lastActivityAt: Date.now(),
  reportedActivityAt: Date.now(),
  /** The session's idle limit, once read (`rememberIdleLimit`). */
  idleSeconds: null as number | null,
};
let trackers = 0;
let channel: BroadcastChannel | null = null;
let lastSharedAt = 0;

function noteActivity(at: number): void {
  if (at > clock.lastActivityAt) clock.lastActivityAt = at;
}

/**
 * The person did something. Past the idle limit it comes too late: the session has lapsed (the server has
 * ended it, or will at the next call), whatever the page's timer, slowed in a hidden tab, has seen yet.
 */
export function recordActivity(): void {
  const now = Date.now();
  if (idlePhase(now - clock.lastActivityAt, clock.idleSeconds) === 'ended') lapseAdminSession('idle');
  noteActivity(now);
  if (channel && now - lastSharedAt >= SHARE_EVERY_MS) {
    lastSharedAt = now;
    channel.postMessage(now);
  }
}

function onInteraction(event: Event): void {
  // A script's made-up event is no person.
  if (event.isTrusted) recordActivity();
}

function onSharedActivity(event: MessageEvent<unknown>): void {
  // Never ahead of this tab's clock: a tab must not keep another from ending.
  if (typeof event.data === 'number' && Number.isFinite(event.data))
    noteActivity(Math.min(event.data, Date.now()));
}

/**
 * Listens to the person's activity while a console page is mounted (passive listeners, one time read per
 * event); opening the page counts as activity. Returns the undo.
 */
export function startActivityTracking(): () => void {
  trackers += 1;
  if (trackers === 1) {
    noteActivity(Date.now());
    for (const type of INTERACTIONS) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true });
    }
    // The window's own focus only (focus does not bubble): a dialog that moves focus is no activity.
    window.addEventListener('focus', onInteraction, { passive: true });
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.addEventListener('message', onSharedActivity);
    }
  }
  return () => {
    trackers -= 1;
    if (trackers > 0) return;
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    window.removeEventListener('focus', onInteraction);
    channel?.close();
    channel = null;
  };
}

/** The session's idle limit, as `GET /api/admin/session` says it (null: none). */
export function rememberIdleLimit(idleSeconds: number | null): void {
  clock.idleSeconds = idleSeconds;
}

export function readIdleClock(): IdleClock {
  return {
    now: Date.now(),
    lastActivityAt: clock.lastActivityAt,
    reportedActivityAt: clock.reportedActivityAt,
  };
}

/**
 * The headers that tell the server, with a console call, how long its person has been idle; none while no
 * console page tracks activity (the server then counts the call as activity, as it did before).
 */
export function idleHeaders(): Record<string, string> {
  if (trackers === 0) return {};
  clock.reportedActivityAt = Math.max(clock.reportedActivityAt, clock.lastActivityAt);
  return { [IDLE_HEADER]: idleHeaderValue(Date.now(), clock.lastActivityAt) };
}

/** Why the server refused a call just now: the idle limit, or the session ended otherwise. */
export function refusalReason() {
  return lapseReasonOf(Date.now() - clock.lastActivityAt, clock.idleSeconds);
}
