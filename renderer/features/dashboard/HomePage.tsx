import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/permissions';
import { localName } from '../../components/names';

export function HomePage({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="home-page" variant="borderless">
      <Typography.Title level={3}>{t('home.greeting', { name: localName(user, i18n.language) })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      <Empty description={t('home.empty')} />
    </Card>
  );
}
