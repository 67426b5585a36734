import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromotionSettings } from '../../../shared/api/promotion';
import { clockTime } from '../../../shared/domain/promotion';
import { Ltr } from '../../components/ui/ltr';

/** The rules a promotion goes out under, said before it is sent: the window, the sender, the opt-out words. */
export function SendingRules({ settings }: { settings: PromotionSettings }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="promotion-rules"
      title={
        <>
          {t('promotions.rules.windowBefore')} <Ltr>{clockTime(settings.window_start)}</Ltr>{' '}
          {t('promotions.rules.windowAnd')} <Ltr>{clockTime(settings.window_end)}</Ltr>{' '}
          {t('promotions.rules.windowAfter')}
        </>
      }
      description={
        <>
          <div>
            {t('promotions.rules.sender')}{' '}
            {settings.sender ? <Ltr>{settings.sender}</Ltr> : t('promotions.rules.senderDefault')}
          </div>
          <div>
            {t('promotions.rules.optOut')}{' '}
            <Typography.Text code>
              <bdi>{settings.opt_out_en}</bdi>
            </Typography.Text>{' '}
            ·{' '}
            <Typography.Text code>
              <bdi>{settings.opt_out_ar}</bdi>
            </Typography.Text>
          </div>
        </>
      }
    />
  );
}
