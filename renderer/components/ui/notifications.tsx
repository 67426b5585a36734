import { createContext, useContext, type ReactNode } from 'react';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

const NotificationsContext = createContext<NotificationInstance | null>(null);

/**
 * The app's toasts, for the login screen and every screen after it. antd's App gives the same, but
 * brings its dialogs and messages with it, code the login screen would load for nothing.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({ placement: 'topRight', showProgress: false });
  return (
    <NotificationsContext value={api}>
      {holder}
      {children}
    </NotificationsContext>
  );
}

export function useNotifications(): NotificationInstance {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications outside NotificationsProvider');
  return api;
}
