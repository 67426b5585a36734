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
  const { run, printing } = useThermalJob();
  const print = (saleId: number, drawer = false) =>
    run(`print-${saleId}`, () => bridge.invoke('pos:print-receipt', { saleId, drawer }));
  return { print, printing };
}

/** A job for the receipt printer (a receipt, a shift's report): its outcome said, and a retry offered. */
export function useThermalJob() {
  const { t } = useTranslation();
  const notification = useNotifications();
  const notify = useNotify();
  const [printing, setPrinting] = useState(false);
  const run = async (key: string, job: () => Promise<PrintOutcome>): Promise<PrintOutcome> => {
    setPrinting(true);
    const outcome = await job().catch((): PrintOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    setPrinting(false);
    if (outcome.status === 'printed') notify.success('PRINTED');
    else if (outcome.status === 'failed') notify.error(outcome.message);
    else {
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
              void run(key, job);
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
  return { run, printing };
}
