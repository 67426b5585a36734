import { Button, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { LookupSelect } from '../../components/ui/lookup-select';
import { toMinor } from '../../components/format/money';
import { useSubmit } from '../../components/hooks/use-submit';

/**
 * Opens the caller's shift with the float in the drawer: on the shift page, and at the till when a
 * cash sale was refused for want of one. An administrator without a branch of their own names it,
 * unless the till already has (`tillBranch`).
 */
export function OpenShiftForm({
  ownBranch,
  tillBranch = null,
  onOpened,
}: {
  ownBranch: number | null;
  tillBranch?: number | null;
  onOpened?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ float: number | null; branch_id: number | null }>();
  const [open, opening] = api.useCashupOpenMutation();
  const askBranch = ownBranch === null && tillBranch === null;
  const { data: branches } = api.useBranchListQuery(undefined, { skip: !askBranch });
  const submit = useSubmit();
  const send = async (v: { float: number | null; branch_id: number | null }) => {
    const branch_id = ownBranch !== null ? null : (tillBranch ?? v.branch_id);
    if (await submit(open({ opening_float: toMinor(v.float), branch_id }), { form })) onOpened?.();
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void send(v)}>
      {askBranch && (
        <Form.Item
          name="branch_id"
          label={t('cart.branch')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <LookupSelect items={branches} data-testid="shift-branch" />
        </Form.Item>
      )}
      <Form.Item
        name="float"
        label={t('shift.float')}
        extra={t('shift.floatHelp')}
        rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
      >
        <InputNumber
          min={0}
          max={1_000_000}
          precision={2}
          style={{ width: '100%' }}
          data-testid="shift-float"
          autoFocus
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={opening.isLoading} data-testid="shift-open">
        {t('shift.open')}
      </Button>
    </Form>
  );
}
