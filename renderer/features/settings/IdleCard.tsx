import { Button, Card, Form, InputNumber, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IDLE_SECONDS_RANGE } from '../../../shared/domain/idle';
import { useChainSettingsQuery, useUpdateChainSettingsMutation } from '../../api/chain-settings';
import { useSubmit } from '../../components/useSubmit';

/**
 * The chain's idle time, for whoever may change Settings (managers, administrators): one value for
 * every station and branch, so a cashier finds the same lock wherever they work.
 */
export function IdleCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ minutes: number }>();
  const { data } = useChainSettingsQuery();
  const [update, { isLoading }] = useUpdateChainSettingsMutation();
  const submit = useSubmit();
  if (!data) return null;
  const save = async () => {
    const { minutes } = await form.validateFields();
    await submit(update({ idle_seconds: Math.round(minutes * 60) }));
  };
  return (
    <Card title={t('idle.title')} data-testid="idle-card">
      <Form form={form} layout="vertical" initialValues={{ minutes: data.idle_seconds / 60 }}>
        <Form.Item
          name="minutes"
          label={t('idle.minutes')}
          extra={t('idle.help')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <InputNumber
            min={Math.ceil(IDLE_SECONDS_RANGE.min / 60)}
            max={IDLE_SECONDS_RANGE.max / 60}
            precision={0}
            style={{ width: 160 }}
            dir="ltr"
            data-testid="idle-minutes"
          />
        </Form.Item>
        <Space>
          <Button icon={<SaveOutlined />} loading={isLoading} onClick={() => void save()} data-testid="idle-save">
            {t('idle.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
