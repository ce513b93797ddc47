import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import {
  adminSessionLapse,
  endAdminSession,
  lapseAdminSession,
  offerInPlaceSignIn,
  subscribeAdminSession,
  type AdminSessionLapse,
} from '../../../../lib/admin-session';
import { useAdminLogout } from '../../api/logout';
import { useReadStaffSessionNow, useStaffSession } from '../../api/staff-session';
import {
  readIdleClock,
  recordActivity,
  rememberIdleLimit,
  startActivityTracking,
} from '../../utils/activity';
import { idleMinutesText, idlePhase, idleSecondsLeft, needsKeepAlive } from '../../utils/idle-session';
import { IdleWarningDialog } from './idle-warning-dialog';

/** What the sign-in over the page is told (the sign-in feature draws it). */
interface SignInAgainProps {
  /** Signed in before, and again now: it cannot be changed here. */
  username: string;
  title: string;
  description: string;
  /** Called once signed in again (the tab's session saved): the page carries on. */
  onSignedIn: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

export interface IdleSessionWatchProps {
  username: string;
  /** The sign-in over the page, shown when the session lapses. */
  signInDialog: ComponentType<SignInAgainProps>;
}

type WatchView = { phase: 'active' } | { phase: 'warning'; secondsLeft: number };

const ACTIVE: WatchView = { phase: 'active' };

/** How often the watch looks at the clock: often enough that the warning closes soon after a key or a press. */
const TICK_MS = { active: 1_000, warning: 250 } as const;

function sameView(a: WatchView, b: WatchView): boolean {
  return a.phase === b.phase && (a.phase !== 'warning' || a.secondsLeft === (b as typeof a).secondsLeft);
}

function lapseTexts(lapse: AdminSessionLapse, idleSeconds: number | null) {
  const kept = 'Sign in again to carry on: what you typed on this page is kept.';
  if (lapse === 'idle' && idleSeconds !== null) {
    return {
      title: `Signed out after ${idleMinutesText(idleSeconds)} without activity`,
      description: `For your security. ${kept}`,
    };
  }
  return { title: 'Your session has ended', description: kept };
}

/**
 * The console's idle timeout (decision 057; PCI DSS 4.0.1 8.2.8), mounted once with every console page:
 * a minute before the session's idle limit it asks "Still there?"; at the limit, or when the server refuses
 * the session, it asks for the password over the page instead of leaving it, so that what was typed in the
 * page's forms and dialogs is kept. It also tells the server of activity no call has told it of.
 */
export function IdleSessionWatch({ username, signInDialog: SignInDialog }: IdleSessionWatchProps) {
  const idleSeconds = useStaffSession().data?.idleSeconds ?? null;
  const lapse = useSyncExternalStore(subscribeAdminSession, adminSessionLapse, () => null);
  const readSessionNow = useReadStaffSessionNow();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const [view, setView] = useState<WatchView>(ACTIVE);
  const keepingAlive = useRef(false);

  useEffect(() => startActivityTracking(), []);
  useEffect(() => offerInPlaceSignIn(), []);
  useEffect(() => rememberIdleLimit(idleSeconds), [idleSeconds]);

  const phase = view.phase;
  useEffect(() => {
    if (lapse !== null || idleSeconds === null) return;
    const keepAlive = () => {
      if (keepingAlive.current) return;
      keepingAlive.current = true;
      // A refusal lapses the session through the call itself; no answer leaves it to the next call.
      readSessionNow()
        .catch(() => undefined)
        .finally(() => {
          keepingAlive.current = false;
        });
    };
    const tick = () => {
      const clock = readIdleClock();
      const idleMs = clock.now - clock.lastActivityAt;
      const next = idlePhase(idleMs, idleSeconds);
      if (next === 'ended') {
        lapseAdminSession('idle');
        return;
      }
      const nextView: WatchView =
        next === 'warning' ? { phase: next, secondsLeft: idleSecondsLeft(idleMs, idleSeconds) } : ACTIVE;
      setView((current) => (sameView(current, nextView) ? current : nextView));
      if (needsKeepAlive(clock)) keepAlive();
    };
    const timer = setInterval(tick, TICK_MS[phase]);
    // A hidden tab's timers are slowed: coming back, the watch looks at once.
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [idleSeconds, lapse, phase, readSessionNow]);

  const staySignedIn = () => {
    recordActivity();
    setView(ACTIVE);
    if (keepingAlive.current) return;
    keepingAlive.current = true;
    readSessionNow()
      .catch(() => undefined)
      .finally(() => {
        keepingAlive.current = false;
      });
  };

  const signedIn = () => {
    setView(ACTIVE);
    recordActivity();
    // Lists that failed while the session was gone read again; those that waited go on by themselves.
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The tab forgets the session either way; the server has ended it, or ends it at its next call.
    }
    await queryClient.cancelQueries({ queryKey: ['admin'] });
    endAdminSession('signed-out');
  };

  if (lapse !== null) {
    const texts = lapseTexts(lapse, idleSeconds);
    return (
      <SignInDialog
        username={username}
        title={texts.title}
        description={texts.description}
        onSignedIn={signedIn}
        onSignOut={() => void signOut()}
        signingOut={logout.isPending}
      />
    );
  }
  if (view.phase === 'warning')
    return <IdleWarningDialog secondsLeft={view.secondsLeft} onStay={staySignedIn} />;
  return null;
}
