import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Form,
  Input,
  List,
  Popover,
  Result,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RoomStays } from '../../components/domain/room-stays';
import { KidPhoto } from '../../components/domain/kid-photo';
import type { Visit } from '../../../shared/api/frontdesk';
import type { Sale } from '../../../shared/api/sales';
import type { Subscription } from '../../../shared/api/subscriptions';
import { mayOverrideBan } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { PageTitle } from '../../components/ui/page-title';
import { OwnerFiles } from '../../components/domain/owner-files';
import { formatDateTime, formatDay } from '../../components/format/dates';
import { formatMoney } from '../../components/format/money';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { KidFlags } from '../../components/domain/parents/kid-flags';
import { BirthDatePicker, birthDay, birthDayValue } from '../../components/domain/parents/birth-date-picker';
import { SubscriptionStatusTag } from '../../components/domain/subscriptions/subscription-status-tag';
import { Ltr } from '../../components/ui/ltr';
import { PromotionsSwitch } from './promotions-switch';

/** Kid profile (spec 2): info and flags, subscriptions, invoices, visits, room visits, files. */
export function KidProfile({ id, back }: { id: number; back: () => void }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const { data: kid, isLoading, error } = api.useKidInfoQuery({ id });
  const BackIcon = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;
  if (isLoading) return <Spin />;
  if (error || !kid)
    return (
      <Result status="404" title={t('errors:NOT_FOUND')} extra={<Button onClick={back}>{t('actions.back')}</Button>} />
    );

  return (
    <div data-testid="kid-profile">
      <PageTitle
        title={
          <Space>
            <Button type="text" icon={<BackIcon />} onClick={back} aria-label={t('actions.back')} />
            <KidPhoto kid={kid} editable={ability.can('update', 'FrontDesk')} size={40} />
            {localName(kid, i18n.language)}
            <KidFlags kid={kid} />
          </Space>
        }
      />
      <Card size="small">
        <Tabs
          items={[
            {
              key: 'info',
              label: t('kids.tabs.info'),
              children: (
                <Info kid={kid} editable={ability.can('update', 'FrontDesk')} mayBan={mayOverrideBan(ability)} />
              ),
            },
            { key: 'subscriptions', label: t('features.Subscriptions'), children: <Subscriptions kidId={id} /> },
            { key: 'invoices', label: t('features.Invoices'), children: <Invoices kidId={id} /> },
            { key: 'visits', label: t('kids.tabs.visits'), children: <Visits kidId={id} /> },
            { key: 'rooms', label: t('kids.tabs.rooms'), children: <RoomVisits kidId={id} /> },
            {
              key: 'files',
              label: t('employees.tabs.files'),
              children: <OwnerFiles folder="kid" ownerId={id} canUpload={ability.can('update', 'FrontDesk')} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}

type KidData = NonNullable<ReturnType<typeof api.useKidInfoQuery>['data']>;

/** `mayBan`: the right that lets a banned kid in, without which the ban is shown but not changed. */
function Info({ kid, editable, mayBan }: { kid: KidData; editable: boolean; mayBan: boolean }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ birth_date: Dayjs | null; medical_notes: string; banned: boolean; vip: boolean }>();
  const [update, saving] = api.useKidUpdateMutation();
  const submit = useSubmit();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('fields.nameEn')}>{kid.name_en}</Descriptions.Item>
        <Descriptions.Item label={t('fields.nameAr')}>{kid.name_ar}</Descriptions.Item>
        <Descriptions.Item label={t('desk.parent')}>{localName(kid.parent, i18n.language)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.mobile')}>
          <Ltr>{kid.parent.mobile}</Ltr>
        </Descriptions.Item>
        <Descriptions.Item label={t('promotions.optOut.label')} span={2}>
          <PromotionsSwitch parent={kid.parent} />
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={{
          birth_date: birthDayValue(kid.birth_date),
          medical_notes: kid.medical_notes ?? '',
          banned: kid.banned,
          vip: kid.vip,
        }}
        onFinish={({ banned, birth_date, ...v }) =>
          void submit(
            update({
              id: kid.id,
              name_en: kid.name_en,
              name_ar: kid.name_ar,
              birth_date: birthDay(birth_date),
              gender: kid.gender,
              ...v,
              // Left out, the ban stays as the server has it (someone may have changed it meanwhile).
              ...(mayBan ? { banned } : {}),
            }),
            { form },
          )
        }
        data-testid="kid-flags-form"
      >
        <Form.Item name="birth_date" label={t('kids.birthDate')} style={{ maxWidth: 220 }}>
          <BirthDatePicker testId="kid-birth-date" />
        </Form.Item>
        <Form.Item name="medical_notes" label={t('kids.medicalNotes')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="vip" valuePropName="checked" noStyle>
            <Checkbox>{t('kids.vip')}</Checkbox>
          </Form.Item>
          <Form.Item name="banned" valuePropName="checked" noStyle>
            <Checkbox
              data-testid="kid-banned"
              disabled={!editable || !mayBan}
              title={mayBan ? undefined : t('kids.banRight')}
            >
              {t('kids.banned')}
            </Checkbox>
          </Form.Item>
          {editable && (
            <Button type="primary" htmlType="submit" loading={saving.isLoading}>
              {t('actions.save')}
            </Button>
          )}
        </Space>
      </Form>
    </Space>
  );
}

function Subscriptions({ kidId }: { kidId: number }) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = api.useKidSubscriptionsQuery({ id: kidId });
  return (
    <Table<Subscription>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: t('subscriptions.empty') }}
      columns={[
        { title: t('subscriptions.package'), render: (_, s) => localName(s, i18n.language) },
        {
          title: t('invoices.status'),
          dataIndex: 'status',
          render: (v: Subscription['status']) => <SubscriptionStatusTag status={v} />,
        },
        {
          title: t('subscriptions.period'),
          render: (_, s) =>
            t('subscriptions.fromTo', {
              start: formatDay(s.start_date, i18n.language),
              end: formatDay(s.end_date, i18n.language),
            }),
        },
        { title: t('invoices.number'), dataIndex: 'invoice_no', render: (v: number) => <Ltr>#{v}</Ltr> },
      ]}
    />
  );
}

function Invoices({ kidId }: { kidId: number }) {
  const { t, i18n } = useTranslation();
  // Spec 9: on profiles the range defaults to about a month back through today.
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(1, 'month'), dayjs()]);
  const [page, setPage] = useState(1);
  const { data, isFetching } = api.useKidInvoicesQuery({
    kid_id: kidId,
    page,
    perPage: 10,
    dates: { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && (setRange([v[0], v[1]]), setPage(1))}
      />
      <Table<Sale>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('invoices.empty') }}
        pagination={{ current: page, pageSize: 10, total: data?.total, onChange: setPage }}
        columns={[
          { title: t('invoices.number'), dataIndex: 'invoice_no', render: (v: number) => <Ltr>#{v}</Ltr> },
          {
            title: t('invoices.date'),
            dataIndex: 'created_at',
            render: (v: string) => formatDateTime(v, i18n.language, 'short'),
          },
          { title: t('invoices.total'), dataIndex: 'payable', render: (v: number) => formatMoney(v, i18n.language) },
        ]}
      />
    </Space>
  );
}

