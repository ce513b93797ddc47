import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './browser-storage';
import {
  ADMIN_SESSION_KEYS,
  adminSessionEndReason,
  endAdminSession,
  readAdminSession,
  saveAdminSession,
  subscribeAdminSession,
} from './admin-session';

describe('admin session marker', () => {
  it('keeps only the marker and the username, never a password', () => {
    const storage = createMemoryStorage();
    saveAdminSession('admin', storage);
    expect(Object.fromEntries(storage.data)).toEqual({ adminSession: '1', adminUsername: 'admin' });
    expect(readAdminSession(storage)).toBe('admin');
  });

  it('reads no session without the marker, whatever else is stored', () => {
    const storage = createMemoryStorage();
    storage.setItem(ADMIN_SESSION_KEYS.username, 'admin');
    expect(readAdminSession(storage)).toBeNull();
    storage.setItem(ADMIN_SESSION_KEYS.marker, 'yes');
    expect(readAdminSession(storage)).toBeNull();
  });

  it('forgets the session, tells subscribers, and remembers the first reason', () => {
    const storage = createMemoryStorage();
    const listener = vi.fn();
    const unsubscribe = subscribeAdminSession(listener);
    saveAdminSession('ops', storage);
    endAdminSession('signed-out', storage);
    // A late 401 from a poll must not turn "you signed out" into "your session ended".
    endAdminSession('expired', storage);
    expect(storage.data.size).toBe(0);
    expect(readAdminSession(storage)).toBeNull();
    expect(adminSessionEndReason()).toBe('signed-out');
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});
