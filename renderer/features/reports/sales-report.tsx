import { useState } from 'react';
import { Button, Card, Col, Flex, Row, Segmented, Statistic, Table, Typography, theme } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPORT_MEASURES } from '../../../shared/api/reports';
import { api } from '../../api/base';
import { BarChart } from '../../components/ui/charts/bar-chart';
import { formatMoney } from '../../components/format/money';
import { formatCount } from '../../components/format/numbers';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import { dimensionLabel } from './labels';
import { ReportTable } from './report-table';
import type { ReportScope } from './report-scope';
import { Ltr } from '../../components/ui/ltr';
import { ReadRefusal } from '../../components/ui/read-refusal';

type Period = 'day' | 'week' | 'month';

/** Spec 2, Reports: the sales of the days chosen, by period, product, package, cashier and branch; VAT, discounts, coupons, refunds. */
export function SalesReport({ scope }: { scope: ReportScope }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language;
  const [period, setPeriod] = useState<Period>('day');
  const { data, isFetching, error } = api.useSalesReportQuery({
    dates: scope.dates,
    branch_id: scope.branchId,
    period,
  });
  const exportSheet = useExportSheet();
  const money = (n: number) => formatMoney(n, lang);
  const file = (what: string) => `${what}-${scope.dates.from}-${scope.dates.to}.xlsx`;
  // Under an amount, how many documents make it: counted as the shift report counts them, never negatively.
  const counted = (key: 'sales' | 'creditNotes', n: number) => t(`shift.${key}`, { count: n, n: formatCount(n, lang) });
  const figures: [string, string, string?][] = data
    ? [
        ['invoices', money(data.invoices.gross), counted('sales', data.invoices.count)],
        ['creditNotes', money(data.creditNotes.gross), counted('creditNotes', data.creditNotes.count)],
        ['takings', money(data.total.gross)],
        ['vat', money(data.total.vat)],
        ['discounts', money(data.total.discount)],
        ['cash', money(data.payments.cash)],
        ['card', money(data.payments.card)],
      ]
    : [];
  return (
    <div data-testid="sales-report">
      <ReadRefusal error={error} />
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {figures.map(([key, value, count]) => (
          <Col key={key} flex="1 1 150px">
            <Card size="small" data-testid={`sales-${key}`}>
              <Statistic title={t(`reports.sales.${key}`)} value={value} />
              {count && (
                <Typography.Text type="secondary" data-testid={`sales-${key}-count`}>
                  {count}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} className="no-print">
        <Segmented<Period>
          value={period}
          onChange={setPeriod}
          options={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`reports.dimensions.${p}`) }))}
          data-testid="sales-period"
        />
      </Flex>
      {data && data.periods.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <BarChart
            testId="sales-chart"
            rtl={lang === 'ar'}
            summary={t('reports.sales.chartSummary', { total: money(data.total.gross) })}
            format={money}
            groups={data.periods.map((p) => ({
              label: dimensionLabel(t, lang, period, p.keys[0]!),
              values: [p.values.gross],
            }))}
            series={[{ name: t('reports.measures.gross'), color: token.colorPrimary }]}
          />
        </Card>
      )}
      <ReportTable
        title={t('reports.sales.byPeriod')}
        testId="sales-by-period"
        fileName={file('sales')}
        dimensions={[period]}
        measures={REPORT_MEASURES}
        rows={data?.periods}
        totals={data?.total}
        loading={isFetching}
      />
      {(
        [
          ['product', 'byProduct', 'products', data?.products],
          ['package', 'byPackage', 'packages', data?.packages],
          ['cashier', 'byCashier', 'cashiers', data?.cashiers],
          // By branch only when several are read together.
          ...(scope.branchId === null && (data?.branches.length ?? 0) > 1
            ? [['branch', 'byBranch', 'branches', data?.branches] as const]
            : []),
        ] as const
      ).map(([dimension, title, what, rows]) => (
        <ReportTable
          key={dimension}
          title={t(`reports.sales.${title}`)}
          testId={`sales-by-${dimension}`}
          fileName={file(what)}
          dimensions={[dimension]}
          measures={REPORT_MEASURES}
          rows={rows}
          loading={isFetching}
        />
      ))}
      <section data-testid="sales-coupons">
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            {t('reports.sales.coupons')}
          </Typography.Title>
          <Button
            className="no-print"
            icon={<FileExcelOutlined />}
            disabled={!data?.coupons.length}
            onClick={() =>
              void exportSheet(file('coupons'), {
                name: t('reports.sales.coupons').slice(0, 31),
                rightToLeft: lang === 'ar',
                columns: [
                  { header: t('reports.coupon'), kind: 'text' },
                  { header: t('reports.uses'), kind: 'number' },
                  { header: t('reports.measures.discount'), kind: 'money' },
                ],
                rows: (data?.coupons ?? []).map((c) => [c.code, c.uses, c.discount]),
              })
            }
          >
            {t('reports.export')}
          </Button>
        </Flex>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.coupons}
          locale={{ emptyText: t('reports.empty') }}
          columns={[
            { title: t('reports.coupon'), dataIndex: 'code', render: (v: string) => <Ltr>{v}</Ltr> },
            { title: t('reports.uses'), dataIndex: 'uses', align: 'end', render: (v: number) => formatCount(v, lang) },
            {
              title: t('reports.measures.discount'),
              dataIndex: 'discount',
              align: 'end',
              render: (v: number) => money(v),
            },
          ]}
        />
      </section>
    </div>
  );
}
