import { Button, Empty, List, Spin, Typography } from 'antd';
import { StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../shared/api/envelope';
import { api } from '../../api/base';
import { formatDateTime } from '../../components/format/dates';
import { localName } from '../../components/format/names';
import { useNotify } from '../../components/hooks/use-notify';

/** The user's bookmarked messages, newest first: each opens its conversation or is let go. */
export function BookmarksView({ onOpen }: { onOpen: (contactId: number) => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { data: marked, isLoading } = api.useChatBookmarksQuery();
  const { data: contacts } = api.useChatListQuery({});
  const [bookmark] = api.useChatBookmarkMutation();
  const nameOf = (id: number) => {
    const contact = contacts?.find((c) => c.id === id);
    return contact ? localName(contact, i18n.language) : t('chat.someone');
  };

  return (
    <section className="pd-chat-conversation" aria-label={t('chat.bookmarks')} data-testid="chat-bookmarks">
      <Typography.Title level={2} className="pd-chat-title">
        {t('chat.bookmarks')}
      </Typography.Title>
      {isLoading ? (
        <Spin />
      ) : !marked?.length ? (
        <Empty description={t('chat.noBookmarks')} />
      ) : (
        <List
          dataSource={marked}
          rowKey="id"
          renderItem={(m) => (
            <List.Item
              data-testid="chat-bookmarked"
              actions={[
                <Button key="open" size="small" onClick={() => onOpen(m.userId)}>
                  {t('chat.openConversation')}
                </Button>,
                <Button
                  key="unmark"
                  size="small"
                  type="text"
                  icon={<StarFilled />}
                  aria-label={t('chat.unbookmark')}
                  onClick={() =>
                    void bookmark({ id: m.id, bookmarked: false })
                      .unwrap()
                      .catch((e: Partial<ApiFailure>) => notify.error(e.message))
                  }
                />,
              ]}
            >
              <List.Item.Meta
                title={`${nameOf(m.userId)} · ${formatDateTime(m.createdAt, i18n.language, 'short')}`}
                description={<span dir="auto">{m.body}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
