import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a page with unsaved changes is left: for another screen (menu, Back, a link) the page's
 * own dialog, Stay focused so Enter or Esc keeps the changes; for the window closing, the browser's
 * question in browser mode, and in the desktop app (where Electron would cancel the close without a word)
 * the same dialog, which closes the window when told to leave. `unsaved` names the cards changed; it is
 * read when the page is left, so a change asks from the moment it is drawn.
 */
export function useLeaveGuard(unsaved: string[], desktop: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const now = useRef<string[]>([]);
  useLayoutEffect(() => {
    now.current = unsaved;
  });
  const blocker = useBlocker(useCallback(() => now.current.length > 0, []));
  const ask = useCallback(
    (leave: () => void, stay: () => void) =>
      modal.confirm({
        title: t('settings.leaveTitle'),
        content: t('settings.leaveHelp', { cards: now.current.join(' · ') }),
        okText: t('settings.leave'),
        okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
        cancelText: t('settings.stay'),
        cancelButtonProps: { 'data-testid': 'leave-stay' },
        autoFocusButton: 'cancel',
        onOk: leave,
        onCancel: stay,
      }),
    [modal, t],
  );
  useEffect(() => {
    if (blocker.state === 'blocked') ask(blocker.proceed, blocker.reset);
  }, [blocker.state]); // eslint-disable-line react-hooks/exhaustive-deps -- once per blocked leave
  useEffect(() => {
    let closing = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (closing || now.current.length === 0) return;
      event.preventDefault();
      if (desktop)
        ask(
          () => {
            closing = true;
            window.close();
          },
          () => undefined,
        );
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [desktop, ask]);
}
