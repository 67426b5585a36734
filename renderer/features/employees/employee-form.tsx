import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeRegister } from '../../../shared/api/employees';
import type { LookupItem } from '../../../shared/api/lookups';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { LookupSelect } from '../../components/ui/lookup-select';
import { NameFields } from '../../components/ui/name-fields';
import { PasswordFields } from '../../components/ui/password-fields';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';

/** `list`: one of the catalogue's lookup reads (`api.endpoints.shiftList`), read when the field shows. */
type LookupRead = { useQuery: () => { data?: LookupItem[]; isLoading: boolean } };

function Lookup({ name, list, label }: { name: keyof EmployeeRegister; list: LookupRead; label: string }) {
  const { data, isLoading } = list.useQuery();
  return (
    <Form.Item name={name} label={label}>
      <LookupSelect items={data} loading={isLoading} />
    </Form.Item>
  );
}

/** Register a new employee, or edit one (the password has its own tab on the profile). */
export function EmployeeForm({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [form] = Form.useForm<EmployeeRegister>();
  const role = Form.useWatch('role', form) ?? employee?.role ?? 'employee';
  const { data: roles } = api.usePriviledgeListQuery();
  const { data: branches } = api.useBranchListQuery();
  const [register, registering] = api.useEmployeeRegisterMutation();
  const [update, updating] = api.useEmployeeUpdateMutation();
  const submit = useSubmit();
  const required = { required: true, message: t('errors:FIELD_REQUIRED') };

  const save = async (values: EmployeeRegister) => {
    const done = await submit(employee ? update({ ...values, id: employee.id }) : register(values), { form });
    if (done) onClose();
  };

  return (
    <FormModal
      form={form}
      title={employee ? t('employees.edit') : t('employees.add')}
      pending={registering.isLoading || updating.isLoading}
      onClose={onClose}
      width={760}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="employee-form"
        initialValues={employee ?? { role: 'employee' }}
        onFinish={(v) => void save(v)}
      >
        <Row gutter={16}>
          <Col span={24}>
            <NameFields />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('employees.mobile')}>
              <Input dir="ltr" inputMode="tel" data-testid="employee-mobile" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('employees.email')}
              rules={[{ type: 'email', message: t('errors:FIELD_INVALID') }]}
            >
              <Input dir="ltr" inputMode="email" />
            </Form.Item>
          </Col>
          {ability.can('manage', 'all') && (
            <Col xs={24} md={12}>
              <Form.Item name="role" label={t('employees.kind')}>
                <Select
                  options={[
                    { value: 'employee', label: t('employees.kinds.employee') },
                    { value: 'admin', label: t('employees.kinds.admin') },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="priviledge_id" label={t('employees.role')} rules={role === 'employee' ? [required] : []}>
              <LookupSelect items={roles} data-testid="employee-role" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="branch_id" label={t('employees.branch')}>
              <LookupSelect items={branches} data-testid="employee-branch" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Lookup
              name="identification_id"
              list={api.endpoints.identificationList}
              label={t('employees.identification')}
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="identification_number" label={t('employees.identificationNumber')}>
              <Input dir="ltr" maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Lookup name="nationality_id" list={api.endpoints.nationalityList} label={t('employees.nationality')} />
          </Col>
          <Col xs={24} md={12}>
            <Lookup
              name="specialization_id"
              list={api.endpoints.specializationList}
              label={t('employees.specialization')}
            />
          </Col>
          <Col xs={24} md={12}>
            <Lookup
              name="qualification_id"
              list={api.endpoints.qualificationList}
              label={t('employees.qualification')}
            />
          </Col>
          <Col xs={24} md={12}>
            <Lookup name="shift_id" list={api.endpoints.shiftList} label={t('employees.shift')} />
          </Col>
          {!employee && (
            <PasswordFields
              testId="employee"
              wrap={(node) => (
                <Col xs={24} md={12}>
                  {node}
                </Col>
              )}
            />
          )}
        </Row>
      </Form>
    </FormModal>
  );
}
