import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { formatDateTime } from '../../components/format/dates';
import { dayIn } from '../../../shared/domain/time-zone';

/** A shift left open on an earlier day shows when the cashier next signs in, wherever they land. */
export function OpenShiftReminder() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: shift } = api.useCashupCurrentQuery();
  if (!shift) return null;
  const zone = shift.branch.time_zone;
  if (dayIn(zone, new Date(shift.opened_at)) >= dayIn(zone)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="no-print"
      style={{ marginBottom: 16 }}
      data-testid="shift-left-open"
      title={t('shift.leftOpen', { at: formatDateTime(shift.opened_at, i18n.language, 'medium', zone) })}
      action={
        <Button size="small" onClick={() => navigate('/Sales/shift')}>
          {t('shift.closeIt')}
        </Button>
      }
    />
  );
}
