import { Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserSummaryRow } from '../../../shared/api/reports';
import { api } from '../../api/base';
import { formatMoney } from '../../components/format/money';
import { formatCount } from '../../components/format/numbers';
import { localName } from '../../components/format/names';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import type { ReportScope } from './report-scope';
import './user-summary.css';
import { ReadRefusal } from '../../components/ui/read-refusal';

type Figures = Omit<UserSummaryRow, 'user'>;
type Kind = 'number' | 'money' | 'hours';
type Column = { key: string; kind: Kind; value: (f: Figures) => number };

/** The report's columns in groups: one list for the table, its totals row and the spreadsheet. */
const GROUPS: { key: string; columns: Column[] }[] = [
  {
    key: 'signIns',
    columns: [
      { key: 'count', kind: 'number', value: (f) => f.signIns },
      { key: 'hours', kind: 'hours', value: (f) => f.signedInMinutes },
    ],
  },
  {
    key: 'sales',
    columns: [
      { key: 'count', kind: 'number', value: (f) => f.sales.count },
      { key: 'amount', kind: 'money', value: (f) => f.sales.amount },
    ],
  },
  {
    key: 'creditNotes',
    columns: [
      { key: 'count', kind: 'number', value: (f) => f.creditNotes.count },
      { key: 'amount', kind: 'money', value: (f) => f.creditNotes.amount },
    ],
  },
  {
    key: 'door',
    columns: [
      { key: 'in', kind: 'number', value: (f) => f.checkIns },
      { key: 'out', kind: 'number', value: (f) => f.checkOuts },
    ],
  },
  {
    key: 'rooms',
    columns: [
      { key: 'in', kind: 'number', value: (f) => f.roomCheckIns },
      { key: 'out', kind: 'number', value: (f) => f.roomCheckOuts },
    ],
  },
  {
    key: 'forgiven',
    columns: [
      { key: 'count', kind: 'number', value: (f) => f.forgiven.count },
      { key: 'amount', kind: 'money', value: (f) => f.forgiven.amount },
    ],
  },
  {
    key: 'cashups',
    columns: [
      { key: 'closed', kind: 'number', value: (f) => f.shiftsClosed },
      { key: 'off', kind: 'number', value: (f) => f.shiftsOff },
      { key: 'difference', kind: 'money', value: (f) => f.cashDifference },
    ],
  },
];

/** Spec 2, the user summary: what each employee did in the days chosen, with what each column counts. */
export function UserSummaryReport({ scope }: { scope: ReportScope }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, isFetching, error } = api.useUserSummaryReportQuery({ dates: scope.dates, branch_id: scope.branchId });
  const exportSheet = useExportSheet();
  // An amount never breaks between its sign and its figures (-SAR 23.00 on two lines reads as two things).
  const show = (kind: Kind, n: number) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      {kind === 'money'
        ? formatMoney(n, lang)
        : kind === 'hours'
          ? `${formatCount(Math.floor(n / 60), lang)}:${String(n % 60).padStart(2, '0')}`
          : formatCount(n, lang)}
    </span>
  );
  const header = (g: string, c: string) => `${t(`reports.users.groups.${g}`)}: ${t(`reports.users.columns.${c}`)}`;
  const columns: ColumnsType<UserSummaryRow> = [
    { title: t('dashboard.employee'), key: 'user', render: (_, r) => localName(r.user, lang) },
    ...GROUPS.map((g) => ({
      title: t(`reports.users.groups.${g.key}`),
      key: g.key,
      children: g.columns.map((c) => ({
        title: t(`reports.users.columns.${c.key}`),
        key: `${g.key}-${c.key}`,
        align: 'end' as const,
        render: (_: unknown, r: UserSummaryRow) => show(c.kind, c.value(r)),
      })),
    })),
  ];
  const flat = GROUPS.flatMap((g) => g.columns.map((c) => ({ group: g.key, ...c })));
  const exportAll = (report: NonNullable<typeof data>) =>
    exportSheet(`user-summary-${scope.dates.from}-${scope.dates.to}.xlsx`, {
      name: t('reports.tabs.users').slice(0, 31),
      rightToLeft: lang === 'ar',
      columns: [
        { header: t('dashboard.employee'), kind: 'text' },
        ...flat.map((c) => ({
          header: header(c.group, c.key),
          kind: c.kind === 'money' ? c.kind : ('number' as const),
        })),
      ],
      // Hours as a number of hours (8.5), so a spreadsheet adds them up.
      rows: [
        ...report.rows.map((r) => [localName(r.user, lang), r] as const),
        [t('reports.total'), report.totals] as const,
      ].map(([name, f]) => [
        name,
        ...flat.map((c) => (c.kind === 'hours' ? Math.round((c.value(f) / 60) * 100) / 100 : c.value(f))),
      ]),
    });
  return (
    <div className="user-summary" data-testid="user-summary">
      <ReadRefusal error={error} />
      <Flex justify="end" style={{ marginBottom: 12 }} className="no-print">
        <Button
          icon={<FileExcelOutlined />}
          disabled={!data?.rows.length}
          onClick={() => data && void exportAll(data)}
          data-testid="user-summary-export"
        >
          {t('reports.export')}
        </Button>
      </Flex>
      <Table<UserSummaryRow>
        size="small"
        bordered
        rowKey={(r) => r.user.id}
        loading={isFetching}
        dataSource={data?.rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('reports.empty') }}
        data-testid="user-summary-table"
        summary={() =>
          data && (
            <Table.Summary.Row data-testid="user-summary-totals">
              <Table.Summary.Cell index={0}>
                <strong>{t('reports.total')}</strong>
              </Table.Summary.Cell>
              {flat.map((c, i) => (
                <Table.Summary.Cell key={`${c.group}-${c.key}`} index={i + 1} align="end">
                  <strong>{show(c.kind, c.value(data.totals))}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )
        }
      />
      <Typography.Paragraph style={{ marginTop: 12, fontSize: 12 }} data-testid="user-summary-notes">
        {t('reports.users.notes.scope')}
      </Typography.Paragraph>
      <ul style={{ fontSize: 12, marginTop: 0 }}>
        {GROUPS.map((g) => (
          <li key={g.key}>
            <strong>{t(`reports.users.groups.${g.key}`)}</strong>: {t(`reports.users.notes.${g.key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
