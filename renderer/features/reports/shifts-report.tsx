import { useState } from 'react';
import { Button, Drawer, Flex, Segmented, Space, Table, Tag } from 'antd';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ShiftSummary } from '../../../shared/api/cashup';
import { api } from '../../api/base';
import { bridge } from '../../bridge';
import { formatDateTime } from '../../components/format/dates';
import { formatMoney } from '../../components/format/money';
import { localName } from '../../components/format/names';
import { ShiftSheet } from '../../components/domain/shift/shift-sheet';
import { useThermalJob } from '../../components/domain/printing/use-print-receipt';
import { usePrintPage } from '../../components/domain/printing/use-print-page';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import type { ReportScope } from './report-scope';
import { ReadRefusal } from '../../components/ui/read-refusal';

type Shown = 'all' | 'open' | 'closed';

/** Spec 2, user summary: every cashier's shifts in the days chosen, open ones first to chase, each one's X or Z report. */
export function ShiftsReport({ scope }: { scope: ReportScope }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [shown, setShown] = useState<Shown>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<ShiftSummary | null>(null);
  const filters = {
    branch_id: scope.branchId,
    from: scope.dates.from,
    to: scope.dates.to,
    open: shown === 'all' ? undefined : shown === 'open',
  };
  const { data, isFetching, error } = api.useCashupListQuery({ ...filters, page, perPage: 10 });
  const exportSheet = useExportSheet();
  const [exporting, setExporting] = useState(false);
  /** Every shift the filters match (pages of 200), one row each with its figures. */
  const exportAll = async () => {
    setExporting(true);
    const shifts: ShiftSummary[] = [];
    for (let n = 1; n <= 100; n++) {
      const answer = await bridge.api.call('cashup/list', { ...filters, page: n, perPage: 200 });
      if (!answer.status) break;
      shifts.push(...answer.data.rows);
      if (shifts.length >= answer.data.total || answer.data.rows.length === 0) break;
    }
    await exportSheet(`cash-ups-${scope.dates.from}-${scope.dates.to}.xlsx`, {
      name: t('reports.tabs.shifts').slice(0, 31),
      rightToLeft: lang === 'ar',
      columns: [
        { header: t('reports.shifts.cashier'), kind: 'text' },
        { header: t('shift.opened'), kind: 'text' },
        { header: t('shift.closed'), kind: 'text' },
        { header: t('shift.float'), kind: 'money' },
        { header: t('reports.tabs.sales'), kind: 'money' },
        { header: t('reports.sales.creditNotes'), kind: 'money' },
        { header: t('shift.expected'), kind: 'money' },
        { header: t('shift.counted'), kind: 'money' },
        { header: t('reports.shifts.difference'), kind: 'money' },
      ],
      rows: shifts.map((s) => [
        localName(s.cashier, lang),
        formatDateTime(s.opened_at, lang, 'short', s.branch.time_zone),
        s.closed_at ? formatDateTime(s.closed_at, lang, 'short', s.branch.time_zone) : null,
        s.opening_float,
        s.invoices.total,
        s.creditNotes.total,
        s.expected_cash,
        s.counted_cash,
        s.difference,
      ]),
    });
    setExporting(false);
  };
  const thermal = useThermalJob();
  const printing = usePrintPage();
  const money = (s: ShiftSummary, n: number | null) => (n === null ? '—' : formatMoney(n, lang, s.branch.currency));
  return (
    <div data-testid="shifts-report">
      <ReadRefusal error={error} />
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }} className="no-print">
        <Segmented<Shown>
          value={shown}
          onChange={(v) => {
            setShown(v);
            setPage(1);
          }}
          options={(['all', 'open', 'closed'] as const).map((v) => ({ value: v, label: t(`reports.shifts.${v}`) }))}
        />
        <Button
          icon={<FileExcelOutlined />}
          disabled={!data?.total}
          loading={exporting}
          onClick={() => void exportAll()}
          data-testid="shifts-export"
        >
          {t('reports.export')}
        </Button>
      </Flex>
      <Table<ShiftSummary>
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('reports.shifts.empty') }}
        pagination={{ current: page, pageSize: 10, total: data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('reports.shifts.cashier'), render: (_, s) => localName(s.cashier, lang) },
          {
            title: t('shift.opened'),
            render: (_, s) => formatDateTime(s.opened_at, lang, 'short', s.branch.time_zone),
          },
          {
            title: t('shift.closed'),
            render: (_, s) =>
              s.closed_at ? (
                formatDateTime(s.closed_at, lang, 'short', s.branch.time_zone)
              ) : (
                <Tag color="green">{t('reports.shifts.stillOpen')}</Tag>
              ),
          },
          { title: t('shift.expected'), align: 'end', render: (_, s) => money(s, s.expected_cash) },
          { title: t('shift.counted'), align: 'end', render: (_, s) => money(s, s.counted_cash) },
          {
            title: t('reports.shifts.difference'),
            align: 'end',
            render: (_, s) =>
              s.difference === null ? (
                '—'
              ) : (
                <Tag color={s.difference < 0 ? 'red' : s.difference > 0 ? 'orange' : 'green'}>
                  {money(s, s.difference)}
                </Tag>
              ),
          },
          {
            title: t('reports.shifts.report'),
            render: (_, s) => (
              <Button size="small" onClick={() => setViewing(s)} data-testid={`shift-view-${s.id}`}>
                {s.closed_at ? t('reports.shifts.z') : t('reports.shifts.x')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width={860}
        title={viewing ? t('shift.number', { id: viewing.id }) : ''}
        extra={
          viewing && (
            <Space className="no-print">
              <Button
                icon={<PrinterOutlined />}
                loading={thermal.printing}
                onClick={() =>
                  void thermal.run(`shift-${viewing.id}`, () => bridge.invoke('pos:print-shift', { id: viewing.id }))
                }
              >
                {t('shift.printReceipt')}
              </Button>
              <Button icon={<PrinterOutlined />} onClick={() => void printing.run('print', `shift-${viewing.id}.pdf`)}>
                {t('print.a4')}
              </Button>
            </Space>
          )
        }
      >
        {viewing && <ShiftSheet shift={viewing} />}
      </Drawer>
    </div>
  );
}
