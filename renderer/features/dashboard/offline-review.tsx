import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Space, Table } from 'antd';
import { CheckOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import type { OfflineNote } from '../../../shared/api/offline';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { useSubmit } from '../../components/hooks/use-submit';
import { formatMoney } from '../../components/format/money';
import { formatCount } from '../../components/format/numbers';
import { formatDateTime } from '../../components/format/dates';
import { Ltr } from '../../components/ui/ltr';

type Row = ResponseOf<'offline/review'>[number];

/**
 * The dashboard's line for offline sales that arrived with something to look at (issue 28), and the list
 * it opens: each sale's notes in words, and *Mark reviewed* (which changes nothing but the list).
 * Reading the list needs *Invoices: view*, marking *Invoices: update*, as the endpoints say.
 */
export function OfflineReview({ count, currency }: { count: number; currency: string | undefined }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  const canView = ability.can('view', 'Invoices');
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="offline-review-card"
        title={t('offlineReview.card', { count, n: formatCount(count, i18n.language) })}
        description={t('offlineReview.cardHelp')}
        action={
          canView && (
            <Button onClick={() => setOpen(true)} data-testid="offline-review-open">
              {t('offlineReview.open')}
            </Button>
          )
        }
      />
      {canView && (
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          size="large"
          title={t('offlineReview.title')}
          data-testid="offline-review"
        >
          {open && <ReviewList currency={currency} />}
        </Drawer>
      )}
    </>
  );
}

function ReviewList({ currency }: { currency: string | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ability = useAbility();
  const submit = useSubmit();
  const { data: rows, isLoading } = api.useOfflineReviewListQuery();
  const [markDone, marking] = api.useOfflineReviewDoneMutation();
  const money = (n: number) => formatMoney(n, lang, currency);
  return (
    <Table<Row>
      size="small"
      rowKey="sale_id"
      loading={isLoading}
      pagination={false}
      dataSource={rows}
      data-testid="offline-review-list"
      locale={{ emptyText: <Empty description={t('offlineReview.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      expandable={{
        expandedRowRender: (r) => <NoteList notes={r.notes} money={money} t={t} />,
        showExpandColumn: false,
        expandedRowKeys: rows?.map((r) => r.sale_id),
      }}
      columns={[
        { title: t('offlineReview.invoice'), render: (_, r) => <Ltr>#{r.invoice_no}</Ltr> },
        { title: t('offlineReview.soldAt'), render: (_, r) => formatDateTime(r.sold_at, lang, 'short') },
        { title: t('offlineReview.cashier'), render: (_, r) => <Ltr>#{r.cashier_id}</Ltr> },
        // A station is known by its id alone; its first characters tell two apart.
        { title: t('offlineReview.station'), render: (_, r) => <Ltr>{r.station_id.slice(0, 8)}</Ltr> },
        { title: t('offlineReview.payable'), align: 'end', render: (_, r) => money(r.payable) },
        {
          title: t('actions.title'),
          render: (_, r) => (
            <Space wrap>
              <Button
                size="small"
                icon={<FileTextOutlined />}
                href={`#/Invoices/${r.sale_id}/print`}
                data-testid={`offline-review-invoice-${r.sale_id}`}
              >
                {t('offlineReview.openInvoice')}
              </Button>
              {ability.can('update', 'Invoices') && (
                <Button
                  size="small"
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={marking.isLoading && marking.originalArgs?.sale_id === r.sale_id}
                  onClick={() => void submit(markDone({ sale_id: r.sale_id }))}
                  data-testid={`offline-review-done-${r.sale_id}`}
                >
                  {t('offlineReview.done')}
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

function NoteList({ notes, money, t }: { notes: OfflineNote[]; money: (n: number) => string; t: TFunction }) {
  return (
    <ul className="pd-offline-notes" data-testid="offline-review-notes">
      {notes.map((note, i) => (
        <li key={i}>{noteText(note, money, t)}</li>
      ))}
    </ul>
  );
}

/** A note in words: a price in money, an invoice number as a number, the rest by the thing it names. */
function noteText(note: OfflineNote, money: (n: number) => string, t: TFunction): string {
  const amount = (v: number | null) => (v === null ? '—' : note.kind === 'PRICE_CHANGED' ? money(v) : String(v));
  return t(`offlineReview.note.${note.kind}`, {
    product: note.product_id ?? '—',
    package: note.package_id ?? '—',
    kid: note.kid_id ?? '—',
    printed: amount(note.printed),
    current: amount(note.current),
  });
}
