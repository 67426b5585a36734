import { createContext, useContext, useEffect, useState } from 'react';
import { App as AntApp } from 'antd';
import { createHashRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '../../../shared/permissions';
import { AppShell } from './app-shell';
import { IdleLock } from './idle-lock';
import { useDayjsLocale } from './use-dayjs-locale';

const SignedInUser = createContext<SessionUser | null>(null);

/**
 * Everything past the login: the app's frame under the idle lock, its addresses (in the URL hash:
 * Electron loads the app from file://) and antd's App (its messages and dialogs). Its code is a chunk
 * of its own; the login needs none of it. A data router, so a screen with unsaved changes can ask
 * before it is left (useBlocker); made once per sign-in and let go at sign-out.
 */
export function SignedIn({ user }: { user: SessionUser }) {
  useDayjsLocale();
  const [router, setRouter] = useState<ReturnType<typeof createHashRouter> | null>(null);
  useEffect(() => {
    const made = createHashRouter([{ path: '*', element: <Frame /> }]);
    setRouter(made);
    return () => made.dispose();
  }, []);
  return (
    <AntApp>
      <SignedInUser.Provider value={user}>{router && <RouterProvider router={router} />}</SignedInUser.Provider>
    </AntApp>
  );
}

function Frame() {
  const user = useContext(SignedInUser)!;
  return (
    <IdleLock key={user.id} user={user}>
      <AppShell user={user} />
    </IdleLock>
  );
}
