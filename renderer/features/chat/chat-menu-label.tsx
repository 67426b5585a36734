import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/format/numbers';
import { useChatState } from '../../components/domain/chat/chat-store';

/** The menu's Chat entry with the messages not yet seen (kept across restarts, spec 9). */
export function ChatMenuLabel() {
  const { t, i18n } = useTranslation();
  const unread = useChatState((s) => s.unread);
  const n = formatCount(unread, i18n.language);
  return (
    <span>
      {t('features.Chat')}
      {unread > 0 && (
        <Badge
          count={n}
          style={{ marginInlineStart: 8 }}
          aria-label={t('chat.unread', { count: unread, n })}
          data-testid="chat-menu-unread"
        />
      )}
    </span>
  );
}
