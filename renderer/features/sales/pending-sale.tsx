import { Alert, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PendingCommand } from '../../../shared/ipc';
import { saleCreateRequest } from '../../../shared/api/sales';
import { formatDateTime } from '../../components/format/dates';
import { formatMoney } from '../../components/format/money';

/**
 * A sale sent whose answer never came (the server was unreachable, or the station stopped). It may
 * have gone through: finishing it sends it again under its first key, so the server either records it
 * or answers with the invoice it already made; dropping it gives it up.
 */
export function PendingSale({
  pending,
  finishing,
  onFinish,
  onDrop,
}: {
  pending: PendingCommand;
  finishing: boolean;
  onFinish: () => void;
  onDrop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sale = saleCreateRequest.safeParse(pending.body);
  const paid = sale.success ? sale.data.salesData.payments.cash + sale.data.salesData.payments.pos : 0;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="pending-sale"
      title={t('cart.pending.title', { time: formatDateTime(pending.since, i18n.language, 'short') })}
      description={t('cart.pending.help', { amount: formatMoney(paid, i18n.language) })}
      action={
        <Space direction="vertical">
          <Button type="primary" size="small" loading={finishing} onClick={onFinish} data-testid="pending-finish">
            {t('cart.pending.finish')}
          </Button>
          <Popconfirm
            title={t('cart.pending.dropConfirm')}
            okText={t('cart.pending.drop')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'pending-drop-confirm' }}
            onConfirm={onDrop}
          >
            <Button size="small" danger data-testid="pending-drop">
              {t('cart.pending.drop')}
            </Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}
