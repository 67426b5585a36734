import { useEffect } from 'react';
import { Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromotionSettings } from '../../../shared/api/promotion';
import { clockMinutes, clockTime } from '../../../shared/domain/promotion';
import { api } from '../../api/base';
import { useSubmit } from '../../components/hooks/use-submit';
import { CardSave, Unsaved } from './card-save';

interface Values {
  window_start: string;
  window_end: string;
  sender: string;
  opt_out_en: string;
  opt_out_ar: string;
}

const valuesOf = (s: PromotionSettings): Values => ({
  window_start: clockTime(s.window_start),
  window_end: clockTime(s.window_end),
  sender: s.sender ?? '',
  opt_out_en: s.opt_out_en,
  opt_out_ar: s.opt_out_ar,
});

/**
 * The chain's promotion rules (issue 23): the sending window on each branch's clock, the promotional
 * sender name and the opt-out words each promotion ends with, in English and Arabic.
 */
export function PromotionCard({ unsaved, onUnsaved }: { unsaved: boolean; onUnsaved: (unsaved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data } = api.usePromotionSettingsGetQuery();
  const [update, { isLoading }] = api.usePromotionSettingsUpdateMutation();
  const submit = useSubmit();
  const current = Form.useWatch((v: Values) => v, form);
  const changed =
    data !== undefined &&
    current !== undefined &&
    (Object.keys(current) as (keyof Values)[]).some(
      (k) => current[k] !== undefined && current[k] !== valuesOf(data)[k],
    );
  useEffect(() => onUnsaved(changed), [changed, onUnsaved]);
  if (!data) return null;
  const clockRule = {
    validator: async (_: unknown, v: string) =>
      clockMinutes(v ?? '') === null ? Promise.reject(new Error(t('errors:FIELD_INVALID'))) : undefined,
  };
  const save = async () => {
    const v = await form.validateFields();
    await submit(
      update({
        window_start: clockMinutes(v.window_start) ?? 0,
        window_end: clockMinutes(v.window_end) ?? 0,
        sender: v.sender,
        opt_out_en: v.opt_out_en,
        opt_out_ar: v.opt_out_ar,
      }),
      { form },
    );
  };
  return (
    <Card title={t('promotions.settings.title')} extra={unsaved && <Unsaved />} data-testid="promotion-settings-card">
      <Form form={form} layout="vertical" initialValues={valuesOf(data)}>
        <Space align="start" wrap>
          <Form.Item name="window_start" label={t('promotions.settings.windowStart')} rules={[clockRule]}>
            <Input dir="ltr" placeholder="09:00" style={{ width: 120 }} data-testid="promotion-window-start" />
          </Form.Item>
          <Form.Item name="window_end" label={t('promotions.settings.windowEnd')} rules={[clockRule]}>
            <Input dir="ltr" placeholder="21:00" style={{ width: 120 }} data-testid="promotion-window-end" />
          </Form.Item>
        </Space>
        <Form.Item extra={t('promotions.settings.windowHelp')} style={{ marginTop: -16 }} />
        <Form.Item name="sender" label={t('promotions.settings.sender')} extra={t('promotions.settings.senderHelp')}>
          <Input dir="ltr" maxLength={11} style={{ width: 200 }} data-testid="promotion-sender" />
        </Form.Item>
        <Form.Item
          name="opt_out_en"
          label={t('promotions.settings.optOutEn')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <Input dir="ltr" maxLength={60} data-testid="promotion-optout-en" />
        </Form.Item>
        <Form.Item
          name="opt_out_ar"
          label={t('promotions.settings.optOutAr')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <Input dir="rtl" maxLength={60} data-testid="promotion-optout-ar" />
        </Form.Item>
        <CardSave busy={isLoading} onSave={() => void save()} testId="promotion-settings-save" />
      </Form>
    </Card>
  );
}
