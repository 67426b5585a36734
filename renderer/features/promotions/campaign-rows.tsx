import { useState } from 'react';
import { Empty, Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { ROW_STATES, type RowState } from '../../../shared/domain/promotion';
import { api } from '../../api/base';
import { Ltr } from '../../components/ui/ltr';
import { ProgressFigures } from './progress-figures';

type Row = ResponseOf<'promotion/campaign'>['rows']['rows'][number];

const ROW_COLOUR: Record<RowState, string> = {
  waiting: 'default',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  unknown: 'orange',
  skipped: 'default',
};

/** One campaign's progress and its rows, 10 a page (spec 9), each with its state and why. */
export function CampaignRows({ id, timeZone }: { id: number; timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<RowState | 'all'>('all');
  const { data, isFetching } = api.usePromotionCampaignQuery({
    id,
    page,
    perPage: 10,
    state: state === 'all' ? undefined : state,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="campaign-detail">
      {data && <ProgressFigures progress={data.campaign.progress} timeZone={timeZone} />}
      <Segmented<RowState | 'all'>
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('promotions.rowStates.all') },
          ...ROW_STATES.map((s) => ({ value: s, label: t(`promotions.rowStates.${s}`) })),
        ]}
      />
      <Table<Row>
        size="small"
        rowKey="id"
        loading={isFetching && !data}
        dataSource={data?.rows.rows}
        data-testid="campaign-detail-rows"
        locale={{ emptyText: <Empty description={t('promotions.campaigns.noRows')} /> }}
        pagination={{ current: page, pageSize: 10, total: data?.rows.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('promotions.import.row'), dataIndex: 'row', width: 70, render: (v: number) => <Ltr>{v}</Ltr> },
          { title: t('promotions.single.mobile'), dataIndex: 'mobile', render: (v: string) => <Ltr>{v}</Ltr> },
          { title: t('promotions.import.name'), dataIndex: 'name', render: (v: string) => <bdi>{v || '—'}</bdi> },
          {
            title: t('promotions.campaigns.state'),
            dataIndex: 'state',
            render: (v: RowState) => <Tag color={ROW_COLOUR[v]}>{t(`promotions.rowStates.${v}`)}</Tag>,
          },
          {
            title: t('promotions.campaigns.cause'),
            dataIndex: 'cause',
            render: (v: string | null) =>
              v === null ? '—' : t(`promotions.causes.${v}`, { defaultValue: '' }) || <Ltr>{v}</Ltr>,
          },
        ]}
      />
    </Space>
  );
}
