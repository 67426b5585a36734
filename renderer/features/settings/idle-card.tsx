import { useEffect } from 'react';
import { Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { IDLE_SECONDS_RANGE } from '../../../shared/domain/idle';
import { api } from '../../api/base';
import { useSubmit } from '../../components/hooks/use-submit';
import { CardSave, Unsaved } from './card-save';

/**
 * The chain's idle time, for whoever may change Settings (managers, administrators): one value for
 * every station and branch, so a cashier finds the same lock wherever they work.
 */
export function IdleCard({ unsaved, onUnsaved }: { unsaved: boolean; onUnsaved: (unsaved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ minutes: number }>();
  const { data } = api.useChainSettingsGetQuery();
  const [update, { isLoading }] = api.useChainSettingsUpdateMutation();
  const submit = useSubmit();
  const minutes = Form.useWatch('minutes', form);
  const changed = data !== undefined && minutes !== undefined && minutes !== data.idle_seconds / 60;
  // The tag comes back from the page, so it shows once the page asks before being left.
  useEffect(() => onUnsaved(changed), [changed, onUnsaved]);
  if (!data) return null;
  const save = async () => {
    const values = await form.validateFields();
    await submit(update({ idle_seconds: Math.round(values.minutes * 60) }));
  };
  return (
    <Card title={t('idle.title')} extra={unsaved && <Unsaved />} data-testid="idle-card">
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
        <CardSave busy={isLoading} onSave={() => void save()} testId="idle-save" />
      </Form>
    </Card>
  );
}
