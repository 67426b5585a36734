import { useMemo, useState } from 'react';
import { Form, Input, Select, Space, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Branch, BranchInput } from '../../../shared/api/branches';
import { BRANCH_LIST_PAGING } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { NameFields } from '../../components/ui/name-fields';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';
import { RowActions } from '../../components/ui/row-actions';
import { timeZoneNames } from '../../../shared/domain/time-zone';
import { Ltr } from '../../components/ui/ltr';

export function BranchesPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging(BRANCH_LIST_PAGING);
  const { data, isFetching } = api.useBranchPageListQuery(list.query);
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [remove] = api.useBranchDeleteMutation();
  const submit = useSubmit();

  return (
    <div data-testid="branches-page">
      <ListHeader
        title={t('features.Branches')}
        searchPlaceholder={t('actions.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Branches') && {
            label: t('branches.add'),
            testId: 'branch-add',
            onClick: () => setEditing('new'),
          }
        }
      />
      <Table<Branch>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('branches.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          { title: t('fields.name'), render: (_, b) => localName(b, i18n.language) },
          { title: t('branches.address'), dataIndex: 'address' },
          { title: t('branches.phone'), dataIndex: 'phone', render: (v: string | null) => <Ltr>{v}</Ltr> },
          {
            title: t('branches.vat'),
            dataIndex: 'vat_number',
            render: (v: string | null) => <span dir="ltr">{v}</span>,
          },
          { title: t('branches.currency'), dataIndex: 'currency' },
          { title: t('branches.timeZone'), dataIndex: 'time_zone', render: (v: string) => <span dir="ltr">{v}</span> },
          { title: t('branches.country'), dataIndex: 'country' },
          {
            title: t('actions.title'),
            width: 120,
            render: (_, b) => (
              <RowActions
                onEdit={ability.can('update', 'Branches') ? () => setEditing(b) : undefined}
                onDelete={ability.can('delete', 'Branches') ? () => submit(remove({ id: b.id })) : undefined}
                confirmDelete={t('branches.confirmDelete', { name: localName(b, i18n.language) })}
              />
            ),
          },
        ]}
      />
      {editing && <BranchForm branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function BranchForm({ branch, onClose }: { branch: Branch | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BranchInput>();
  const [create, creating] = api.useBranchCreateMutation();
  const [update, updating] = api.useBranchUpdateMutation();
  const submit = useSubmit();
  const save = async (values: BranchInput) => {
    const done = await submit(branch ? update({ ...values, id: branch.id }) : create(values), { form });
    if (done) onClose();
  };
  return (
    <FormModal
      form={form}
      title={branch ? t('branches.edit') : t('branches.add')}
      pending={creating.isLoading || updating.isLoading}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={branch ?? { currency: 'SAR', country: 'SA', counts_cash: true }}
        onFinish={(v) => void save(v)}
        data-testid="branch-form"
      >
        <NameFields />
        <Form.Item name="address" label={t('branches.address')}>
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="phone" label={t('branches.phone')} style={{ flex: 1 }}>
            <Input dir="ltr" maxLength={30} />
          </Form.Item>
          <Form.Item
            name="vat_number"
            label={t('branches.vat')}
            style={{ flex: 1 }}
            rules={[{ pattern: /^[0-9]{5,30}$/, message: t('errors:FIELD_INVALID') }]}
          >
            <Input dir="ltr" maxLength={30} />
          </Form.Item>
          <Form.Item
            name="currency"
            label={t('branches.currency')}
            style={{ width: 100 }}
            rules={[{ pattern: /^[A-Za-z]{3}$/, message: t('errors:FIELD_INVALID') }]}
          >
            <Input dir="ltr" maxLength={3} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item
            name="time_zone"
            label={t('branches.timeZone')}
            extra={t('branches.timeZoneHelp')}
            style={{ flex: 1 }}
          >
            <TimeZoneSelect />
          </Form.Item>
          <Form.Item name="country" label={t('branches.country')} extra={t('branches.countryHelp')} style={{ flex: 1 }}>
            <CountrySelect />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="counts_cash"
          label={t('branches.countsCash')}
          extra={t('branches.countsCashHelp')}
          valuePropName="checked"
        >
          <Switch data-testid="branch-counts-cash" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** IANA zones as the runtime knows them, found by typing any part (riyadh, Asia/). Left empty: the server's. */
function TimeZoneSelect(props: { value?: string; onChange?: (zone: string) => void }) {
  const options = useMemo(() => timeZoneNames().map((zone) => ({ value: zone, label: zone })), []);
  return (
    <Select {...props} showSearch={{ optionFilterProp: 'label' }} options={options} data-testid="branch-time-zone" />
  );
}

/** Countries by their name in the screen's language (the nationalities list carries the ISO codes). */
function CountrySelect(props: { value?: string; onChange?: (code: string) => void }) {
  const { i18n } = useTranslation();
  const { data, isLoading } = api.useNationalityListQuery();
  const options = (data ?? []).flatMap((n) =>
    'code' in n ? [{ value: n.code, label: `${localName(n, i18n.language)} (${n.code})` }] : [],
  );
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={options}
      data-testid="branch-country"
    />
  );
}
