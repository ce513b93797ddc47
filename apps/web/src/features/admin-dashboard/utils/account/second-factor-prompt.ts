import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { ApiError } from '../../../../lib/api-client';

/**
 * What a console call needs of its person's second factor before the store does it (decision 059):
 * - `step-up`: the person has one, but proved it more than 15 minutes ago: the code again, then the same
 *   call once more;
 * - `set-up`: the person's role must have one before moving money, and they have none yet.
 */
export type SecondFactorNeed = 'step-up' | 'set-up';

/** The need a refused call names, or null when it was refused for something else. */
export function secondFactorNeedOf(error: unknown): SecondFactorNeed | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.serverError === 'step_up_required') return 'step-up';
  if (error.serverMessage === STAFF_FACTOR_MESSAGES.required) return 'set-up';
  return null;
}

type Listener = () => void;

/**
 * The one question about the second factor a console page asks at a time, over whatever is open (a money
 * dialog stays as it is, what was typed in it kept). Calls that need the code at the same moment wait for
 * the same answer. Only a page that can ask (one that has mounted the prompt: `offer`) does; elsewhere the
 * call fails with the store's message, as before.
 */
export class SecondFactorPrompt {
  private need: SecondFactorNeed | null = null;
  private waiters: ((confirmed: boolean) => void)[] = [];
  private hosts = 0;
  private readonly listeners = new Set<Listener>();

  /** Called by the component that asks; returns the undo. */
  offer(): () => void {
    this.hosts += 1;
    return () => {
      this.hosts -= 1;
      if (this.hosts === 0) this.answer(false);
    };
  }

  /** What is being asked now, or null. For `useSyncExternalStore`. */
  readonly current = (): SecondFactorNeed | null => this.need;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Asks its person; resolves true once they proved the factor (or, for `set-up`, added one), false when
   * they declined or nobody can be asked. A question already open is shared: a `step-up` asked while the
   * set-up is offered waits for that answer too.
   */
  ask(need: SecondFactorNeed): Promise<boolean> {
    if (this.hosts === 0) return Promise.resolve(false);
    if (this.need === null) {
      this.need = need;
      this.notify();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The person's answer: the calls waiting for it go on (true) or fail with the store's message. */
  answer(confirmed: boolean): void {
    if (this.need === null) return;
    const waiters = this.waiters;
    this.need = null;
    this.waiters = [];
    for (const resolve of waiters) resolve(confirmed);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The console's prompt, for the life of the page. */
export const secondFactorPrompt = new SecondFactorPrompt();

/** How many times one call asks in a row: a code just proved that is refused again is the store's word. */
const MOST_ASKS = 2;

/**
 * Sends a console call; when the store answers that it needs the second factor proved again, asks for the
 * code over the page and sends the very same call again (the same body and Idempotency-Key: the refusal
 * came before the store read the request, and kept no answer for that key). When the person has no second
 * factor yet, offers to set one up and fails at once with the store's message: money moves only on a
 * press made after the factor is there.
 */
export async function withSecondFactor<T>(
  send: () => Promise<T>,
  prompt: SecondFactorPrompt = secondFactorPrompt,
): Promise<T> {
  for (let asked = 0; ; asked += 1) {
    try {
      return await send();
    } catch (error) {
      const need = secondFactorNeedOf(error);
      if (need === null || asked >= MOST_ASKS) throw error;
      if (need === 'set-up') {
        void prompt.ask('set-up');
        throw error;
      }
      if (!(await prompt.ask('step-up'))) throw error;
    }
  }
}

/**
 * Whether the person must set up an authenticator app before moving money: their role must have a second
 * factor (STAFF_SECOND_FACTOR) and they have none (neither an app nor a passkey, which counts as one).
 * Unknown (not read yet) is not "must".
 */
export function mustSetUpAuthenticator(
  answer:
    | { secondFactorRequired: boolean; security: { authenticator: unknown; passkeys: readonly unknown[] } }
    | undefined,
): boolean {
  return (
    answer !== undefined &&
    answer.secondFactorRequired &&
    answer.security.authenticator === null &&
    answer.security.passkeys.length === 0
  );
}
