import { useState } from 'react';
import { Button, Empty, Space, Table, Tag } from 'antd';
import {
  CaretRightOutlined,
  DownloadOutlined,
  PauseOutlined,
  StopOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import type { CampaignState } from '../../../shared/domain/promotion';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { formatDateTime } from '../../components/format/dates';
import { useSubmit } from '../../components/hooks/use-submit';
import { useSaveStoredFile } from '../../components/hooks/use-save-stored-file';
import { ownerFolder } from '../../../shared/api/files';
import { Dialog } from '../../components/ui/dialog';
import { CampaignRows } from './campaign-rows';
import { ProgressFigures } from './progress-figures';
import type { PromotionContext } from './use-promotion-context';

export type Campaign = ResponseOf<'promotion/campaigns'>['rows'][number];

const STATE_COLOUR: Record<CampaignState, string> = {
  waiting: 'gold',
  sending: 'blue',
  paused: 'default',
  cancelled: 'red',
  done: 'green',
};

/** The branch's campaigns with their progress, live over the realtime connection; each one's rows, pause, resume, cancel. */
export function CampaignsList({ context }: { context: PromotionContext }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  // Not polled: promotion_changed reloads the list, and the station's socket reconnecting does once
  // (realtime-connected), for whatever was missed while it was down.
  const { data, isFetching } = api.usePromotionCampaignsQuery({ page, perPage: 10 });
  return (
    <>
      <Table<Campaign>
        rowKey="id"
        data-testid="campaigns"
        loading={isFetching && !data}
        dataSource={data?.rows}
        locale={{ emptyText: <Empty description={t('promotions.campaigns.empty')} /> }}
        pagination={{ current: page, pageSize: 10, total: data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            title: t('promotions.campaigns.at'),
            dataIndex: 'created_at',
            width: 150,
            render: (v: string) => formatDateTime(v, i18n.language, 'short', context.branch.time_zone),
          },
          {
            title: t('promotions.message'),
            dataIndex: 'message',
            // Cut at the message's own end: an English message in an Arabic table keeps its opening words.
            render: (v: string) => (
              <div
                dir="auto"
                title={v}
                style={{
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  textAlign: 'start',
                  maxWidth: 360,
                }}
              >
                {v}
              </div>
            ),
          },
          {
            title: t('promotions.campaigns.state'),
            dataIndex: 'state',
            width: 180,
            render: (v: CampaignState) => (
              <Tag color={STATE_COLOUR[v]} data-testid="campaign-state">
                {t(`promotions.states.${v}`)}
              </Tag>
            ),
          },
          {
            title: t('promotions.campaigns.progress'),
            width: 340,
            render: (_, c) => <ProgressFigures progress={c.progress} timeZone={context.branch.time_zone} />,
          },
          {
            title: '',
            width: 190,
            render: (_, c) => <Actions campaign={c} onRows={() => setOpen(c.id)} />,
          },
        ]}
      />
      {open !== null && (
        <Dialog
          open
          width={900}
          title={t('promotions.campaigns.rows')}
          footer={null}
          onCancel={() => setOpen(null)}
          destroyOnHidden
        >
          <CampaignRows id={open} timeZone={context.branch.time_zone} />
        </Dialog>
      )}
    </>
  );
}

function Actions({ campaign, onRows }: { campaign: Campaign; onRows: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const submit = useSubmit();
  const [pause, pausing] = api.usePromotionPauseMutation();
  const [resume, resuming] = api.usePromotionResumeMutation();
  const [cancel, cancelling] = api.usePromotionCancelMutation();
  const [confirming, setConfirming] = useState(false);
  const [save, downloading] = useSaveStoredFile();
  const running = campaign.state === 'waiting' || campaign.state === 'sending';
  const may = ability.can('update', 'Promotions');
  return (
    <Space size={4} wrap>
      <Button size="small" icon={<UnorderedListOutlined />} onClick={onRows} data-testid="campaign-open">
        {t('promotions.campaigns.rows')}
      </Button>
      {campaign.file && (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() =>
            void save({ fileName: campaign.file!, filePath: ownerFolder('promotion', campaign.branch_id) })
          }
          title={campaign.file}
          data-testid="campaign-file-download"
        >
          {t('promotions.campaigns.file')}
        </Button>
      )}
      {may && running && (
        <Button
          size="small"
          icon={<PauseOutlined />}
          loading={pausing.isLoading}
          onClick={() => void submit(pause({ id: campaign.id }))}
          data-testid="campaign-pause"
        >
          {t('promotions.campaigns.pause')}
        </Button>
      )}
      {may && campaign.state === 'paused' && (
        <Button
          size="small"
          icon={<CaretRightOutlined />}
          loading={resuming.isLoading}
          onClick={() => void submit(resume({ id: campaign.id }))}
          data-testid="campaign-resume"
        >
          {t('promotions.campaigns.resume')}
        </Button>
      )}
      {may && (running || campaign.state === 'paused') && (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          onClick={() => setConfirming(true)}
          data-testid="campaign-cancel"
        >
          {t('promotions.campaigns.cancel')}
        </Button>
      )}
      {confirming && (
        <Dialog
          open
          title={t('promotions.campaigns.cancelTitle')}
          okText={t('promotions.campaigns.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'campaign-cancel-confirm' }}
          cancelText={t('promotions.campaigns.keep')}
          confirmLoading={cancelling.isLoading}
          onOk={() => void submit(cancel({ id: campaign.id })).then(() => setConfirming(false))}
          onCancel={() => setConfirming(false)}
        >
          {t('promotions.campaigns.cancelText', { left: campaign.progress.left })}
        </Dialog>
      )}
    </Space>
  );
}
