import { useEffect } from 'react';
import { readStoredUser, storeUser } from '../lib/customer-session';
import { fetchSessionUser } from '../lib/customer-user-api';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  useEffect(() => {
    // The session cookie is the authority: a stored user without a live session is forgotten, and the
    // stored profile is refreshed from the server's. A guest has nothing to check.
    const stored = readStoredUser();
    if (!stored) return;
    fetchSessionUser().then(
      (user) => {
        // A log-out (or a log-in as someone else) while the check was on its way has the last word.
        if (readStoredUser()?.id !== stored.id) return;
        storeUser(user);
      },
      () => undefined,
    );
  }, []);
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
