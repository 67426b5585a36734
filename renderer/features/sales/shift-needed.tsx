import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpenShiftForm } from './open-shift-form';

/**
 * A cash sale the server refused for want of the cashier's open shift (SHIFT_NOT_OPEN): why, and the
 * shift opened right here, so the cart stays as it is and the same sale is then completed.
 */
export function ShiftNeeded(props: { ownBranch: number | null; tillBranch: number | null; onOpened: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('errors:SHIFT_NOT_OPEN')}
      description={<OpenShiftForm {...props} />}
      data-testid="cart-shift-needed"
    />
  );
}
