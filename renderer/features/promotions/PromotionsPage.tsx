import { useState } from 'react';
import { Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { PageTitle } from '../../components/PageTitle';
import { CampaignImport } from './CampaignImport';
import { CampaignsList } from './CampaignsList';
import { OutboxPage } from './OutboxPage';
import { SendingRules } from './SendingRules';
import { SingleSms } from './SingleSms';
import { usePromotionContext } from './usePromotionContext';

type Tab = 'single' | 'campaign' | 'campaigns' | 'outbox';

/** Promotion SMS (spec 2): one message, a campaign from a file, the campaigns' progress, and the outbox. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const context = usePromotionContext();
  const sends = ability.can('create', 'Promotions');
  const [tab, setTab] = useState<Tab>(sends ? 'single' : 'campaigns');
  if (!context) return <Spin />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="promotions-page">
      <PageTitle title={t('promotions.title')} />
      {sends && tab !== 'outbox' && <SendingRules settings={context.settings} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          ...(sends
            ? [
                { key: 'single', label: t('promotions.tabs.single'), children: <SingleSms context={context} /> },
                {
                  key: 'campaign',
                  label: t('promotions.tabs.campaign'),
                  children: <CampaignImport context={context} onSent={() => setTab('campaigns')} />,
                },
              ]
            : []),
          { key: 'campaigns', label: t('promotions.tabs.campaigns'), children: <CampaignsList context={context} /> },
          { key: 'outbox', label: t('promotions.tabs.outbox'), children: <OutboxPage /> },
        ]}
      />
    </Space>
  );
}
