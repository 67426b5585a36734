import { useState } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, Table, Tag } from 'antd';
import { Dialog } from '../../components/ui/dialog';
import { CheckCircleOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { CodeEntry } from '../../components/ui/code-entry';
import { useSendCode } from './otp-check';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../../../shared/api/frontdesk';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { formatMoney, toMajor, toMinor } from '../../components/format/money';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';

/**
 * Checks kids out; when overtime is owed, the dialog (render `dialog`) asks what to do with it, and
 * otherwise `done` runs (the front desk puts the focus back on its search).
 */
export function useCheckout(goToTill: (kidIds: number[]) => void, done?: () => void) {
  const submit = useSubmit();
  const [checkout, state] = api.useKidsCheckoutMutation();
  const [due, setDue] = useState<Visit[] | null>(null);
  const run = async (kidIds: number[]) => {
    const closed = await submit(checkout({ ids: kidIds }));
    if (closed?.some((s) => s.due > 0)) setDue(closed.filter((s) => s.due > 0));
    else if (closed) done?.();
  };
  const dialog = due && <OvertimeDue visits={due} onClose={() => setDue(null)} goToTill={goToTill} />;
  return { checkout: run, pending: state.isLoading, dialog };
}

/**
 * Overtime owed after a check-out: charge it at the till, or — with the manager's right — edit or
 * forgive it, giving a reason that is kept with who decided and when.
 */
function OvertimeDue({
  visits,
  onClose,
  goToTill,
}: {
  visits: Visit[];
  onClose: () => void;
  goToTill: (kidIds: number[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [rows, setRows] = useState(visits);
  const [deciding, setDeciding] = useState<Visit | null>(null);
  const owing = rows.filter((s) => s.due > 0);
  const kidName = (s: Visit) => localName({ name_en: s.kid_name_en, name_ar: s.kid_name_ar }, i18n.language);

  return (
    <Dialog
      open
      width={720}
      title={t('desk.overtimeDue')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('desk.later')}</Button>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            disabled={owing.length === 0}
            onClick={() => goToTill(owing.map((s) => s.kid_id))}
            data-testid="overtime-to-till"
          >
            {t('desk.chargeAtTill', {
              amount: formatMoney(
                owing.reduce((sum, s) => sum + s.due, 0),
                i18n.language,
              ),
            })}
          </Button>
        </Space>
      }
      data-testid="overtime-due"
    >
      <Table<Visit>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('subscriptions.kid'), render: (_, s) => kidName(s) },
          {
            title: t('desk.overtimeHours'),
            dataIndex: 'overtime_hours',
            render: (v: number) => t('packages.hours', { count: v }),
          },
          {
            title: t('desk.due'),
            dataIndex: 'due',
            render: (v: number, s) => (
              <Space size={4}>
                {formatMoney(v, i18n.language)}
                {s.confirmed_at && v > 0 && (
                  <Tag color="green" icon={<CheckCircleOutlined />}>
                    {t('desk.confirmedByParent')}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            render: (_, s) =>
              ability.can('delete', 'FrontDesk') &&
              s.due > 0 && (
                <Button size="small" onClick={() => setDeciding(s)} data-testid={`overtime-decide-${s.id}`}>
                  {t('desk.editOrForgive')}
                </Button>
              ),
          },
        ]}
      />
      {owing.length > 0 && (
        <ParentConfirms
          owing={owing}
          onConfirmed={(bills) => setRows(rows.map((r) => bills.find((b) => b.id === r.id) ?? r))}
        />
      )}
      {deciding && (
        <Decision
          visit={deciding}
          kidName={kidName(deciding)}
          onClose={() => setDeciding(null)}
          onDecided={(bill) => {
            setRows(rows.map((r) => (r.id === bill.id ? bill : r)));
            setDeciding(null);
          }}
        />
      )}
    </Dialog>
  );
}

/** Over-time payment verification: the parent confirms what they owe with a code sent to their mobile. */
function ParentConfirms({ owing, onConfirmed }: { owing: Visit[]; onConfirmed: (bills: Visit[]) => void }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const sendCode = useSendCode();
  const [confirm] = api.useLazyVisitPaymentsQuery();
  const parent = owing[0]!;
  if (owing.every((s) => s.confirmed_at)) return null;
  return (
    <div style={{ marginTop: 12 }}>
      <CodeEntry
        testId="overtime"
        sendLabel={t('desk.parentConfirms')}
        onSend={() => sendCode({ id: parent.parent_id, mobile: parent.mobile }, parent.branch_id)}
        onVerify={async (otp) => {
          const bills = await submit(confirm({ kids: owing.map((s) => s.kid_id).join(','), otp }));
          if (bills) onConfirmed(bills);
          return bills !== null;
        }}
      />
    </div>
  );
}

function Decision({
  visit,
  kidName,
  onClose,
  onDecided,
}: {
  visit: Visit;
  kidName: string;
  onClose: () => void;
  onDecided: (bill: Visit) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ action: 'edit' | 'forgive'; fee: number; reason: string }>();
  const action = Form.useWatch('action', form);
  const [decide, saving] = api.useOvertimeDecisionMutation();
  const submit = useSubmit();
  return (
    <Dialog
      open
      title={t('desk.decideTitle', { kid: kidName })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ action: 'forgive', fee: toMajor(visit.overtime_fee) }}
        onFinish={async (v) => {
          const bill = await submit(
            decide({
              session_id: visit.id,
              action: v.action,
              fee: v.action === 'edit' ? toMinor(v.fee) : undefined,
              reason: v.reason,
            }),
            { form },
          );
          if (bill) onDecided(bill);
        }}
      >
        <Form.Item name="action">
          <Radio.Group
            options={[
              { value: 'forgive', label: t('desk.forgive') },
              { value: 'edit', label: t('desk.edit') },
            ]}
          />
        </Form.Item>
        {action === 'edit' && (
          <Form.Item
            name="fee"
            label={t('desk.newFee')}
            rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
          >
            <InputNumber min={0} precision={2} style={{ width: '100%' }} dir="ltr" />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('desk.reason')}
          rules={[{ required: true, min: 3, whitespace: true, message: t('errors:FIELD_TOO_SHORT') }]}
        >
          <Input.TextArea rows={2} maxLength={300} data-testid="overtime-reason" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
