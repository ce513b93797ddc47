import { describe, expect, it } from 'vitest';
import {
  adminSessionEndReason,
  adminSessionLapse,
  adminSessionResumed,
  endAdminSession,
  lapseAdminSession,
  offerInPlaceSignIn,
  readAdminSession,
  refuseAdminSession,
  saveAdminSession,
} from './admin-session';

describe('a console page that asks for the password over itself', () => {
  it('keeps the tab signed in while it asks, and lets waiting calls go on once signed in again', async () => {
    saveAdminSession('ops');
    const withdraw = offerInPlaceSignIn();
    try {
      refuseAdminSession('idle');
      // A later refusal does not change why the person is asked.
      refuseAdminSession('ended');
      expect(adminSessionLapse()).toBe('idle');
      expect(readAdminSession()).toBe('ops');
      const waiting = adminSessionResumed();
      saveAdminSession('ops');
      await expect(waiting).resolves.toBe(true);
      expect(adminSessionLapse()).toBeNull();
      await expect(adminSessionResumed()).resolves.toBe(true);
    } finally {
      withdraw();
      endAdminSession('signed-out');
    }
  });

  it('fails waiting calls when the person signs out instead', async () => {
    saveAdminSession('ops');
    const withdraw = offerInPlaceSignIn();
    try {
      refuseAdminSession();
      expect(adminSessionLapse()).toBe('ended');
      const waiting = adminSessionResumed();
      endAdminSession('signed-out');
      await expect(waiting).resolves.toBe(false);
      expect(adminSessionLapse()).toBeNull();
      expect(adminSessionEndReason()).toBe('signed-out');
    } finally {
      withdraw();
    }
  });

  it('ends the session as before where no console page asks (the tab goes to the sign-in page)', () => {
    saveAdminSession('ops');
    refuseAdminSession();
    expect(adminSessionLapse()).toBeNull();
    expect(readAdminSession()).toBeNull();
    expect(adminSessionEndReason()).toBe('expired');
  });

  it('does not lapse a tab that holds no session', () => {
    endAdminSession('signed-out');
    const withdraw = offerInPlaceSignIn();
    lapseAdminSession('idle');
    expect(adminSessionLapse()).toBeNull();
    withdraw();
  });
});
