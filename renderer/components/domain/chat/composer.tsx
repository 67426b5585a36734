import { useState } from 'react';
import { Button, Input } from 'antd';
import { CloseOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../shared/api/chat';
import { MAX_CHAT_MESSAGE_LENGTH } from '../../../../shared/domain/chat';
import { api } from '../../../api/base';
import { useNotify } from '../../hooks/use-notify';
import { chatStore } from './chat-store';
import { Quote } from './message-item';

/**
 * The box a message is written in: Enter sends, Shift+Enter starts a new line. The message goes to the
 * main process, which keeps it pending until the server stores it.
 */
export function Composer({
  receiverId,
  replyTo,
  onReplyDone,
}: {
  receiverId: number;
  replyTo: ChatMessage | null;
  onReplyDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [send, { isLoading }] = api.useChatSendPendingMutation();

  const submit = async () => {
    const body = text.trim();
    if (!body || isLoading) return;
    const sent = await send({ receiverId, body, replyTo: replyTo?.id ?? null });
    if ('error' in sent) {
      notify.error((sent.error as { message?: string }).message);
      return;
    }
    // Shown at once; the main process's own chat-pending push says the same a moment later.
    const { pending } = chatStore.get();
    if (!pending.some((p) => p.clientId === sent.data.clientId)) chatStore.setPending([...pending, sent.data]);
    setText('');
    onReplyDone();
  };

  return (
    <div className="pd-chat-composer">
      {replyTo && (
        <div className="pd-chat-replying" data-testid="chat-replying">
          <Quote quoted={replyTo} />
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('chat.cancelReply')}
            onClick={onReplyDone}
          />
        </div>
      )}
      <div className="pd-chat-write">
        <Input.TextArea
          // Empty, the box takes the page's direction, so its hint reads in order; typed, the text's own.
          dir={text ? 'auto' : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void submit();
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          placeholder={t('chat.write')}
          aria-label={t('chat.write')}
          data-testid="chat-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void submit()}
          disabled={!text.trim()}
          aria-label={t('chat.send')}
          data-testid="chat-send"
        >
          {t('chat.send')}
        </Button>
      </div>
    </div>
  );
}
