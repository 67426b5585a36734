import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { NO_BRANCH_ID } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { useStationBranch } from '../../store/station';
import { useAppSelector } from '../../store/store';
import { LookupSelect } from '../../components/ui/lookup-select';
import { PageTitle } from '../../components/ui/page-title';
import { CheckedInList } from './checked-in-list';
import { ParentLookup } from './parent-lookup';

/**
 * The busiest screen: find the family, verify them, check kids in by badge; and the kids inside now,
 * with their time, to check out. An administrator works in the station's branch (Settings) and may pick
 * another here (0 is "Select a branch": all).
 */
export function FrontDeskPage({ find }: { find?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const { data: branches } = api.useBranchListQuery();
  const station = useStationBranch();
  const [branchId, setBranchId] = useState<number | null>(null);
  const picked = branchId ?? station ?? NO_BRANCH_ID;
  const chosen = ownBranch ?? (picked === NO_BRANCH_ID ? null : picked);
  const openKid = (id: number) => navigate(`/FrontDesk/${id}`);
  const goToTill = (kidIds: number[]) => navigate(`/Sales/overtime/${kidIds.join(',')}`);

  return (
    <div data-testid="front-desk">
      <PageTitle
        title={t('features.FrontDesk')}
        extra={
          ownBranch === null && (
            <LookupSelect
              items={[
                { id: NO_BRANCH_ID, name_en: t('desk.selectBranch'), name_ar: t('desk.selectBranch') },
                ...(branches ?? []),
              ]}
              value={picked}
              allowClear={false}
              onChange={(v) => setBranchId(v ?? NO_BRANCH_ID)}
              style={{ width: 220 }}
              aria-label={t('desk.selectBranch')}
              data-testid="desk-branch"
            />
          )
        }
      />
      <Tabs
        items={[
          {
            key: 'in',
            label: t('desk.tabCheckin'),
            children: <ParentLookup branchId={chosen} openKid={openKid} goToTill={goToTill} initialQuery={find} />,
          },
          {
            key: 'inside',
            label: <span data-testid="desk-tab-inside">{t('desk.tabInside')}</span>,
            children: <CheckedInList branchId={chosen} openKid={openKid} goToTill={goToTill} />,
          },
        ]}
      />
    </div>
  );
}
