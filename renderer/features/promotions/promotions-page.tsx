import { useSearchParams } from 'react-router';
import { Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../store/ability';
import { PageTitle } from '../../components/ui/page-title';
import { CampaignImport } from './campaign-import';
import { CampaignsList } from './campaigns-list';
import { OutboxPage } from './outbox-page';
import { SendingRules } from './sending-rules';
import { SingleSms } from './single-sms';
import { usePromotionContext } from './use-promotion-context';

const TABS = ['single', 'campaign', 'campaigns', 'outbox'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

/** Promotion SMS (spec 2): one message, a campaign from a file, the campaigns' progress, and the outbox. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const context = usePromotionContext();
  const sends = ability.can('create', 'Promotions');
  // The tab is in the address (`Promotions?tab=outbox`), so a link or a reload opens it again.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab =
    isTab(asked) && (sends || asked === 'campaigns' || asked === 'outbox') ? asked : sends ? 'single' : 'campaigns';
  const setTab = (next: Tab) => setParams({ tab: next }, { replace: true });
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
