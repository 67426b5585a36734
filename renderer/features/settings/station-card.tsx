import type { ReactNode } from 'react';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasFullAccess } from '../../../shared/permissions';
import { api } from '../../api/base';
import { useAppSelector } from '../../store/store';
import { LookupSelect } from '../../components/ui/lookup-select';
import { localName } from '../../components/format/names';
import { Unsaved } from './card-save';

/**
 * The branch this station stands in, chosen once: an administrator's front desk and till work there.
 * Anyone else works in their own branch, so only an administrator changes it (the main process
 * keeps it from anyone else's save too).
 */
export function StationCard({ unsaved, save }: { unsaved: boolean; save: ReactNode }) {
  const { t, i18n } = useTranslation();
  const user = useAppSelector((st) => st.auth.user);
  const { data: branches } = api.useBranchListQuery();
  const admin = user !== null && hasFullAccess(user);
  const own = branches?.find((b) => b.id === user?.branch_id);
  return (
    <Card title={t('station.title')} extra={unsaved && <Unsaved />}>
      <Form.Item
        name="stationBranchId"
        label={t('station.branch')}
        extra={admin ? t('station.branchHelp') : t('station.adminOnly')}
      >
        <LookupSelect
          items={branches}
          disabled={!admin}
          placeholder={own && localName(own, i18n.language)}
          data-testid="station-branch"
        />
      </Form.Item>
      {save}
    </Card>
  );
}
