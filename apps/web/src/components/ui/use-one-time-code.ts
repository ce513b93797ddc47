import { useEffect, useRef, useState } from 'react';
import { oneTimeCodeProblem, type OneTimeCodeKind } from '../../lib/one-time-code';
import { useFocusAfterRender } from '../../lib/use-focus-after-render';

/**
 * A second factor's code being typed (decision 059): which kind (the app's six digits, or a recovery
 * code), what was typed, and the one problem with it. A problem (the form's or the store's) brings the
 * keyboard back to the field, its text selected so that the next code replaces it, once the field is
 * enabled again after the press that was refused.
 */
export function useOneTimeCode({ busy }: { busy: boolean }) {
  const [kind, setKind] = useState<OneTimeCodeKind>('authenticator');
  const [code, setCode] = useState('');
  // Numbered, so that the same message after another press brings the keyboard back to the field.
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();

  useEffect(() => {
    if (!problem || busy) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [problem, busy]);

  const refuse = (message: string) =>
    setProblem((current) => ({ message, attempt: (current?.attempt ?? 0) + 1 }));

  return {
    kind,
    code,
    problem: problem?.message ?? null,
    inputRef,
    refuse,
    changeKind(next: OneTimeCodeKind) {
      setKind(next);
      setCode('');
      setProblem(null);
      // The field is a new element for the other kind.
      focusAfterRender(inputRef);
    },
    changeCode(next: string) {
      setCode(next);
      setProblem(null);
    },
    /** The code to send, or null after showing why it cannot be sent yet. */
    checked(): string | null {
      const missing = oneTimeCodeProblem(kind, code);
      if (missing) {
        refuse(missing);
        return null;
      }
      setProblem(null);
      return code;
    },
  };
}
