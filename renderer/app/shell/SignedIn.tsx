import { App as AntApp } from 'antd';
import { HashRouter } from 'react-router';
import type { SessionUser } from '../../../shared/permissions';
import { AppShell } from './AppShell';
import { IdleLock } from './IdleLock';
import { useDayjsLocale } from './useDayjsLocale';

/**
 * Everything past the login: the app's frame under the idle lock, its addresses (in the URL hash:
 * Electron loads the app from file://) and antd's App (its messages and dialogs). Its code is a chunk
 * of its own; the login needs none of it.
 */
export function SignedIn({ user }: { user: SessionUser }) {
  useDayjsLocale();
  return (
    <AntApp>
      <HashRouter>
        <IdleLock key={user.id} user={user}>
          <AppShell user={user} />
        </IdleLock>
      </HashRouter>
    </AntApp>
  );
}
