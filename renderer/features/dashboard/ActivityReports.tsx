import { useState, type ReactNode } from 'react';
import { DatePicker, Flex, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { KidVisitRecord } from '../../../shared/api/reports';
import type { RoomVisit } from '../../../shared/api/rooms';
import { useKidVisitsQuery } from '../../api/reports';
import { useRoomVisitsQuery } from '../../api/rooms';
import { useEmployeePageQuery, useLoginReportQuery } from '../../api/employees';
import { useAbility } from '../../app/ability';
import { LookupSelect } from '../../components/LookupSelect';
import { formatDateTime } from '../../components/dates';
import { formatMoney } from '../../components/money';
import { localName } from '../../components/names';

type Filters = { page: number; from?: string; to?: string; user_id: number | null };
type Row<T> = T & { id: number | string };

/** Days and an employee, the filters each of the dashboard's lists takes (spec 2: with paging). */
function useFilters() {
  const [filters, setFilters] = useState<Filters>({ page: 1, user_id: null });
  return {
    filters,
    page: (page: number) => setFilters({ ...filters, page }),
    bar: <FilterBar filters={filters} onChange={(f) => setFilters({ ...f, page: 1 })} />,
  };
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const { data: employees } = useEmployeePageQuery(
    { page: 1, perPage: 200 },
    { skip: !ability.can('view', 'Employees') },
  );
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

function Paged<T extends object>(props: {
  testId: string;
  bar: ReactNode;
  rows: T[] | undefined;
  total: number | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  columns: { title: string; render: (row: T) => ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.bar}
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

export function KidVisitsReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const { data, isFetching } = useKidVisitsQuery({ ...filters, perPage: 10, branch_id: branchId });
  const lang = i18n.language;
  return (
    <Paged<KidVisitRecord>
      testId="kid-visits-report"
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={[
        {
          title: t('dashboard.kid'),
          render: (r) => localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang),
        },
        { title: t('dashboard.badge'), render: (r) => <span dir="ltr">{r.badge}</span> },
        { title: t('dashboard.checkin'), render: (r) => formatDateTime(String(r.checkin_at), lang, 'short') },
        {
          title: t('dashboard.checkout'),
          render: (r) =>
            r.checkout_at ? (
              formatDateTime(String(r.checkout_at), lang, 'short')
            ) : (
              <Tag color="green">{t('dashboard.inside')}</Tag>
            ),
        },
        { title: t('dashboard.checkedInBy'), render: (r) => localName(r.checked_in_by, lang) },
        {
          title: t('dashboard.overtimeFee'),
          render: (r) =>
            r.fee_decision === 'forgiven' ? (
              <Tag>{t('dashboard.forgivenTag')}</Tag>
            ) : r.overtime_fee ? (
              formatMoney(r.overtime_fee, lang)
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}

export function RoomVisitsReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const { data, isFetching } = useRoomVisitsQuery({ ...filters, perPage: 10, branch_id: branchId });
  const lang = i18n.language;
  return (
    <Paged<RoomVisit>
      testId="room-visits-report"
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={[
        {
          title: t('dashboard.kid'),
          render: (r) => localName({ name_en: r.kid_name_en, name_ar: r.kid_name_ar }, lang),
        },
        {
          title: t('rooms.room'),
          render: (r) => localName({ name_en: r.room_name_en, name_ar: r.room_name_ar }, lang),
        },
        { title: t('rooms.in'), render: (r) => formatDateTime(r.checkin_at, lang, 'short') },
        {
          title: t('rooms.out'),
          render: (r) =>
            r.checkout_at ? (
              formatDateTime(r.checkout_at, lang, 'short')
            ) : (
              <Tag color="green">{t('rooms.stillIn')}</Tag>
            ),
        },
        { title: t('rooms.supervisor'), render: (r) => localName(r.checked_in_by, lang) },
      ]}
    />
  );
}

type Login = { id: string; name_en: string; name_ar: string; login_at: string; logout_at: string | null };

export function LoginReport({ branchId }: { branchId: number | null }) {
  const { t, i18n } = useTranslation();
  const { filters, page, bar } = useFilters();
  const { data, isFetching } = useLoginReportQuery({
    page: filters.page,
    perPage: 10,
    from: filters.from,
    to: filters.to,
    user_id: filters.user_id ?? undefined,
    branch_id: branchId,
  });
  const lang = i18n.language;
  return (
    <Paged<Login>
      testId="login-report"
      bar={bar}
      rows={data?.rows}
      total={data?.total}
      loading={isFetching}
      page={filters.page}
      onPage={page}
      columns={[
        { title: t('dashboard.employee'), render: (r) => localName(r, lang) },
        { title: t('dashboard.signedIn'), render: (r) => formatDateTime(r.login_at, lang, 'short') },
        { title: t('dashboard.signedOut'), render: (r) => formatDateTime(r.logout_at, lang, 'short') },
      ]}
    />
  );
}
