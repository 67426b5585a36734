import { Button, Form, InputNumber, Select } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignRow } from '../../../shared/domain/campaign-rows';
import { AUDIENCE_KINDS, MAX_AUDIENCE_DAYS, type AudienceKind } from '../../../shared/domain/promotion-audience';
import { LANGUAGES, type Language } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { useNotify } from '../../components/hooks/use-notify';
import { useSubmit } from '../../components/hooks/use-submit';
import type { PromotionContext } from './use-promotion-context';

interface Asked {
  kind: AudienceKind;
  days: number;
  lang: Language;
}

/**
 * A campaign's rows from the branch's own families instead of a file (issue 23): kids whose pass ends
 * soon, or families not seen lately. The rows go where a file's would (`onRows`, with a label standing
 * for the file's name); the label also says how many asked for no promotions and were left out, so it
 * goes when another list or a file replaces these rows.
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
  const notify = useNotify();
  const [form] = Form.useForm<Asked>();
  const [build, building] = api.useLazyPromotionAudienceQuery();

  const go = async (asked: Asked) => {
    // A read asked for by a button: its failure goes on the form, its success is the rows built.
    const { data: found, error } = await build({ ...asked, branch_id: context.branchId });
    if (found === undefined) return void submit(Promise.resolve({ error }), { form });
    notify.done(t('promotions.audience.built'));
    const label = [
      t(`promotions.audience.label.${asked.kind}`, { count: asked.days }),
      found.opted_out > 0 ? t('promotions.audience.optedOut', { count: found.opted_out }) : null,
      found.cut ? t('promotions.audience.cut', { count: found.rows.length }) : null,
    ];
    onRows(label.filter((part) => part !== null).join(' · '), found.rows);
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
        <Button htmlType="submit" icon={<TeamOutlined />} loading={building.isFetching} data-testid="audience-build">
          {t('promotions.audience.build')}
        </Button>
      </Form>
    </div>
  );
}
