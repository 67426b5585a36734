import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen not released yet says so plainly instead of showing a blank page. */
export function ComingSoon({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <Empty
      data-testid="coming-soon"
      style={{ marginTop: 96 }}
      description={
        <>
          <strong>{t('comingSoon.title', { screen })}</strong>
          <div>{t('comingSoon.body')}</div>
        </>
      }
    />
  );
}
