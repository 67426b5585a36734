import { Button, Flex, Table, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Measures, ReportDimension, ReportMeasure, ReportRow } from '../../../shared/api/reports';
import type { Sheet } from '../../../shared/ipc';
import { formatMoney } from '../../components/format/money';
import { formatCount } from '../../components/format/numbers';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import { dimensionLabel } from './labels';

const MONEY: readonly ReportMeasure[] = ['discount', 'net', 'vat', 'gross'];

/** A report's rows as a table (dimensions, then measures, then a totals row), with its spreadsheet. */
export function ReportTable({
  title,
  fileName,
  dimensions,
  measures,
  rows,
  totals,
  currency,
  loading,
  testId,
}: {
  title: string;
  fileName: string;
  dimensions: readonly ReportDimension[];
  measures: readonly ReportMeasure[];
  rows: ReportRow[] | undefined;
  totals?: Measures;
  currency?: string;
  loading?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const exportSheet = useExportSheet();
  const value = (m: ReportMeasure, n: number) =>
    MONEY.includes(m) ? formatMoney(n, lang, currency) : formatCount(n, lang);
  const sheet = (): Sheet => ({
    name: title.slice(0, 31),
    rightToLeft: lang === 'ar',
    columns: [
      ...dimensions.map((d) => ({ header: t(`reports.dimensions.${d}`), kind: 'text' as const })),
      ...measures.map((m) => ({
        header: t(`reports.measures.${m}`),
        kind: MONEY.includes(m) ? ('money' as const) : ('number' as const),
      })),
    ],
    rows: [
      ...(rows ?? []).map((r) => [
        ...r.keys.map((k, i) => dimensionLabel(t, lang, dimensions[i]!, k)),
        ...measures.map((m) => r.values[m]),
      ]),
      ...(totals
        ? [[t('reports.total'), ...dimensions.slice(1).map(() => null), ...measures.map((m) => totals[m])]]
        : []),
    ],
  });
  return (
    <section data-testid={testId} style={{ marginBottom: 24 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {title}
        </Typography.Title>
        <Button
          className="no-print"
          icon={<FileExcelOutlined />}
          disabled={!rows?.length}
          onClick={() => void exportSheet(fileName, sheet())}
          data-testid={`${testId}-export`}
        >
          {t('reports.export')}
        </Button>
      </Flex>
      <Table<ReportRow>
        size="small"
        loading={loading}
        rowKey={(r) => r.keys.map((k) => k.key).join('|')}
        dataSource={rows}
        pagination={rows && rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: t('reports.empty') }}
        columns={[
          ...dimensions.map((d, i) => ({
            key: d,
            title: t(`reports.dimensions.${d}`),
            render: (_: unknown, r: ReportRow) => dimensionLabel(t, lang, d, r.keys[i]!),
          })),
          ...measures.map((m) => ({
            key: m,
            title: t(`reports.measures.${m}`),
            align: 'end' as const,
            render: (_: unknown, r: ReportRow) => value(m, r.values[m]),
          })),
        ]}
        summary={() =>
          totals ? (
            <Table.Summary.Row>
              {dimensions.map((d, i) => (
                <Table.Summary.Cell key={d} index={i}>
                  {i === 0 ? <strong>{t('reports.total')}</strong> : null}
                </Table.Summary.Cell>
              ))}
              {measures.map((m, i) => (
                <Table.Summary.Cell key={m} index={dimensions.length + i} align="end">
                  <strong>{value(m, totals[m])}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </section>
  );
}
