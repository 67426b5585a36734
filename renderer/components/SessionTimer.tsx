import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionTime } from '../../shared/domain/session-time';
import { clock, useNow } from './useNow';

/** Time left for a kid inside, counted by the shared rule; once over, the overtime hours started. */
export function SessionTimer({
  session,
}: {
  session: { checkin_at: string; daily_limits: number; margin_minutes: string };
}) {
  const { t } = useTranslation();
  const now = useNow();
  const time = sessionTime(
    { checkinAt: session.checkin_at, dailyLimits: session.daily_limits, marginMinutes: session.margin_minutes },
    new Date(now),
  );
  if (time.pendingMs >= 0) {
    return (
      <Tag color={time.pendingMs < 10 * 60_000 ? 'orange' : 'green'} data-testid="session-timer">
        <span dir="ltr">{clock(time.pendingMs)}</span> {t('desk.left')}
      </Tag>
    );
  }
  return (
    <Tag color="red" data-testid="session-timer">
      {t('desk.overtime', { count: time.overtimeHours })} · <span dir="ltr">{clock(time.pendingMs)}</span>
    </Tag>
  );
}
