import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role, RoleInput } from '../../../shared/api/roles';
import {
  canGrant,
  featureFlags,
  features,
  hasFullAccess,
  type Feature,
  type FeatureFlags,
  type SessionUser,
} from '../../../shared/permissions';
import { ROLE_LIST_PAGING } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { useAppSelector } from '../../store/store';
import { NameFields } from '../../components/ui/name-fields';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';

export function RolesPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const user = useAppSelector((s) => s.auth.user);
  const list = usePaging(ROLE_LIST_PAGING);
  const { data, isFetching } = api.useRoleListQuery(list.query);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  return (
    <div data-testid="roles-page">
      <ListHeader
        title={t('features.Roles')}
        searchPlaceholder={t('actions.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Roles') && {
            label: t('roles.add'),
            testId: 'role-add',
            onClick: () => setEditing('new'),
          }
        }
      />
      <Table<Role>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('roles.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          { title: t('fields.name'), render: (_, r) => localName(r, i18n.language) },
          {
            title: t('roles.rights'),
            render: (_, r) =>
              r.admin_access ? (
                <Tag color="gold">{t('roles.adminAccess')}</Tag>
              ) : (
                features
                  .filter((f) => r.features[f] && Object.values(r.features[f]!).some(Boolean))
                  .map((f) => <Tag key={f}>{t(`features.${f}`)}</Tag>)
              ),
          },
          { title: t('roles.users'), dataIndex: 'users_count', width: 110 },
          {
            title: t('actions.title'),
            width: 90,
            // The role one holds is not one's own to change (the server refuses it too).
            render: (_, r) =>
              ability.can('update', 'Roles') &&
              user &&
              (hasFullAccess(user) || (user.privilege?.id !== r.id && !r.admin_access)) && (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('actions.edit')}
                  onClick={() => setEditing(r)}
                />
              ),
          },
        ]}
      />
      {editing && user && (
        <RoleForm user={user} role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

const noFlags: FeatureFlags = { access: false, view: false, create: false, update: false, delete: false };

function RoleForm({ user, role, onClose }: { user: SessionUser; role: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleInput>();
  const [create, creating] = api.useRoleCreateMutation();
  const [update, updating] = api.useRoleUpdateMutation();
  const submit = useSubmit();
  const adminAccess = Form.useWatch('admin_access', form);
  const save = async (values: RoleInput) => {
    const done = await submit(role ? update({ ...values, id: role.id }) : create(values), { form });
    if (done) onClose();
  };
  return (
    <FormModal
      form={form}
      title={role ? t('roles.edit') : t('roles.add')}
      pending={creating.isLoading || updating.isLoading}
      onClose={onClose}
      width={760}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="role-form"
        initialValues={role ?? { admin_access: false, features: {} }}
        onFinish={(v) => void save(v)}
      >
        <NameFields />
        {!hasFullAccess(user) && (
          <Alert
            type="info"
            showIcon
            title={t('roles.onlyOwnRights')}
            style={{ marginBottom: 16 }}
            data-testid="role-own-rights"
          />
        )}
        <Form.Item
          name="admin_access"
          label={t('roles.adminAccess')}
          valuePropName="checked"
          extra={t('roles.adminAccessHelp')}
        >
          <Switch disabled={!hasFullAccess(user)} data-testid="role-admin-access" />
        </Form.Item>
        <Form.Item
          name="features"
          label={t('roles.features')}
          rules={[
            {
              validator: (_, value: RoleInput['features']) =>
                adminAccess || Object.values(value ?? {}).some((f) => f && Object.values(f).some(Boolean))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('roles.needFeature'))),
            },
          ]}
        >
          <FeatureMatrix user={user} disabled={adminAccess === true} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type Flag = (typeof featureFlags)[number];
type Cell = { feature: Feature; flag: Flag };

/**
 * One row per feature, one checkbox per flag; ticking any flag ticks access too. A right the user does
 * not hold is shown but cannot be changed: only what one holds can be given or taken away. A box at the
 * head of each row and column sets every right of it the user may grant, and leaves the others be.
 */
function FeatureMatrix({
  user,
  value = {},
  onChange,
  disabled,
}: {
  user: SessionUser;
  value?: RoleInput['features'];
  onChange?: (v: RoleInput['features']) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const setAll = (cells: Cell[], on: boolean) => {
    const next = { ...value };
    for (const { feature, flag } of cells) {
      const withAccess = on && flag !== 'access' && canGrant(user, feature, 'access');
      next[feature] = { ...noFlags, ...next[feature], [flag]: on, ...(withAccess ? { access: true } : {}) };
    }
    onChange?.(next);
  };
  const grantable = (cells: Cell[]) => cells.filter(({ feature, flag }) => canGrant(user, feature, flag));
  /** The box that sets a whole row or column: ticked when all it can set are, half when some are. */
  const allBox = (cells: Cell[], testId: string, label: string) => {
    const open = grantable(cells);
    const on = open.filter(({ feature, flag }) => value[feature]?.[flag]).length;
    return (
      <Checkbox
        disabled={disabled || open.length === 0}
        checked={open.length > 0 && on === open.length}
        indeterminate={on > 0 && on < open.length}
        onChange={(e) => setAll(open, e.target.checked)}
        data-testid={testId}
        aria-label={label}
      />
    );
  };
  const rowOf = (feature: Feature) => featureFlags.map((flag) => ({ feature, flag }));
  const columnOf = (flag: Flag) => features.map((feature) => ({ feature, flag }));
  return (
    <Table
      size="small"
      rowKey="feature"
      pagination={false}
      data-testid="feature-matrix"
      dataSource={features.map((feature) => ({ feature }))}
      columns={[
        {
          title: t('roles.feature'),
          render: (_, { feature }) => (
            <Space>
              {allBox(
                rowOf(feature),
                `row-all-${feature}`,
                t('roles.allOfFeature', { feature: t(`features.${feature}`) }),
              )}
              {t(`features.${feature}`)}
            </Space>
          ),
        },
        ...featureFlags.map((flag) => ({
          title: (
            <Space>
              {allBox(columnOf(flag), `column-all-${flag}`, t('roles.allOfFlag', { flag: t(`roles.flags.${flag}`) }))}
              {t(`roles.flags.${flag}`)}
            </Space>
          ),
          width: 90,
          render: (_: unknown, { feature }: { feature: Feature }) => (
            <Checkbox
              disabled={disabled || !canGrant(user, feature, flag)}
              checked={value[feature]?.[flag] ?? false}
              onChange={(e) => setAll([{ feature, flag }], e.target.checked)}
              data-testid={`flag-${feature}-${flag}`}
              aria-label={`${t(`features.${feature}`)} — ${t(`roles.flags.${flag}`)}`}
            />
          ),
        })),
      ]}
    />
  );
}
