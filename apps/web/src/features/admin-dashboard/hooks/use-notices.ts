import { useCallback, useEffect, useState } from 'react';
import { makeNotice, type Notice } from '../components/notices';

/** How long a success message stays; failures stay until dismissed. */
const SUCCESS_NOTICE_MS = 8000;
const MAX_NOTICES = 4;

export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);

  const push = useCallback((notice: Omit<Notice, 'id'>) => {
    setNotices((list) => [makeNotice(notice), ...list].slice(0, MAX_NOTICES));
  }, []);

  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.filter((notice) => notice.id !== id));
  }, []);

  const oldestSuccess = notices.findLast((notice) => notice.tone === 'success')?.id;
  useEffect(() => {
    if (oldestSuccess === undefined) return;
    const timer = setTimeout(() => dismiss(oldestSuccess), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [oldestSuccess, dismiss]);

  return { notices, push, dismiss };
}
