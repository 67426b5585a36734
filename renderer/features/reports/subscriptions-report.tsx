import { useState } from 'react';
import { Button, Card, Flex, InputNumber, Segmented, Statistic, Table, Typography, theme } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import { BarChart } from '../../components/ui/charts/bar-chart';
import { formatDay } from '../../components/format/dates';
import { formatCount } from '../../components/format/numbers';
import { localName } from '../../components/format/names';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import type { ReportScope } from './report-scope';
import { Ltr } from '../../components/ui/ltr';
import { ReadRefusal } from '../../components/ui/read-refusal';

type Report = ResponseOf<'report/subscriptions'>;
const COUNTS = ['sold', 'active', 'waiting', 'frozen', 'ended', 'cancelled'] as const;

/** Spec 2, subscription reports: statuses over time, those ending soon (with a mobile for a reminder), freeze days. */
export function SubscriptionsReport({ scope }: { scope: ReportScope }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language;
  const [period, setPeriod] = useState<'week' | 'month'>('month');
  const [expiringDays, setExpiringDays] = useState(7);
  const { data, isFetching, error } = api.useSubscriptionReportQuery({
    dates: scope.dates,
    branch_id: scope.branchId,
    period,
    expiringDays,
  });
  const exportSheet = useExportSheet();
  const count = (n: number) => formatCount(n, lang);
  const periodLabel = (p: string) =>
    period === 'week' ? t('reports.weekOf', { day: formatDay(p, lang) }) : formatDay(p, lang);
  return (
    <div data-testid="subscriptions-report">
      <ReadRefusal error={error} />
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }} className="no-print">
        <Segmented<'week' | 'month'>
          value={period}
          onChange={setPeriod}
          options={(['week', 'month'] as const).map((p) => ({ value: p, label: t(`reports.dimensions.${p}`) }))}
        />
        <Card size="small">
          <Statistic title={t('reports.subs.freezeDays')} value={count(data?.freezeDays ?? 0)} />
        </Card>
      </Flex>
      {data && data.periods.some((p) => p.active > 0 || p.sold > 0) && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <BarChart
            testId="subscriptions-chart"
            rtl={lang === 'ar'}
            summary={t('reports.subs.chartSummary')}
            format={count}
            groups={data.periods.map((p) => ({ label: periodLabel(p.period), values: [p.active, p.sold] }))}
            series={[
              { name: t('reports.subs.active'), color: token.colorPrimary },
              { name: t('reports.subs.sold'), color: token.colorSuccess },
            ]}
          />
        </Card>
      )}
      <Section
        title={t('reports.subs.overTime')}
        onExport={() =>
          void exportSheet(`subscriptions-${scope.dates.from}-${scope.dates.to}.xlsx`, {
            name: t('reports.subs.overTime').slice(0, 31),
            rightToLeft: lang === 'ar',
            columns: [
              { header: t(`reports.dimensions.${period}`), kind: 'text' },
              ...COUNTS.map((c) => ({ header: t(`reports.subs.${c}`), kind: 'number' as const })),
            ],
            rows: (data?.periods ?? []).map((p) => [periodLabel(p.period), ...COUNTS.map((c) => p[c])]),
          })
        }
        disabled={!data?.periods.length}
      >
        <Table<Report['periods'][number]>
          size="small"
          rowKey="period"
          loading={isFetching}
          pagination={false}
          dataSource={data?.periods}
          data-testid="subscriptions-periods"
          columns={[
            { title: t(`reports.dimensions.${period}`), render: (_, p) => periodLabel(p.period) },
            ...COUNTS.map((c) => ({
              key: c,
              title: t(`reports.subs.${c}`),
              align: 'end' as const,
              render: (_: unknown, p: Report['periods'][number]) => count(p[c]),
            })),
          ]}
        />
      </Section>
      <Section
        title={t('reports.subs.expiring', { days: count(expiringDays) })}
        extra={
          <InputNumber
            min={1}
            max={90}
            value={expiringDays}
            onChange={(v) => v && setExpiringDays(v)}
            addonAfter={t('reports.subs.days')}
            aria-label={t('reports.subs.days')}
            style={{ width: 140 }}
          />
        }
        onExport={() =>
          void exportSheet(`subscriptions-ending.xlsx`, {
            name: t('reports.subs.expiringSheet').slice(0, 31),
            rightToLeft: lang === 'ar',
            columns: [
              { header: t('dashboard.kid'), kind: 'text' },
              { header: t('reports.subs.parent'), kind: 'text' },
              { header: t('dashboard.mobile'), kind: 'text' },
              { header: t('dashboard.package'), kind: 'text' },
              { header: t('dashboard.ends'), kind: 'text' },
            ],
            rows: (data?.expiring ?? []).map((r) => [
              localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang),
              localName({ name_en: r.parent_name_en, name_ar: r.parent_name_ar }, lang),
              r.mobile,
              localName(r, lang),
              r.end_date,
            ]),
          })
        }
        disabled={!data?.expiring.length}
      >
        <Table<Report['expiring'][number]>
          size="small"
          rowKey="subscription_id"
          loading={isFetching}
          dataSource={data?.expiring}
          data-testid="subscriptions-expiring"
          locale={{ emptyText: t('reports.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            {
              title: t('dashboard.kid'),
              render: (_, r) => localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang),
            },
            {
              title: t('reports.subs.parent'),
              render: (_, r) => localName({ name_en: r.parent_name_en, name_ar: r.parent_name_ar }, lang),
            },
            { title: t('dashboard.mobile'), render: (_, r) => <Ltr>{r.mobile}</Ltr> },
            { title: t('dashboard.package'), render: (_, r) => localName(r, lang) },
            { title: t('dashboard.ends'), render: (_, r) => formatDay(r.end_date, lang) },
          ]}
        />
      </Section>
    </div>
  );
}

function Section(props: {
  title: string;
  extra?: React.ReactNode;
  onExport: () => void;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {props.title}
        </Typography.Title>
        <Flex gap={8} className="no-print">
          {props.extra}
          <Button icon={<FileExcelOutlined />} disabled={props.disabled} onClick={props.onExport}>
            {t('reports.export')}
          </Button>
        </Flex>
      </Flex>
      {props.children}
    </section>
  );
}
