import { Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { formatDateTime } from '../../components/format/dates';
import { failureOf } from '../../../shared/domain/sms';
import { Ltr } from '../../components/ui/ltr';

type Message = ResponseOf<'sms/outbox'>['rows'][number];
const STATUS_COLOUR: Record<Message['status'], string> = {
  stored: 'default',
  sent: 'green',
  failed: 'red',
  unknown: 'orange',
};

/**
 * Every text message the centre sent or kept (codes, invoices), the caller's branch's only; codes
 * show masked, as the server keeps them. A failed one says whose move it is (the settings, the
 * number, or later) with the gateway's own status and code.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const list = usePaging({ page: 1, perPage: 20 });
  const { data, isFetching } = api.useSmsOutboxQuery(
    { page: list.query.page, perPage: list.query.perPage, to: list.query.q },
    { pollingInterval: 10_000 },
  );
  return (
    <div data-testid="outbox-page">
      <ListHeader title={t('outbox.title')} searchPlaceholder={t('outbox.search')} onSearch={list.search} level={2} />
      <Table<Message>
        rowKey="id"
        loading={isFetching && !data}
        dataSource={data?.rows}
        locale={{ emptyText: t('outbox.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          {
            title: t('outbox.at'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatDateTime(v, i18n.language, 'short'),
          },
          { title: t('outbox.to'), dataIndex: 'to', width: 140, render: (v: string) => <Ltr>{v}</Ltr> },
          {
            title: t('outbox.purpose'),
            dataIndex: 'purpose',
            width: 110,
            render: (v: string) => t(`outbox.purposes.${v}`, { defaultValue: v }),
          },
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
          { title: t('invoices.status'), dataIndex: 'status', width: 200, render: (_, m) => <Status message={m} /> },
        ]}
      />
    </div>
  );
}

function Status({ message }: { message: Message }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATUS_COLOUR[message.status]} data-testid="outbox-status">
      {t(`outbox.status.${message.status}`)}
    </Tag>
  );
  if (message.status === 'unknown') return <Tooltip title={t('outbox.unknownHint')}>{tag}</Tooltip>;
  if (message.status !== 'failed') return tag;
  const cause = [message.http_status === null ? null : `HTTP ${message.http_status}`, message.error_code]
    .filter(Boolean)
    .join(' · ');
  return (
    <div>
      {tag}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="outbox-failure">
        {t(
          `outbox.failure.${message.http_status === null ? 'later' : failureOf(message.http_status, message.error_code)}`,
        )}
        {/* Isolated and whole, brackets and all: inside an Arabic line they would otherwise flip. */}
        {cause && (
          <>
            {' '}
            <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
              ({cause})
            </bdi>
          </>
        )}
      </Typography.Text>
    </div>
  );
}
