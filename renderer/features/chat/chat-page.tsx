import { Button, Empty } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatContact } from '../../../shared/api/chat';
import { api } from '../../api/base';
import { PageTitle } from '../../components/ui/page-title';
import { BookmarksView } from './bookmarks-view';
import { ContactList } from '../../components/domain/chat/contact-list';
import { Conversation } from '../../components/domain/chat/conversation';
import '../../components/domain/chat/chat.css';

/** The Chats screen (spec 2): the contacts beside the open conversation or the bookmarks. */
export default function ChatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (id: number) => navigate(`/Chat/${id}`);
  return (
    <div data-testid="chat-page">
      <PageTitle
        title={t('features.Chat')}
        extra={
          <Button icon={<StarOutlined />} onClick={() => navigate('/Chat/bookmarks')} data-testid="chat-bookmarks-open">
            {t('chat.bookmarks')}
          </Button>
        }
      />
      <div className="pd-chat">
        <Routes>
          <Route
            path="bookmarks"
            element={<Screen openId={null} onOpen={open} main={<BookmarksView onOpen={open} />} />}
          />
          <Route path=":contactId" element={<OpenConversation onOpen={open} />} />
          <Route
            path="*"
            element={
              <Screen
                openId={null}
                onOpen={open}
                main={<Empty className="pd-chat-none" description={t('chat.choose')} />}
              />
            }
          />
        </Routes>
      </div>
    </div>
  );
}

function Screen({
  openId,
  onOpen,
  main,
}: {
  openId: number | null;
  onOpen: (id: number) => void;
  main: React.ReactNode;
}) {
  return (
    <>
      <ContactList openId={openId} onOpen={onOpen} />
      {main}
    </>
  );
}

/**
 * The conversation the address names, with someone the user may write to. While the list of people
 * cannot be had (the server away, e.g. after a reload) it opens under "A colleague": what waits on this
 * station for them shows with its clock, and more can be written.
 */
function OpenConversation({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const id = Number(useParams().contactId);
  const { data: contacts, isLoading, error } = api.useChatListQuery({});
  const contact =
    contacts?.find((c) => c.id === id) ??
    (error && Number.isInteger(id) && id > 0 ? unknownContact(id, t('chat.someone')) : undefined);
  return (
    <Screen
      openId={id}
      onOpen={onOpen}
      main={
        contact ? (
          <Conversation key={contact.id} contact={contact} />
        ) : (
          !isLoading && <Empty className="pd-chat-none" description={t('chat.notAContact')} />
        )
      }
    />
  );
}

/** Someone whose name the station cannot have now: only their id is known, from the address. */
function unknownContact(id: number, name: string): ChatContact {
  return { id, name_en: name, name_ar: name, branch_id: null, administrator: false, last: null, unread: 0 };
}