function Visits({ kidId }: { kidId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = api.useKidVisitsQuery({ kid_id: kidId, page, perPage: 10 });
  return (
    <Table<Visit>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.rows}
      locale={{ emptyText: t('kids.noVisits') }}
      pagination={{ current: page, pageSize: 10, total: data?.total, onChange: setPage }}
      columns={[
        { title: t('desk.badge'), dataIndex: 'badge', render: (v: string) => <Tag dir="ltr">{v}</Tag> },
        {
          title: t('desk.since'),
          dataIndex: 'checkin_at',
          render: (v: string) => formatDateTime(v, i18n.language, 'short'),
        },
        {
          title: t('kids.checkoutAt'),
          dataIndex: 'checkout_at',
          render: (v: string | null) =>
            v ? formatDateTime(v, i18n.language, 'short') : <Tag color="blue">{t('desk.inside')}</Tag>,
        },
        {
          title: t('desk.overtimeHours'),
          dataIndex: 'overtime_hours',
          render: (v: number) => t('packages.hours', { count: v }),
        },
        { title: t('desk.due'), dataIndex: 'due', render: (v: number) => formatMoney(v, i18n.language) },
        {
          title: t('kids.feeDecision'),
          dataIndex: 'fee_decision',
          render: (v: Visit['fee_decision'], s) => v && <FeeHistory visitId={s.id} decision={v} />,
        },
      ]}
    />
  );
}

/** Who changed or forgave a visit's overtime fee, when, and why. */
function FeeHistory({ visitId, decision }: { visitId: number; decision: NonNullable<Visit['fee_decision']> }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = api.useOvertimeDecisionLogQuery(open ? { session_id: visitId } : skipToken);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('kids.feeHistory')}
      content={
        <List
          size="small"
          loading={!data}
          dataSource={data ?? []}
          renderItem={(d) => (
            <List.Item>
              <Space direction="vertical" size={0}>
                <span>
                  {t(d.action === 'forgive' ? 'kids.forgaveBy' : 'kids.changedBy', {
                    who: localName({ name_en: d.user_name_en, name_ar: d.user_name_ar }, i18n.language),
                    before: formatMoney(d.fee_before, i18n.language),
                    after: formatMoney(d.fee_after, i18n.language),
                  })}
                </span>
                <Typography.Text type="secondary">
                  {formatDateTime(d.at, i18n.language, 'short')} · {d.reason}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      }
    >
      <Tag
        color={decision === 'forgiven' ? 'purple' : 'gold'}
        style={{ cursor: 'pointer' }}
        data-testid={`fee-history-${visitId}`}
      >
        {t(`kids.decisions.${decision}`)}
      </Tag>
    </Popover>
  );
}

function RoomVisits({ kidId }: { kidId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = api.useKidRoomStaysQuery({ kid_id: kidId, page, perPage: 10 });
  return (
    <RoomStays
      stays={data?.rows.map((v) => ({ ...v, in: v.checkin_at, out: v.checkout_at, by: v.checked_in_by }))}
      total={data?.total}
      page={page}
      onPage={setPage}
      loading={isFetching}
      empty={t('kids.noRoomVisits')}
      testId="kid-room-visits"
    />
  );
}
