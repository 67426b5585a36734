import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Flex, Table, Tag } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { KidVisit } from '../../../shared/api/reports';
import type { RoomVisit } from '../../../shared/api/rooms';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { LookupSelect } from '../../components/ui/lookup-select';
import { formatDateTime } from '../../components/format/dates';
import { formatMoney } from '../../components/format/money';
import { localName } from '../../components/format/names';
import { useExportSheet } from '../../components/hooks/use-export-sheet';
import { bridge } from '../../bridge';
import type { RequestOf, ResponseOf } from '../../../shared/api/catalogue';
import { Ltr } from '../../components/ui/ltr';
import { EMPLOYEE_CHOICES, LIST_PER_PAGE, OPENING_FILTERS } from './first-reads';

type Filters = { page: number; from?: string; to?: string; user_id: number | null };
type Row<T> = T & { id: number | string };

/** Days and an employee, the filters each of the dashboard's lists takes (spec 2: with paging). */
function useFilters() {
  const [filters, setFilters] = useState<Filters>(OPENING_FILTERS);
  return {
    filters,
    page: (page: number) => setFilters({ ...filters, page }),
    bar: <FilterBar filters={filters} onChange={(f) => setFilters({ ...f, page: 1 })} />,
  };
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const { data: employees } = api.useEmployeePageListQuery(EMPLOYEE_CHOICES, {
    skip: !ability.can('view', 'Employees'),
  });
  return (
    <Flex gap={8} wrap style={{ marginBottom: 12 }}>
      <DatePicker.RangePicker
        aria-label={t('dashboard.days')}
        onChange={(v: [Dayjs | null, Dayjs | null] | null) =>
          onChange({ ...filters, from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })
        }
      />
      {employees && (
        <LookupSelect
          aria-label={t('dashboard.employee')}
          placeholder={t('dashboard.anyEmployee')}
          items={employees.rows}
          value={filters.user_id ?? undefined}
          onChange={(v) => onChange({ ...filters, user_id: v ?? null })}
          style={{ minWidth: 200 }}
        />
      )}
    </Flex>
  );
}

type Column<T> = {
  title: string;
  render: (row: T) => ReactNode;
  /** What the spreadsheet cell holds: plain text, or a number (money in minor units). */
  cell: (row: T) => string | number | null;
  kind?: 'money';
};

/** The most rows one export gathers, page by page (the server's largest page is 200). */
const EXPORT_PAGES = 100;

function Paged<T extends object>(props: {
  testId: string;
  bar: ReactNode;
  rows: T[] | undefined;
  total: number | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  columns: Column<T>[];
  /** Every row the filters match, for the spreadsheet: page `page` of 200. */
  fetchPage: (page: number) => Promise<{ rows: T[]; total: number } | null>;
  sheetName: string;
}) {
  const { t, i18n } = useTranslation();
  const exportSheet = useExportSheet();
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    const rows: T[] = [];
    for (let page = 1; page <= EXPORT_PAGES; page++) {
      const got = await props.fetchPage(page);
      if (!got) break;
      rows.push(...got.rows);
      if (rows.length >= got.total || got.rows.length === 0) break;
    }
    await exportSheet(`${props.testId}.xlsx`, {
      name: props.sheetName.slice(0, 31),
      rightToLeft: i18n.language === 'ar',
      columns: props.columns.map((c) => ({ header: c.title, kind: c.kind ?? 'text' })),
      rows: rows.map((row) => props.columns.map((c) => c.cell(row))),
    });
    setExporting(false);
  };
  return (
    <>
      <Flex justify="space-between" gap={8} wrap>
        {props.bar}
        <Button
          className="no-print"
          icon={<FileExcelOutlined />}
          disabled={!props.total}
          loading={exporting}
          onClick={() => void exportAll()}
          data-testid={`${props.testId}-export`}
        >
          {t('reports.export')}
        </Button>
      </Flex>
      <Table<Row<T>>
        size="small"
        data-testid={props.testId}
        rowKey="id"
        loading={props.loading}
        dataSource={props.rows as Row<T>[] | undefined}
        locale={{ emptyText: t('dashboard.noActivity') }}
        pagination={{
          current: props.page,
          pageSize: 10,
          total: props.total,
          onChange: props.onPage,
          showSizeChanger: false,
        }}
        columns={props.columns.map((c) => ({ title: c.title, render: (_: unknown, row: T) => c.render(row) }))}
      />
    </>
  );
}

/** A page of a list through the bridge, or null when it failed (the export then stops where it is). */
async function pageOf<N extends 'kidsession/pagelist' | 'kidroomsession/pagelist' | 'user/loginreport'>(
  name: N,
  body: RequestOf<N>,
): Promise<ResponseOf<N> | null> {
  const answer = await bridge.api.call(name, body);
  return answer.status ? answer.data : null;
}

