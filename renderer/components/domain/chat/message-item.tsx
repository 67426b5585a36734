import { Button, Tooltip, Typography } from 'antd';
import { RollbackOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../shared/api/chat';
import { formatDateTime } from '../../format/dates';
import type { Line } from './conversation-lines';
import { MessageState } from './message-state';

/** The message a reply answers, above the reply's text (or above the box while writing one). */
export function Quote({ quoted }: { quoted: Pick<ChatMessage, 'body'> | null }) {
  const { t } = useTranslation();
  return (
    <blockquote className="pd-chat-quote" data-testid="chat-quote">
      {quoted ? <span dir="auto">{quoted.body}</span> : <em>{t('chat.earlierMessage')}</em>}
    </blockquote>
  );
}

/**
 * A message in its own direction (dir="auto": Arabic right to left, English left to right, in either
 * layout), its time, one's own message's state, and its reply and bookmark actions once stored.
 */
export function MessageItem({
  line,
  quoted,
  onReply,
  onBookmark,
}: {
  line: Line;
  quoted: ChatMessage | null;
  onReply: (message: ChatMessage) => void;
  onBookmark: (message: ChatMessage) => void;
}) {
  const { t, i18n } = useTranslation();
  const { stored } = line;
  return (
    <li className={`pd-chat-line ${line.mine ? 'pd-chat-mine' : 'pd-chat-theirs'}`} data-testid="chat-message">
      <div className="pd-chat-bubble">
        {line.replyTo !== null && <Quote quoted={quoted} />}
        <div dir="auto" className="pd-chat-body" data-testid="chat-body">
          {line.body}
        </div>
        <div className="pd-chat-meta">
          <Typography.Text type="secondary">{formatDateTime(line.createdAt, i18n.language, 'short')}</Typography.Text>
          {line.mine && <MessageState state={line.state} />}
          {stored && (
            <>
              <Tooltip title={t('chat.reply')}>
                <Button
                  type="text"
                  size="small"
                  icon={<RollbackOutlined />}
                  aria-label={t('chat.reply')}
                  onClick={() => onReply(stored)}
                  data-testid="chat-reply"
                />
              </Tooltip>
              <Tooltip title={t(stored.bookmarked ? 'chat.unbookmark' : 'chat.bookmark')}>
                <Button
                  type="text"
                  size="small"
                  icon={stored.bookmarked ? <StarFilled /> : <StarOutlined />}
                  aria-label={t('chat.bookmark')}
                  aria-pressed={stored.bookmarked}
                  onClick={() => onBookmark(stored)}
                  data-testid="chat-bookmark"
                />
              </Tooltip>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
