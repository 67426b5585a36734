import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '../../../shared/api/coupons';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { LookupSelect } from '../../components/ui/lookup-select';
import { RowActions } from '../../components/ui/row-actions';
import { formatMoney, toMinor } from '../../components/format/money';
import { formatDay } from '../../components/format/dates';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';

export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  const { data, isFetching } = api.useCouponPageListQuery(list.query);
  const { data: branches } = api.useBranchListQuery();
  const [adding, setAdding] = useState(false);
  const [remove] = api.useCouponDeleteMutation();
  const submit = useSubmit();
  const date = (v: string | null) => formatDay(v, i18n.language);

  return (
    <div data-testid="coupons-page">
      <ListHeader
        title={t('features.Coupons')}
        searchPlaceholder={t('coupons.code')}
        onSearch={list.search}
        add={
          ability.can('create', 'Coupons') && {
            label: t('coupons.add'),
            testId: 'coupon-add',
            onClick: () => setAdding(true),
          }
        }
      />
      <Table<Coupon>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('coupons.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          { title: t('coupons.code'), dataIndex: 'code', render: (v: string) => <Tag dir="ltr">{v}</Tag> },
          {
            title: t('coupons.discount'),
            render: (_, c) => (c.type === 'percent' ? `${c.value}%` : formatMoney(c.value, i18n.language)),
          },
          {
            title: t('coupons.minCart'),
            dataIndex: 'min_cart_value',
            render: (v: number) => formatMoney(v, i18n.language),
          },
          {
            title: t('coupons.uses'),
            render: (_, c) => (c.use_limit === null ? `${c.used} / ∞` : `${c.used} / ${c.use_limit}`),
          },
          {
            title: t('coupons.valid'),
            render: (_, c) =>
              c.valid_from || c.valid_to ? `${date(c.valid_from)} – ${date(c.valid_to)}` : t('coupons.always'),
          },
          {
            title: t('employees.branch'),
            render: (_, c) => {
              const branch = branches?.find((b) => b.id === c.branch_id);
              return branch ? localName(branch, i18n.language) : t('shell.allBranches');
            },
          },
          {
            title: t('actions.title'),
            width: 80,
            render: (_, c) => (
              <RowActions
                onDelete={ability.can('delete', 'Coupons') ? () => submit(remove({ id: c.id })) : undefined}
                confirmDelete={t('coupons.confirmDelete', { code: c.code })}
              />
            ),
          },
        ]}
      />
      {adding && <CouponForm onClose={() => setAdding(false)} />}
    </div>
  );
}

type FormValues = {
  code: string;
  type: 'amount' | 'percent';
  value: number;
  min_cart_value: number | null;
  use_limit: number | null;
  period: [Dayjs, Dayjs] | null;
  branch_id: number | null;
};

function CouponForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const { data: branches } = api.useBranchListQuery();
  const [create, creating] = api.useCouponCreateMutation();
  const submit = useSubmit();
  const required = { required: true, message: t('errors:FIELD_REQUIRED') };
  const save = async ({ value, min_cart_value, period, ...values }: FormValues) => {
    const body = {
      ...values,
      value: values.type === 'amount' ? toMinor(value) : value,
      min_cart_value: toMinor(min_cart_value),
      valid_from: period ? period[0].startOf('day').toISOString() : null,
      valid_to: period ? period[1].endOf('day').toISOString() : null,
    };
    if (await submit(create(body), { form })) onClose();
  };
  return (
    <FormModal form={form} title={t('coupons.add')} pending={creating.isLoading} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        data-testid="coupon-form"
        initialValues={{ type: 'percent' }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item
          name="code"
          label={t('coupons.code')}
          rules={[required, { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{2,29}$/, message: t('errors:FIELD_INVALID') }]}
        >
          <Input dir="ltr" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="type" label={t('coupons.type')}>
          <Radio.Group
            options={[
              { value: 'percent', label: t('coupons.percent') },
              { value: 'amount', label: t('coupons.amount') },
            ]}
          />
        </Form.Item>
        <Form.Item name="value" label={t('coupons.discount')} rules={[required]}>
          <InputNumber
            min={type === 'percent' ? 1 : 0.01}
            max={type === 'percent' ? 100 : 10_000_000}
            precision={type === 'percent' ? 0 : 2}
            addonAfter={type === 'percent' ? '%' : 'SAR'}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="min_cart_value" label={t('coupons.minCart')}>
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="use_limit" label={t('coupons.useLimit')} extra={t('coupons.useLimitHelp')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="period" label={t('coupons.valid')}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        {ability.can('manage', 'all') && (
          <Form.Item name="branch_id" label={t('employees.branch')} extra={t('coupons.allBranchesHelp')}>
            <LookupSelect items={branches} />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
