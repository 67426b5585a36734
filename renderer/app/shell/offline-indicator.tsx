import { useEffect, useRef, useState } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, CloudSyncOutlined, DisconnectOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfflineStatus } from '../../../shared/offline-status';
import { api } from '../../api/base';
import { formatDateTime, formatTime } from '../../components/format/dates';
import { formatCount } from '../../components/format/numbers';

/** How long "All offline sales sent" stays once the queue is empty: long enough to be read at a glance. */
const SENT_SHOWN_MS = 6000;

/**
 * antd's pale status tags write their 12 px text in the status colour itself, below 4.5:1 on their tint;
 * the same tints with darker text (inline: antd's own rule is more specific than a stylesheet's).
 */
const readable = {
  processing: { color: '#003eb3' },
  success: { color: '#135200' },
  warning: { color: '#873800' },
} as const;

/** Sales in the queue the station is still sending (the refused ones wait for a person, not for the link). */
const sending = (s: OfflineStatus) => s.waiting - s.stuck;

/**
 * Under the header of every signed-in screen: where the offline till stands, as the station tells it
 * (`pos:offline-status`, then its `offline-status` pushes). Offline: since when and how many sales wait;
 * back online: the queue draining, then a brief "all sent"; sales the server refused: a warning that
 * they are kept. Nothing while online with an empty queue.
 */
export function OfflineIndicator() {
  const { t, i18n } = useTranslation();
  const { data: status } = api.useOfflineStatusQuery();
  const sent = useJustSent(status);
  const lang = i18n.language;
  const n = (count: number) => ({ count, n: formatCount(count, lang) });
  return (
    // One live region, always there, so a reader hears the state change without the focus moving.
    <div role="status" className="pd-offline" data-testid="offline-indicator">
      {status?.link === 'offline' && (
        <Tag icon={<DisconnectOutlined />} color="default" data-testid="offline-since">
          {t('offline.since', { ...n(status.waiting), time: sinceText(status.since, lang) })}
        </Tag>
      )}
      {status?.link === 'online' && sending(status) > 0 && (
        <Tag
          icon={<CloudSyncOutlined spin />}
          color="processing"
          style={readable.processing}
          data-testid="offline-sending"
        >
          {t('offline.sending', n(sending(status)))}
        </Tag>
      )}
      {sent && (
        <Tag icon={<CheckCircleOutlined />} color="success" style={readable.success} data-testid="offline-sent">
          {t('offline.sent')}
        </Tag>
      )}
      {status && status.stuck > 0 && (
        <Tag icon={<WarningOutlined />} color="warning" style={readable.warning} data-testid="offline-stuck">
          {t('offline.stuck', n(status.stuck))}
        </Tag>
      )}
    </div>
  );
}

/** "14:05", or the day too when the link was lost on an earlier day. */
function sinceText(since: string | null, lang: string): string {
  if (!since) return '—';
  const today = new Date().toDateString() === new Date(since).toDateString();
  return today ? formatTime(since, lang) : formatDateTime(since, lang, 'short');
}

/** True for a short while after the queue has emptied, once back online: the sales that waited are all in. */
function useJustSent(status: OfflineStatus | undefined): boolean {
  const busy = status !== undefined && (status.link === 'offline' || sending(status) > 0);
  const wasBusy = useRef(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (busy) setSent(false);
    else if (wasBusy.current && status?.stuck === 0) setSent(true);
    wasBusy.current = busy;
  }, [busy, status]);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [sent]);
  return sent;
}
