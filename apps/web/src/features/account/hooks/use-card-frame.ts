import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { openCardEntry } from '../api/open-card-entry';

/** How long the frame may take to load before the form says it could not. */
const FRAME_LOAD_LIMIT_MS = 15_000;
/** How long Save waits for a number still being tokenized in the frame. */
const TOKEN_WAIT_LIMIT_MS = 8_000;

type CardFrameStatus = 'opening' | 'loading' | 'ready' | 'failed';

/** What the frame last said of the number typed in it. */
interface FrameAnswer {
  /** The token of the number typed, once the gateway made it. */
  token: string | null;
  /** A number is being typed or tokenized: a token may still come. */
  pending: boolean;
  /** The number typed is not a card number, or the gateway could not tokenize it. */
  refused: boolean;
}

const NOTHING_TYPED: FrameAnswer = { token: null, pending: false, refused: false };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The frame's message (a JSON text, as CardPointe's tokenizer posts it), or undefined. */
function readFrameMessage(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gateway's card frame in the Add Payment Method form (decision 054): opens a card entry for the
 * session, loads the frame, and listens to it alone (its origin and its window) for the token of the number
 * typed in it. Only the token, never the number, reaches the page.
 */
export function useCardFrame(active: boolean) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** Each retry opens a new entry and loads a new frame. */
  const [attempt, setAttempt] = useState(0);
  /** The entry opened for an attempt, or why it could not be (the store's words, if it said). */
  const [opened, setOpened] = useState<
    | { attempt: number; entryId: string; frameUrl: string }
    | { attempt: number; failure: string | null }
    | null
  >(null);
  /** The attempt whose frame loaded, and the one whose frame took too long. */
  const [loaded, setLoaded] = useState(-1);
  const [timedOut, setTimedOut] = useState(-1);
  const [answer, setAnswer] = useState<FrameAnswer>(NOTHING_TYPED);
  const answerRef = useRef(answer);
  const waiters = useRef<(() => void)[]>([]);

  const settle = useCallback((next: FrameAnswer) => {
    answerRef.current = next;
    setAnswer(next);
    if (!next.pending) for (const wake of waiters.current.splice(0)) wake();
  }, []);

  const current = opened?.attempt === attempt ? opened : null;
  const entry = current && 'entryId' in current ? current : null;
  const status: CardFrameStatus = !current
    ? 'opening'
    : !entry || timedOut === attempt
      ? 'failed'
      : loaded === attempt
        ? 'ready'
        : 'loading';

  // An entry (and a frame) when the card form first shows, and at each retry.
  const needsEntry = active && !current;
  useEffect(() => {
    if (!needsEntry) return;
    let live = true;
    openCardEntry().then(
      (made) => live && setOpened({ attempt, entryId: made.entryId, frameUrl: made.frameUrl }),
      (error: unknown) =>
        live &&
        setOpened({ attempt, failure: error instanceof ApiError ? (error.serverMessage ?? null) : null }),
    );
    return () => {
      live = false;
    };
  }, [needsEntry, attempt]);

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => setTimedOut(attempt), FRAME_LOAD_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [status, attempt]);

  const frameOrigin = entry ? new URL(entry.frameUrl, window.location.href).origin : null;
  useEffect(() => {
    if (!frameOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== frameRef.current?.contentWindow) return;
      const message = readFrameMessage(event.data);
      if (!message) return;
      if (typeof message.cardTyping === 'boolean') {
        // A number being typed or sent for tokenization: whatever token came before is not its token.
        settle({ token: null, pending: true, refused: false });
        return;
      }
      if (typeof message.validationError === 'string') {
        settle({ token: null, pending: false, refused: true });
        return;
      }
      const token = typeof message.token === 'string' ? message.token : message.message;
      if (typeof token !== 'string') return;
      settle(
        /^9\d{11,18}$/.test(token)
          ? { token, pending: false, refused: false }
          : { ...NOTHING_TYPED, refused: true },
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameOrigin, settle]);

  /** The token of the number typed, once any tokenization under way has answered (or null). */
  const tokenWhenReady = useCallback(async (): Promise<string | null> => {
    if (answerRef.current.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TOKEN_WAIT_LIMIT_MS);
        waiters.current.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return answerRef.current.pending ? null : answerRef.current.token;
  }, []);

  const frame = {
    frameUrl: entry?.frameUrl ?? null,
    entryId: entry?.entryId ?? null,
    status,
    failure: current && 'failure' in current ? current.failure : null,
    refused: answer.refused,
    onFrameLoad: () => setLoaded(attempt),
    retry: () => {
      settle(NOTHING_TYPED);
      setAttempt((count) => count + 1);
    },
    tokenWhenReady,
  };
  return { frameRef, frame };
}

export type CardFrame = ReturnType<typeof useCardFrame>['frame'];
