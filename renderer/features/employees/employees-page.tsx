import { useState } from 'react';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../../shared/api/employees';
import { isAdministratorRole } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { localName } from '../../components/format/names';
import { EmployeeForm } from './employee-form';
import { Ltr } from '../../components/ui/ltr';

export function EmployeesPage({ open }: { open: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  const { data, isFetching } = api.useEmployeePageListQuery(list.query);
  const { data: roles } = api.usePriviledgeListQuery();
  const { data: branches } = api.useBranchListQuery();
  const [adding, setAdding] = useState(false);
  const nameOf = (list: { id: number; name_en: string; name_ar: string }[] | undefined, id: number | null) => {
    const item = list?.find((x) => x.id === id);
    return item ? localName(item, i18n.language) : '—';
  };

  return (
    <div data-testid="employees-page">
      <ListHeader
        title={t('features.Employees')}
        searchPlaceholder={t('employees.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Employees') && {
            label: t('employees.add'),
            testId: 'employee-add',
            onClick: () => setAdding(true),
          }
        }
      />
      <Table<Employee>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('employees.empty') }}
        onRow={(e) => ({ onClick: () => open(e.id), style: { cursor: 'pointer' } })}
        pagination={list.pagination(data?.total)}
        columns={[
          {
            title: t('fields.name'),
            render: (_, e) => <a onClick={() => open(e.id)}>{localName(e, i18n.language)}</a>,
          },
          {
            title: t('employees.mobile'),
            dataIndex: 'mobile',
            render: (v: string | null) => <Ltr>{v}</Ltr>,
          },
          { title: t('employees.email'), dataIndex: 'email', render: (v: string | null) => <Ltr>{v}</Ltr> },
          {
            title: t('employees.role'),
            render: (_, e) =>
              isAdministratorRole(e.role) ? (
                <Tag color="gold">{t('employees.kinds.admin')}</Tag>
              ) : (
                nameOf(roles, e.priviledge_id)
              ),
          },
          {
            title: t('employees.branch'),
            render: (_, e) => (e.branch_id ? nameOf(branches, e.branch_id) : t('shell.allBranches')),
          },
        ]}
      />
      {adding && <EmployeeForm employee={null} onClose={() => setAdding(false)} />}
    </div>
  );
}
