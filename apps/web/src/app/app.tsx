import { useEffect, useState } from 'react';
import { readStoredUser, storeUser } from '../lib/customer-session';
import { fetchSessionUser } from '../lib/customer-user-api';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => {
    // The session cookie is the authority: a stored user without a live session is forgotten, and the
    // stored profile is refreshed from the server's. A guest has nothing to check.
    if (!readStoredUser()) return;
    fetchSessionUser().then(
      (user) => {
        storeUser(user);
      },
      () => undefined,
    );
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
