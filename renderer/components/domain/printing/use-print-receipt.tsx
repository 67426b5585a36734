import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintOutcome } from '../../../../shared/ipc';
import { bridge } from '../../../bridge';
import { useNotify } from '../../hooks/use-notify';
import { useNotifications } from '../../ui/notifications';

/**
 * Prints a sale's receipt on this station's printer. The sale is saved whatever happens: a printer
 * that is off or unplugged says so, and the message offers to try again.
 */
export function usePrintReceipt() {
  const { run, printing, isPrinting } = useThermalJob();
  const print = (saleId: number, drawer = false) =>
    run(`print-${saleId}`, () => bridge.invoke('pos:print-receipt', { saleId, drawer }));
  /** Whether this sale's receipt is on its way: a list spins only the button that was pressed. */
  const printingSale = (saleId: number) => isPrinting(`print-${saleId}`);
  return { print, printing, printingSale };
}

/** A job for the receipt printer (a receipt, a shift's report): its outcome said, and a retry offered. */
export function useThermalJob() {
  const { t } = useTranslation();
  const notification = useNotifications();
  const notify = useNotify();
  // The jobs on their way, by key: each button shows its own.
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const run = async (key: string, job: () => Promise<PrintOutcome>): Promise<PrintOutcome> => {
    setRunning((keys) => new Set(keys).add(key));
    const outcome = await job().catch((): PrintOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    setRunning((keys) => new Set([...keys].filter((k) => k !== key)));
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
  return { run, printing: running.size > 0, isPrinting: (key: string) => running.has(key) };
}
