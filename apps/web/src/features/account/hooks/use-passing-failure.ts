import { useEffect, useState } from 'react';

/** product §9: failure messages clear after 3 s. */
const FAILURE_CLEARS_AFTER_MS = 3_000;

/** A failure message of a list's actions, shown until it clears by itself 3 s later (or the next action). */
export function usePassingFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), FAILURE_CLEARS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [failure]);
  return [failure, setFailure] as const;
}
