import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { formatDateTime } from '../../components/format/dates';

/** Beside the till's title: whether the cashier's shift is open (since when), and the way to its X and Z reports. */
export function ShiftBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: shift, isLoading } = api.useCashupCurrentQuery();
  if (isLoading) return null;
  return (
    <>
      {shift ? (
        <Tag color="green" data-testid="shift-status">
          {t('shift.openSince', {
            at: formatDateTime(shift.opened_at, i18n.language, 'short', shift.branch.time_zone),
          })}
        </Tag>
      ) : (
        <Tag color="orange" data-testid="shift-status">
          {t('shift.noneOpenShort')}
        </Tag>
      )}
      <Button onClick={() => navigate('/Sales/shift')} data-testid="shift-link">
        {shift ? t('shift.reports') : t('shift.open')}
      </Button>
    </>
  );
}
