import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Popconfirm, Space, Statistic, Table, Tag } from 'antd';
import { FileTextOutlined, MessageOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { usePrintReceipt } from '../../components/domain/printing/use-print-receipt';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { PageTitle } from '../../components/ui/page-title';
import { formatMoney } from '../../components/format/money';
import { formatDateTime } from '../../components/format/dates';
import { useSubmit } from '../../components/hooks/use-submit';
import { Ltr } from '../../components/ui/ltr';

type InvoiceRow = ResponseOf<'sale/pagelist'>['rows'][number];

/** Invoices of a date range (spec: default today) with their count and value; text one, or cancel it by credit note. */
export function InvoicesPage({ openPrint }: { openPrint: (saleId: number) => void }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  // Until a range is picked the server lists the branch's today (its time zone, not the station's).
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const dates = range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : undefined;
  const { data, isFetching } = api.useSalePageListQuery({ page, perPage: 10, dates });
  const shown: [Dayjs, Dayjs] | null = range ?? (data ? [dayjs(data.days.from), dayjs(data.days.to)] : null);
  const [cancel, cancelling] = api.useSaleCancelInvoiceMutation();
  const [send, sending] = api.useInvoiceSendMutation();
  const receipt = usePrintReceipt();
  const submit = useSubmit();

  return (
    <div data-testid="invoices-page">
      <PageTitle
        title={t('features.Invoices')}
        extra={
          <DatePicker.RangePicker
            value={shown}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) {
                setRange([v[0], v[1]]);
                setPage(1);
              }
            }}
          />
        }
      />
      <Flex gap={16} style={{ marginBottom: 16 }}>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic title={t('invoices.count')} value={data?.statistics.count ?? 0} data-testid="invoices-count" />
        </Card>
        <Card size="small" style={{ minWidth: 180 }}>
          <Statistic
            title={t('invoices.creditNotes')}
            value={data?.statistics.credit_notes ?? 0}
            data-testid="invoices-credit-notes"
          />
        </Card>
        <Card size="small" style={{ minWidth: 220 }}>
          <Statistic title={t('invoices.value')} value={formatMoney(data?.statistics.value ?? 0, i18n.language)} />
        </Card>
      </Flex>
      <Table<InvoiceRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('invoices.empty') }}
        pagination={{ current: page, pageSize: 10, total: data?.total, onChange: setPage }}
        columns={[
          { title: t('invoices.number'), dataIndex: 'invoice_no', render: (v: number) => <Ltr>#{v}</Ltr> },
          {
            title: t('invoices.date'),
            dataIndex: 'created_at',
            // Each in its own branch's zone: an administrator's list holds every branch's.
            render: (v: string, s) => formatDateTime(v, i18n.language, 'short', s.time_zone),
          },
          { title: t('invoices.total'), dataIndex: 'payable', render: (v: number) => formatMoney(v, i18n.language) },
          { title: t('invoices.vat'), dataIndex: 'vat', render: (v: number) => formatMoney(v, i18n.language) },
          {
            title: t('invoices.status'),
            render: (_, s) =>
              s.kind === 'credit_note' ? (
                <Tag color="orange">{t('invoices.creditNoteFor', { no: s.original_invoice_no })}</Tag>
              ) : s.cancelled_at ? (
                <Tag color="red">{t('invoices.cancelled')}</Tag>
              ) : (
                <Tag color="green">{t('invoices.paid')}</Tag>
              ),
          },
          {
            title: t('actions.title'),
            render: (_, s) => (
              <Space>
                <Button
                  size="small"
                  icon={<PrinterOutlined />}
                  loading={receipt.printingSale(s.id)}
                  onClick={() => void receipt.print(s.id)}
                  aria-label={t('print.thermal')}
                  data-testid="invoice-print-receipt"
                />
                <Button
                  size="small"
                  icon={<FileTextOutlined />}
                  onClick={() => openPrint(s.id)}
                  aria-label={t('print.a4')}
                  data-testid="invoice-open-print"
                />
                {ability.can('update', 'Invoices') && (
                  <Button
                    size="small"
                    icon={<MessageOutlined />}
                    loading={sending.isLoading && sending.originalArgs?.id === s.id}
                    onClick={() => void submit(send({ id: s.id }))}
                    aria-label={t('invoices.send')}
                    data-testid="invoice-send"
                  />
                )}
                {s.kind === 'invoice' && !s.cancelled_at && ability.can('update', 'Invoices') && (
                  <Popconfirm
                    title={t('invoices.confirmCancel', { no: s.invoice_no })}
                    description={t('invoices.cancelHelp')}
                    okText={t('invoices.cancel')}
                    cancelText={t('actions.back')}
                    okButtonProps={{ danger: true, loading: cancelling.isLoading, 'data-testid': 'cancel-confirm' }}
                    onConfirm={() => submit(cancel({ id: s.id }))}
                  >
                    <Button size="small" danger icon={<StopOutlined />} data-testid="invoice-cancel">
                      {t('invoices.cancel')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
