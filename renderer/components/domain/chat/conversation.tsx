import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatContact, ChatMessage } from '../../../../shared/api/chat';
import type { ApiFailure } from '../../../../shared/api/envelope';
import { MAX_CHAT_HISTORY_DAYS } from '../../../../shared/domain/chat';
import { api } from '../../../api/base';
import { localName } from '../../format/names';
import { messageText } from '../../../i18n/message';
import { useNotify } from '../../hooks/use-notify';
import { chatStore, useChatState } from './chat-store';
import { conversationLines, receivedBatches } from './conversation-lines';
import { bridge } from '../../../bridge';
import { Composer } from './composer';
import { MessageItem } from './message-item';

const SPAN_MS = MAX_CHAT_HISTORY_DAYS * 24 * 60 * 60 * 1000;

/**
 * The conversation with one contact, oldest first, with the box to write in. The last 10 days come
 * first; "earlier messages" adds the 10 days before what is shown (one request covers at most 10 days).
 * What arrives by realtime reloads it ('Chat'); while it is on screen it is read, and the contact's
 * undelivered messages shown are acknowledged to the server (the sender's two ticks).
 */
export function Conversation({ contact }: { contact: ChatContact }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { data, error } = api.useChatUserQuery({ id: contact.id });
  const [loadSpan, earlierState] = api.useLazyChatUserQuery();
  // Where the shown history starts: the server's default span is the last 10 days.
  const [shownFrom, setShownFrom] = useState(() => Date.now() - SPAN_MS);
  const [earlier, setEarlier] = useState<ChatMessage[][]>([]);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const pending = useChatState((s) => s.pending);
  const [read] = api.useChatReadMutation();
  const [bookmark] = api.useChatBookmarkMutation();
  const lines = conversationLines([...earlier, data?.messages ?? []], pending, contact.id);
  const byId = new Map(lines.flatMap((l) => (l.stored ? [[l.stored.id, l.stored] as const] : [])));
  const lastStored = lines.findLast((l) => l.stored)?.stored?.id;
  const end = useRef<HTMLLIElement>(null);
  // The contact's count as the list gives it now (the list reloads as messages arrive).
  const unreadNow = useRef(contact.unread);
  unreadNow.current = contact.unread;
  const readUpTo = useRef(0);
  // What this conversation has told the main process; told again after a reconnection, which may have lost some.
  const acknowledged = useRef(new Set<number>());

  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'realtime-connected') acknowledged.current.clear();
      }),
    [],
  );

  // After every render (cheap): each message is told once; a failed call is tried again on the next render.
  useEffect(() => {
    for (const ids of receivedBatches(lines, acknowledged.current)) {
      for (const id of ids) acknowledged.current.add(id);
      void bridge
        .invoke('pos:chat-received', { ids })
        .catch(() => ids.forEach((id) => acknowledged.current.delete(id)));
    }
  });

  useEffect(() => {
    chatStore.setOpen(contact.id);
    return () => chatStore.setOpen(null);
  }, [contact.id]);

  useEffect(() => {
    if (lastStored === undefined || lastStored <= readUpTo.current) return;
    readUpTo.current = lastStored;
    void read({ id: contact.id, upTo: lastStored })
      .unwrap()
      .then(({ data: { unread } }) => chatStore.read(contact.id, unreadNow.current - unread))
      .catch(() => undefined);
  }, [contact.id, lastStored, read]);

  useEffect(() => {
    // A statement, not the arrow's value: Chromium's scrollIntoView now answers a promise, which React
    // would keep as the effect's clean-up and call.
    end.current?.scrollIntoView({ block: 'end' });
  }, [lines.length]);

  const loadEarlier = async () => {
    // A little overlap with what is shown, so a message at the seam is not lost; seen twice it shows once.
    const to = new Date(shownFrom + 60_000);
    const from = new Date(to.getTime() - SPAN_MS);
    const answer = await loadSpan({ id: contact.id, from: from.toISOString(), to: to.toISOString() });
    if (answer.error) {
      notify.error((answer.error as Partial<ApiFailure>).message);
      return;
    }
    const messages = answer.data?.messages ?? [];
    setEarlier((spans) => [messages, ...spans]);
    setShownFrom(from.getTime());
  };

  const toggleBookmark = (message: ChatMessage) =>
    void bookmark({ id: message.id, bookmarked: !message.bookmarked })
      .unwrap()
      // An earlier span is held here, not in the cache that the bookmark reloads.
      .then(({ data: changed }) =>
        setEarlier((spans) => spans.map((span) => span.map((m) => (m.id === changed.id ? changed : m)))),
      )
      .catch((e: Partial<ApiFailure>) => notify.error(e.message));

  const name = localName(contact, i18n.language);
  return (
    <section className="pd-chat-conversation" aria-label={t('chat.with', { name })} data-testid="chat-conversation">
      <Typography.Title level={2} className="pd-chat-title" dir="auto">
        {name}
      </Typography.Title>
      {error && <Alert type="error" showIcon title={messageText(t, (error as Partial<ApiFailure>).message)} />}
      {!data && !error ? (
        <Spin />
      ) : (
        // Without the history (the server away), what waits on this station still shows, with its clock.
        <ol className="pd-chat-lines" data-testid="chat-lines">
          {!error && (
            <li className="pd-chat-earlier">
              <Button
                size="small"
                loading={earlierState.isFetching}
                onClick={() => void loadEarlier()}
                data-testid="chat-earlier"
              >
                {t('chat.earlier')}
              </Button>
            </li>
          )}
          {lines.length === 0 && !error && (
            <li>
              <Empty description={t('chat.noMessages')} />
            </li>
          )}
          {lines.map((line) => (
            <MessageItem
              key={line.key}
              line={line}
              quoted={line.replyTo === null ? null : (byId.get(line.replyTo) ?? null)}
              onReply={setReplyTo}
              onBookmark={toggleBookmark}
            />
          ))}
          <li ref={end} aria-hidden className="pd-chat-end" />
        </ol>
      )}
      <Composer receiverId={contact.id} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />
    </section>
  );
}
