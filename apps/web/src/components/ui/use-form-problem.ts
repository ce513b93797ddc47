import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's one problem at a time, and where the keyboard and the eye go for it: the field marked invalid,
 * or else the message of the whole. Each problem is numbered, so that the same message after another
 * press of Save still brings focus back to its field.
 */
export function useFormProblem() {
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!problem) return;
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    if (target.getAttribute('role') !== 'alert') target.focus({ preventScroll: true });
  }, [problem]);

  const setError = useCallback(
    (message: string | null) =>
      setProblem((current) => (message === null ? null : { message, attempt: (current?.attempt ?? 0) + 1 })),
    [],
  );
  return { error: problem?.message ?? null, setError, formRef };
}
