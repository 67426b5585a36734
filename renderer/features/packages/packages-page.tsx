import { useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { marginText } from './margin-text';
import { catalogueColumns } from '../../components/domain/catalogue-columns';
import type { Package, PackageInput } from '../../../shared/api/packages';
import { CUSTOM_VALIDITY_DAYS, VALIDITY_DAYS } from '../../../shared/domain/constants';
import { TAX_INCLUDED } from '../../../shared/domain/money';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { PriceAndTaxFields, SellingBranchField } from '../../components/domain/sellable-fields';
import { NameFields } from '../../components/ui/name-fields';
import { localName } from '../../components/format/names';
import { toMajor, toMinor } from '../../components/format/money';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';
import { RowActions } from '../../components/ui/row-actions';

const presets = VALIDITY_DAYS.filter((d) => d !== CUSTOM_VALIDITY_DAYS);

export function PackagesPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  const { data, isFetching } = api.usePackagePageListQuery(list.query);
  const [editing, setEditing] = useState<Package | 'new' | null>(null);
  const [remove] = api.usePackageDeleteMutation();
  const submit = useSubmit();
  const validity = (days: number) =>
    (presets as readonly number[]).includes(days)
      ? t(`packages.validity.${days}`)
      : t('packages.days', { count: days });

  return (
    <div data-testid="packages-page">
      <ListHeader
        title={t('features.Packages')}
        searchPlaceholder={t('actions.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Packages') && {
            label: t('packages.add'),
            testId: 'package-add',
            onClick: () => setEditing('new'),
          }
        }
      />
      <Table<Package>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('packages.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          ...catalogueColumns<Package>(t, i18n.language, 'package', ability.can('update', 'Packages')),
          { title: t('packages.validityLabel'), dataIndex: 'validity_days', render: validity },
          {
            title: t('packages.dailyLimits'),
            dataIndex: 'daily_limits',
            render: (v: number) => t('packages.hours', { count: v }),
          },
          { title: t('packages.margin'), dataIndex: 'margin_minutes', render: (v: string) => marginText(t, v) },
          {
            title: t('actions.title'),
            width: 110,
            render: (_, p) => (
              <RowActions
                onEdit={ability.can('update', 'Packages') ? () => setEditing(p) : undefined}
                onDelete={ability.can('delete', 'Packages') ? () => submit(remove({ id: p.id })) : undefined}
                confirmDelete={t('packages.confirmDelete', { name: localName(p, i18n.language) })}
              />
            ),
          },
        ]}
      />
      {editing && <PackageForm pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

type FormValues = Omit<PackageInput, 'price' | 'overtime_price'> & {
  price: number;
  overtime_price: number;
  preset: number;
};

function PackageForm({ pkg, onClose }: { pkg: Package | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const preset = Form.useWatch('preset', form);
  const [create, creating] = api.usePackageCreateMutation();
  const [update, updating] = api.usePackageUpdateMutation();
  const submit = useSubmit();
  const required = { required: true, message: t('errors:FIELD_REQUIRED') };
  const initialPreset = pkg
    ? (presets as readonly number[]).includes(pkg.validity_days)
      ? pkg.validity_days
      : CUSTOM_VALIDITY_DAYS
    : 30;

  const save = async ({ price, overtime_price, preset: chosen, validity_days, ...values }: FormValues) => {
    const body = {
      ...values,
      price: toMinor(price),
      overtime_price: toMinor(overtime_price),
      validity_days: chosen === CUSTOM_VALIDITY_DAYS ? validity_days : chosen,
    };
    if (await submit(pkg ? update({ ...body, id: pkg.id }) : create(body), { form })) onClose();
  };

  return (
    <FormModal
      form={form}
      title={pkg ? t('packages.edit') : t('packages.add')}
      pending={creating.isLoading || updating.isLoading}
      onClose={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="package-form"
        initialValues={
          pkg
            ? { ...pkg, price: toMajor(pkg.price), overtime_price: toMajor(pkg.overtime_price), preset: initialPreset }
            : {
                included: TAX_INCLUDED,
                preset: 30,
                validity_days: 30,
                daily_limits: 2,
                margin_minutes: '0',
                overtime_price: 0,
              }
        }
        onFinish={(v) => void save(v)}
      >
        <NameFields />
        <PriceAndTaxFields priceTestId="package-price" />
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="preset" label={t('packages.validityLabel')}>
              <Select
                options={[
                  ...presets.map((d) => ({ value: d, label: t(`packages.validity.${d}`) })),
                  { value: CUSTOM_VALIDITY_DAYS, label: t('packages.validity.custom') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            {preset === CUSTOM_VALIDITY_DAYS && (
              <Form.Item name="validity_days" label={t('packages.customDays')} rules={[required]}>
                <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            <Form.Item name="daily_limits" label={t('packages.dailyLimits')} rules={[required]}>
              <InputNumber
                min={1}
                max={24}
                precision={0}
                style={{ width: '100%' }}
                addonAfter={t('packages.hoursUnit')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="margin_minutes"
              label={t('packages.margin')}
              extra={t('packages.marginHelp')}
              rules={[{ pattern: /^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, message: t('errors:FIELD_INVALID') }]}
            >
              <Input dir="ltr" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="overtime_price"
              label={t('packages.overtimePrice')}
              extra={t('packages.overtimePriceHelp')}
            >
              <InputNumber
                min={0}
                precision={2}
                step={0.5}
                style={{ width: '100%' }}
                dir="ltr"
                data-testid="package-overtime-price"
              />
            </Form.Item>
          </Col>
        </Row>
        <SellingBranchField />
      </Form>
    </FormModal>
  );
}
