import { useState } from 'react';
import { Alert, Badge, Empty, Input, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../../shared/api/envelope';
import { api } from '../../../api/base';
import { messageText } from '../../../i18n/message';
import { localName } from '../../format/names';
import { formatCount } from '../../format/numbers';
import { useDebounced } from '../../hooks/use-debounced';

/** Everyone the user may write to, the latest conversation first: name, last message, unread badge. */
export function ContactList({ openId, onOpen }: { openId: number | null; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const { data: contacts, isLoading, error } = api.useChatListQuery(search ? { search } : {});

  return (
    <nav className="pd-chat-contacts" aria-label={t('chat.contacts')} data-testid="chat-contacts">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('chat.search')}
        aria-label={t('chat.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        data-testid="chat-search"
      />
      {isLoading ? (
        <Spin />
      ) : error ? (
        <Alert type="error" showIcon title={messageText(t, (error as Partial<ApiFailure>).message)} />
      ) : !contacts?.length ? (
        <Empty description={t(search ? 'chat.noMatch' : 'chat.noContacts')} data-testid="chat-no-contacts" />
      ) : (
        <ul className="pd-chat-contact-list">
          {contacts.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`pd-chat-contact${c.id === openId ? ' pd-chat-contact-open' : ''}`}
                aria-current={c.id === openId ? 'true' : undefined}
                onClick={() => onOpen(c.id)}
                data-testid="chat-contact"
              >
                <span className="pd-chat-contact-head">
                  <Typography.Text strong dir="auto">
                    {localName(c, i18n.language)}
                  </Typography.Text>
                  {c.unread > 0 && (
                    <Badge
                      count={formatCount(c.unread, i18n.language)}
                      title={t('chat.unread', { count: c.unread, n: formatCount(c.unread, i18n.language) })}
                      data-testid="chat-contact-unread"
                    />
                  )}
                </span>
                <Typography.Text type="secondary" ellipsis dir="auto" className="pd-chat-contact-last">
                  {c.last?.body ?? t('chat.noMessagesYet')}
                </Typography.Text>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
