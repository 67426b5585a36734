import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitTime } from '../../../shared/domain/visit-time';
import { clock, useNow } from '../hooks/use-now';

/** Time left for a kid inside, counted by the shared rule; once over, the overtime hours started. */
export function VisitTimer({ visit }: { visit: { checkin_at: string; daily_limits: number; margin_minutes: string } }) {
  const { t } = useTranslation();
  const now = useNow();
  const time = visitTime(
    { checkinAt: visit.checkin_at, dailyLimits: visit.daily_limits, marginMinutes: visit.margin_minutes },
    new Date(now),
  );
  if (time.pendingMs >= 0) {
    return (
      <Tag color={time.pendingMs < 10 * 60_000 ? 'orange' : 'green'} data-testid="visit-timer">
        <span dir="ltr">{clock(time.pendingMs)}</span> {t('desk.left')}
      </Tag>
    );
  }
  return (
    <Tag color="red" data-testid="visit-timer">
      {t('desk.overtime', { count: time.overtimeHours })} · <span dir="ltr">{clock(time.pendingMs)}</span>
    </Tag>
  );
}