type Stay = {
  kid_name_en: string;
  kid_name_ar: string;
  checkin_at: string;
  checkout_at: string | null;
  checked_in_by: { name_en: string; name_ar: string };
};

/** The columns a stay has in either list (the premises, a room): the kid, in, out (or still there), and who let them in. */
function stayColumns<T extends Stay>(
  t: TFunction,
  lang: string,
  labels: { in: string; out: string; still: string; by: string },
  between: Column<T>[],
): Column<T>[] {
  const kid = (r: T) => localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang);
  const at = (iso: string | null) => (iso ? formatDateTime(iso, lang, 'short') : null);
  const by = (r: T) => localName(r.checked_in_by, lang);
  return [
    { title: t('dashboard.kid'), render: kid, cell: kid },
    ...between,
    { title: labels.in, render: (r) => at(r.checkin_at), cell: (r) => at(r.checkin_at) },
    {
      title: labels.out,
      render: (r) => at(r.checkout_at) ?? <Tag color="green">{labels.still}</Tag>,
      cell: (r) => at(r.checkout_at) ?? labels.still,
    },
    { title: labels.by, render: by, cell: by },
  ];
}

export function KidVisitsReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const { data, isFetching } = api.useKidVisitPageListQuery({
    ...filters,
    perPage: LIST_PER_PAGE,
    branch_id: branchId,
  });
  const lang = i18n.language;
  return (
    <Paged<KidVisit>
      testId="kid-visits-report"
      sheetName={t('dashboard.kidVisits')}
      fetchPage={(n) => pageOf('kidsession/pagelist', { ...filters, page: n, perPage: 200, branch_id: branchId })}
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={[
        ...stayColumns<KidVisit>(
          t,
          lang,
          {
            in: t('dashboard.checkin'),
            out: t('dashboard.checkout'),
            still: t('dashboard.inside'),
            by: t('dashboard.checkedInBy'),
          },
          [{ title: t('dashboard.badge'), render: (r) => <Ltr>{r.badge}</Ltr>, cell: (r) => r.badge }],
        ),
        {
          title: t('dashboard.overtimeFee'),
          kind: 'money',
          render: (r) =>
            r.fee_decision === 'forgiven' ? (
              <Tag>{t('dashboard.forgivenTag')}</Tag>
            ) : r.overtime_fee ? (
              formatMoney(r.overtime_fee, lang)
            ) : (
              '—'
            ),
          cell: (r) => (r.fee_decision === 'forgiven' ? 0 : r.overtime_fee),
        },
      ]}
    />
  );
}

export function RoomVisitsReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const { data, isFetching } = api.useKidRoomStayPageListQuery({
    ...filters,
    perPage: LIST_PER_PAGE,
    branch_id: branchId,
  });
  const lang = i18n.language;
  const room = (r: RoomVisit) => localName({ name_en: r.room_name_en, name_ar: r.room_name_ar }, lang);
  return (
    <Paged<RoomVisit>
      testId="room-visits-report"
      sheetName={t('dashboard.roomVisits')}
      fetchPage={(n) => pageOf('kidroomsession/pagelist', { ...filters, page: n, perPage: 200, branch_id: branchId })}
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={stayColumns<RoomVisit>(
        t,
        lang,
        { in: t('rooms.in'), out: t('rooms.out'), still: t('rooms.stillIn'), by: t('rooms.supervisor') },
        [{ title: t('rooms.room'), render: room, cell: room }],
      )}
    />
  );
}

type Login = { id: string; name_en: string; name_ar: string; login_at: string; logout_at: string | null };

export function LoginReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const request = {
    from: filters.from,
    to: filters.to,
    user_id: filters.user_id ?? undefined,
    branch_id: branchId,
  };
  const { data, isFetching } = api.useLoginReportQuery({ ...request, page: filters.page, perPage: LIST_PER_PAGE });
  const lang = i18n.language;
  const name = (r: Login) => localName(r, lang);
  const at = (iso: string | null) => formatDateTime(iso, lang, 'short');
  return (
    <Paged<Login>
      testId="login-report"
      sheetName={t('dashboard.logins')}
      fetchPage={(n) => pageOf('user/loginreport', { ...request, page: n, perPage: 200 })}
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={[
        { title: t('dashboard.employee'), render: name, cell: name },
        { title: t('dashboard.signedIn'), render: (r) => at(r.login_at), cell: (r) => at(r.login_at) },
        { title: t('dashboard.signedOut'), render: (r) => at(r.logout_at), cell: (r) => at(r.logout_at) },
      ]}
    />
  );
}
