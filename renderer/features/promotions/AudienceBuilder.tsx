import { useState } from 'react';
import { Button, Form, InputNumber, Select, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignRow } from '../../../shared/domain/campaign-rows';
import { AUDIENCE_KINDS, MAX_AUDIENCE_DAYS, type AudienceKind } from '../../../shared/domain/promotion-audience';
import { LANGUAGES, type Language } from '../../../shared/domain/constants';
import { usePromotionAudienceMutation } from '../../api/promotion';
import { useSubmit } from '../../components/useSubmit';
import type { PromotionContext } from './usePromotionContext';

interface Asked {
  kind: AudienceKind;
  days: number;
  lang: Language;
}

/**
 * A campaign's rows from the branch's own families instead of a file (issue 23): kids whose pass ends
 * soon, or families not seen lately. The rows go where a file's would (`onRows`, with a label standing
 * for the file's name); those who asked for no promotions are left out by the server and counted here.
 */
export function AudienceBuilder({
  context,
  onRows,
}: {
  context: PromotionContext;
  onRows: (label: string, rows: CampaignRow[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const [form] = Form.useForm<Asked>();
  const [build, building] = usePromotionAudienceMutation();
  const [left, setLeft] = useState<{ optedOut: number; cut: number | null } | null>(null);

  const go = async (asked: Asked) => {
    const found = await submit(build({ ...asked, branch_id: context.branchId }), {
      form,
      success: { text: t('promotions.audience.built') },
    });
    if (!found) return;
    setLeft({ optedOut: found.opted_out, cut: found.cut ? found.rows.length : null });
    onRows(t(`promotions.audience.label.${asked.kind}`, { count: asked.days }), found.rows);
  };

  return (
    <div data-testid="promotion-audience">
      <Form<Asked>
        form={form}
        layout="inline"
        initialValues={{ kind: 'pass_ends', days: 7, lang: i18n.language === 'ar' ? 'ar' : 'en' }}
        onFinish={(asked) => void go(asked)}
      >
        <Form.Item label={t('promotions.audience.kind')} name="kind" rules={[{ required: true }]}>
          <Select<AudienceKind>
            style={{ minWidth: 240 }}
            data-testid="audience-kind"
            options={AUDIENCE_KINDS.map((kind) => ({ value: kind, label: t(`promotions.audience.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('promotions.audience.days')} name="days" rules={[{ required: true }]}>
          <InputNumber min={1} max={MAX_AUDIENCE_DAYS} precision={0} data-testid="audience-days" />
        </Form.Item>
        <Form.Item label={t('promotions.audience.names')} name="lang">
          <Select<Language>
            style={{ minWidth: 120 }}
            data-testid="audience-lang"
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`promotions.audience.languages.${lang}`) }))}
          />
        </Form.Item>
        <Button htmlType="submit" icon={<TeamOutlined />} loading={building.isLoading} data-testid="audience-build">
          {t('promotions.audience.build')}
        </Button>
      </Form>
      {left && (left.optedOut > 0 || left.cut !== null) && (
        <Typography.Text type="secondary" data-testid="audience-left-out">
          {left.optedOut > 0 && t('promotions.audience.optedOut', { count: left.optedOut })}{' '}
          {left.cut !== null && t('promotions.audience.cut', { count: left.cut })}
        </Typography.Text>
      )}
    </div>
  );
}
