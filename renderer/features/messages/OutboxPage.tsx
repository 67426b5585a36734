import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { useSmsOutboxQuery } from '../../api/frontDesk';
import { ListHeader, usePaging } from '../../components/ListScreen';
import { formatDateTime } from '../../components/dates';

type Message = ResponseOf<'sms/outbox'>['rows'][number];
const STATUS_COLOUR: Record<Message['status'], string> = { stored: 'default', sent: 'green', failed: 'red' };

/**
 * Every text message the centre sent or kept (codes, invoices): with the default outbox gateway
 * nothing leaves the machine, and this is where the messages are read.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const list = usePaging({ page: 1, perPage: 20 });
  const { data, isFetching } = useSmsOutboxQuery({ page: list.query.page, perPage: list.query.perPage, to: list.query.q }, { pollingInterval: 10_000 });
  return (
    <div data-testid="outbox-page">
      <ListHeader title={t('outbox.title')} searchPlaceholder={t('outbox.search')} onSearch={list.search} />
      <Table<Message>
        rowKey="id"
        loading={isFetching && !data}
        dataSource={data?.rows}
        locale={{ emptyText: t('outbox.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          { title: t('outbox.at'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v, i18n.language, 'short') },
          { title: t('outbox.to'), dataIndex: 'to', width: 140, render: (v: string) => <span dir="ltr">{v}</span> },
          { title: t('outbox.purpose'), dataIndex: 'purpose', width: 110, render: (v: string) => t(`outbox.purposes.${v}`, { defaultValue: v }) },
          {
            title: t('outbox.body'),
            dataIndex: 'body',
            // Each line in its own direction: the messages are written in English, then Arabic.
            render: (v: string) => (
              <Typography.Text data-testid="outbox-body">
                {v.split('\n').map((line, i) => (
                  <div key={i} dir="auto">
                    {line}
                  </div>
                ))}
              </Typography.Text>
            ),
          },
          { title: t('invoices.status'), dataIndex: 'status', width: 110, render: (v: Message['status']) => <Tag color={STATUS_COLOUR[v]}>{t(`outbox.status.${v}`)}</Tag> },
        ]}
      />
    </div>
  );
}
