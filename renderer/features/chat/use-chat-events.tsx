import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../shared/api/chat';
import { api } from '../../api/base';
import { useAppDispatch } from '../../store/store';
import { bridge } from '../../bridge';
import { localName } from '../../components/format/names';
import { useNotifications } from '../../components/ui/notifications';
import { useNotify } from '../../components/hooks/use-notify';
import { chatStore } from '../../components/domain/chat/chat-store';
import { realtimePayload } from './realtime-payload';

/** How much of a message a notification shows. */
const PREVIEW_LENGTH = 80;

/**
 * The chat's side of the shell, mounted once while a user with the Chat right is signed in: keeps the
 * station's pending messages and the menu's unread count, and tells of a message arriving on another
 * screen (clicking the notification opens its conversation).
 */
export function useChatEvents(userId: number, enabled: boolean): void {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifications = useNotifications();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { data: contacts } = api.useChatListQuery({}, { skip: !enabled });
  // The listener is made once; what it reads changes under it.
  const now = useRef({ t, language: i18n.language, notify, notifications, navigate, pathname, contacts });
  now.current = { t, language: i18n.language, notify, notifications, navigate, pathname, contacts };

  useEffect(() => {
    if (!enabled) return;
    chatStore.signedIn(userId);
    const loadPending = () => bridge.invoke('pos:chat-pending', null).then(chatStore.setPending, () => undefined);
    void loadPending();

    const arrived = (message: ChatMessage) => {
      if (message.receiverId !== userId) return;
      const open = chatStore.get().open;
      if (open === message.senderId) return;
      chatStore.raise(message.senderId);
      if (open !== null || now.current.pathname.startsWith('/Chat')) return;
      const { t, language, notifications, navigate, contacts } = now.current;
      const sender = contacts?.find((c) => c.id === message.senderId);
      const key = `chat-${message.id}`;
      notifications.info({
        key,
        title: sender ? localName(sender, language) : t('chat.someone'),
        description: (
          <span dir="auto" data-testid="chat-notification">
            {message.body.length > PREVIEW_LENGTH ? `${message.body.slice(0, PREVIEW_LENGTH)}…` : message.body}
          </span>
        ),
        placement: 'topRight',
        onClick: () => {
          notifications.destroy(key);
          navigate(`/Chat/${message.senderId}`);
        },
      });
    };

    return bridge.onEvent((event) => {
      if (event.type === 'chat-pending') chatStore.setPending(event.pending);
      else if (event.type === 'chat-refused') {
        chatStore.refused(event.clientId);
        now.current.notify.error(event.key);
      } else if (event.type === 'realtime-connected') {
        // Back after a drop: what the screens hold may be behind (the station's catch-up follows too).
        void loadPending();
        dispatch(api.util.invalidateTags(['Chat']));
      }
      const count = realtimePayload(event, 'get_all_chat');
      if (count) chatStore.setUnread(count.unread);
      const message = realtimePayload(event, 'message');
      if (message) arrived(message);
    });
  }, [enabled, userId, dispatch]);
}
