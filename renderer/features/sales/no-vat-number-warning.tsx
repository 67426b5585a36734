import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';

/**
 * The till's branch has no VAT number: every receipt would go out without one (and its tax QR with
 * the field empty), so the till says so before the first sale, not after a day of them.
 */
export function NoVatNumberWarning({ branchId }: { branchId: number | null }) {
  const { t } = useTranslation();
  const { data: branch } = api.useBranchOfStationQuery({ branch_id: branchId }, { skip: branchId === null });
  if (!branch || branch.vat_number) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="no-print"
      style={{ marginBottom: 16 }}
      title={t('cart.noVatNumber')}
      data-testid="cart-no-vat-number"
    />
  );
}
