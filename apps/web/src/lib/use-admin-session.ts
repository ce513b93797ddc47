import { useSyncExternalStore } from 'react';
import { readAdminSession, subscribeAdminSession } from './admin-session';

/** The signed-in admin's username in this tab, or null; re-renders when the session is saved or ended. */
export function useAdminSession(): string | null {
  return useSyncExternalStore(subscribeAdminSession, readAdminSession, () => null);
}
