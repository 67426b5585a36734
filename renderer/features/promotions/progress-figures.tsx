import { Progress as Bar, Space, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Progress } from '../../../shared/api/promotion';
import { Ltr } from '../../components/ui/ltr';

/** Sent, failed, no answer, waiting and left; and, outside the window, until when it waits. */
export function ProgressFigures({ progress, timeZone }: { progress: Progress; timeZone: string }) {
  const { t } = useTranslation();
  const gone = progress.sent + progress.failed + progress.unknown + progress.skipped;
  const figures = [
    ['sent', progress.sent],
    ['failed', progress.failed],
    ['unknown', progress.unknown],
    ['skipped', progress.skipped],
    ['waiting', progress.waiting],
    ['left', progress.left],
  ] as const;
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }} data-testid="campaign-progress">
      <Bar
        aria-label={t('promotions.campaigns.progress')}
        percent={progress.total ? Math.floor((gone * 100) / progress.total) : 0}
        size="small"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {figures.map(([label, figure], i) => (
          <span key={label} data-testid={`progress-${label}`}>
            {i > 0 && ' · '}
            {t(`promotions.progress.${label}`)} <Ltr>{figure}</Ltr>
          </span>
        ))}
      </Typography.Text>
      {progress.waits_until && progress.left > 0 && (
        <Typography.Text style={{ fontSize: 12 }} data-testid="campaign-waits">
          <ClockCircleOutlined /> {t('promotions.progress.waitsUntil')}{' '}
          <Ltr>{clockAt(progress.waits_until, timeZone)}</Ltr>
        </Typography.Text>
      )}
    </Space>
  );
}

/** HH:MM on the branch's clock: a window opens within a day, so the hour says when. */
const clockAt = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );
