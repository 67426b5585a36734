import { useState } from 'react';
import { Button, Card, Descriptions, Form, Popconfirm, Result, Spin, Table, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RoomStays } from '../../components/domain/room-stays';
import { isAdministratorRole } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { PageTitle } from '../../components/ui/page-title';
import { PasswordFields } from '../../components/ui/password-fields';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { EmployeeForm } from './employee-form';
import { formatDateTime } from '../../components/format/dates';
import { OwnerFiles } from '../../components/domain/owner-files';
import { Ltr } from '../../components/ui/ltr';

export function EmployeeProfile({ id, back }: { id: number; back: () => void }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const { data: employee, isLoading, error } = api.useEmployeeInfoQuery({ id });
  const [editing, setEditing] = useState(false);
  const [remove, removing] = api.useEmployeeDeleteMutation();
  const submit = useSubmit();
  const BackIcon = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;

  if (isLoading) return <Spin />;
  if (error || !employee)
    return (
      <Result status="404" title={t('errors:NOT_FOUND')} extra={<Button onClick={back}>{t('actions.back')}</Button>} />
    );

  return (
    <div data-testid="employee-profile">
      <PageTitle
        title={localName(employee, i18n.language)}
        extra={
          <>
            <Button icon={<BackIcon />} onClick={back}>
              {t('actions.back')}
            </Button>
            {ability.can('update', 'Employees') && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="employee-edit">
                {t('actions.edit')}
              </Button>
            )}
            {ability.can('delete', 'Employees') && (
              <Popconfirm
                title={t('employees.confirmDelete', { name: localName(employee, i18n.language) })}
                description={t('employees.deleteHelp')}
                okText={t('actions.delete')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true, loading: removing.isLoading }}
                onConfirm={async () => {
                  if (await submit(remove({ id }))) back();
                }}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'info',
              label: t('employees.tabs.info'),
              children: (
                <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
                  <Descriptions.Item label={t('fields.nameEn')}>{employee.name_en}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.nameAr')}>{employee.name_ar}</Descriptions.Item>
                  <Descriptions.Item label={t('employees.mobile')}>
                    <Ltr>{employee.mobile ?? '—'}</Ltr>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('employees.email')}>
                    <Ltr>{employee.email ?? '—'}</Ltr>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('employees.role')}>
                    {isAdministratorRole(employee.role)
                      ? t('employees.kinds.admin')
                      : employee.privilege
                        ? localName(employee.privilege, i18n.language)
                        : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('employees.branch')}>
                    {employee.branch ? localName(employee.branch, i18n.language) : t('shell.allBranches')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('employees.identificationNumber')}>
                    <Ltr>{employee.identification_number ?? '—'}</Ltr>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('employees.since')}>
                    {formatDateTime(employee.created_at, i18n.language)}
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            { key: 'sessions', label: t('employees.tabs.sessions'), children: <SignIns userId={id} /> },
            { key: 'rooms', label: t('employees.tabs.roomSessions'), children: <RoomSessions userId={id} /> },
            {
              key: 'files',
              label: t('employees.tabs.files'),
              children: <OwnerFiles folder="emp" ownerId={id} canUpload={ability.can('create', 'Employees')} />,
            },
            ...(ability.can('update', 'Employees')
              ? [{ key: 'password', label: t('employees.tabs.password'), children: <PasswordTab id={id} /> }]
              : []),
          ]}
        />
      </Card>
      {editing && <EmployeeForm employee={employee} onClose={() => setEditing(false)} />}
    </div>
  );
}

function SignIns({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = api.useEmployeeSessionsQuery({ user_id: userId, page, perPage: 10 });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.rows}
      locale={{ emptyText: t('employees.noSessions') }}
      pagination={{ current: page, total: data?.total, pageSize: 10, onChange: setPage }}
      columns={[
        {
          title: t('employees.loginAt'),
          dataIndex: 'login_at',
          render: (v: string) => formatDateTime(v, i18n.language),
        },
        {
          title: t('employees.logoutAt'),
          dataIndex: 'logout_at',
          render: (v: string | null) => (v ? formatDateTime(v, i18n.language) : t('employees.stillIn')),
        },
      ]}
    />
  );
}

function RoomSessions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = api.useEmployeeRoomSessionsQuery({ user_id: userId, page, perPage: 10 });
  return (
    <RoomStays
      stays={data?.rows.map((s) => ({ ...s, in: s.login_at, out: s.logout_at }))}
      total={data?.total}
      page={page}
      onPage={setPage}
      loading={isFetching}
      empty={t('employees.noRoomSessions')}
      testId="employee-room-sessions"
    />
  );
}

function PasswordTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm_password: string }>();
  const [update, updating] = api.useEmployeeUpdateMutation();
  const submit = useSubmit();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      data-testid="password-form"
      onFinish={async (values) => {
        if (await submit(update({ id, ...values }), { form })) form.resetFields();
      }}
    >
      <PasswordFields testId="new" />
      <Typography.Paragraph type="secondary">{t('employees.passwordHelp')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={updating.isLoading}>
        {t('employees.changePassword')}
      </Button>
    </Form>
  );
}
