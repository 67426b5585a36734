import { useState } from 'react';
import { Badge, Button, Drawer } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { formatCount } from '../../components/format/numbers';
import { useChatState } from '../../components/domain/chat/chat-store';
import { ContactList } from '../../components/domain/chat/contact-list';
import { Conversation } from '../../components/domain/chat/conversation';
import '../../components/domain/chat/chat.css';

/**
 * The room view's chat (spec 1): a button with the unread count opening the chat's own contacts and
 * conversation in a drawer, so the supervisor writes to the counter without leaving the door.
 */
export function RoomChat() {
  return useAbility().can('access', 'Chat') ? <RoomChatPanel /> : null;
}

function RoomChatPanel() {
  const { t, i18n } = useTranslation();
  const unread = useChatState((s) => s.unread);
  const [shown, setShown] = useState(false);
  const [contactId, setContactId] = useState<number | null>(null);
  const { data: contacts } = api.useChatListQuery({}, { skip: !shown });
  const contact = contacts?.find((c) => c.id === contactId);
  const Back = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;

  return (
    <>
      <Badge count={unread > 0 ? formatCount(unread, i18n.language) : 0} data-testid="room-chat-unread">
        <Button size="large" icon={<MessageOutlined />} onClick={() => setShown(true)} data-testid="room-chat">
          {t('features.Chat')}
        </Button>
      </Badge>
      <Drawer
        open={shown}
        onClose={() => setShown(false)}
        title={t('features.Chat')}
        size="large"
        destroyOnHidden
        data-testid="room-chat-drawer"
        extra={
          contact && (
            <Button icon={<Back />} onClick={() => setContactId(null)}>
              {t('chat.contacts')}
            </Button>
          )
        }
      >
        {contact ? (
          <Conversation key={contact.id} contact={contact} />
        ) : (
          <ContactList openId={null} onOpen={setContactId} />
        )}
      </Drawer>
    </>
  );
}
