import { Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { useSubmit } from '../../components/hooks/use-submit';

/**
 * Whether a parent receives promotions, on their profile: off is the parent's wish for none, kept by the
 * server so their number is skipped in every campaign, whoever imports it. Read-only without the right.
 */
export function PromotionsSwitch({ parent }: { parent: { id: number; promotions_opt_out: boolean } }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const submit = useSubmit();
  const [optOut, saving] = api.usePromotionOptOutMutation();
  return (
    <Space>
      <Switch
        checked={!parent.promotions_opt_out}
        loading={saving.isLoading}
        disabled={!ability.can('update', 'Promotions')}
        aria-label={t('promotions.optOut.label')}
        onChange={(receives) => void submit(optOut({ parent_id: parent.id, opt_out: !receives }))}
        data-testid="parent-promotions"
      />
      <Typography.Text type="secondary">{t('promotions.optOut.help')}</Typography.Text>
    </Space>
  );
}
