import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Moves the keyboard to a field that the state change just made is about to show (a step that comes back,
 * a field that replaces another). Call the function it answers in the same handler as that change: the
 * focus moves in an effect after React has put the change on the page, so the field is there, however long
 * the render waited. (A focus on the next animation frame ran before the render on a busy machine, and
 * the keyboard was left nowhere.)
 */
export function useFocusAfterRender(): (field: RefObject<HTMLElement | null>) => void {
  const target = useRef<RefObject<HTMLElement | null> | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const field = target.current;
    if (!field) return;
    target.current = null;
    field.current?.focus();
  }, [requests]);
  return useCallback((field) => {
    target.current = field;
    setRequests((count) => count + 1);
  }, []);
}
