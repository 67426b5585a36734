import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintOutcome } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { useNotify } from '../useNotify';
import { useNotifications } from '../Notifications';

/**
 * Prints a sale's receipt on this station's printer. The sale is saved whatever happens: a printer
 * that is off or unplugged says so, and the message offers to try again.
 */
export function usePrintReceipt() {
  const { t } = useTranslation();
  const notification = useNotifications();
  const notify = useNotify();
  const [printing, setPrinting] = useState(false);
  const print = async (saleId: number, drawer = false): Promise<PrintOutcome> => {
    setPrinting(true);
    const outcome = await bridge
      .invoke('pos:print-receipt', { saleId, drawer })
      .catch((): PrintOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    setPrinting(false);
    if (outcome.status === 'printed') notify.success('PRINTED');
    else if (outcome.status === 'failed') notify.error(outcome.message);
    else {
      const key = `print-${saleId}`;
      notification.error({
        key,
        title: t(
          outcome.status === 'not-configured'
            ? 'print.notConfigured'
            : outcome.status === 'no-paper'
              ? 'print.noPaper'
              : 'print.unreachable',
        ),
        placement: 'topRight',
        duration: 0,
        actions: outcome.status !== 'not-configured' && (
          <Button
            size="small"
            type="primary"
            onClick={() => {
              notification.destroy(key);
              void print(saleId, drawer);
            }}
            data-testid="print-retry"
          >
            {t('print.retry')}
          </Button>
        ),
      });
    }
    return outcome;
  };
  return { print, printing };
}
