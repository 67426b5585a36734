import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocumentOutcome } from '../../../../shared/ipc';
import { api } from '../../../api/base';
import { bridge } from '../../../bridge';
import { useNotify } from '../../hooks/use-notify';

/**
 * Prints the page on screen: in the desktop app on the chosen invoice printer (or through the system
 * dialog), or to a PDF; in the browser through its own print dialog.
 */
export function usePrintPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const desktop = api.useAppInfoQuery().data?.shell === 'electron';
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const run = async (action: 'print' | 'pdf', fileName: string) => {
    setBusy(action);
    const outcome = await bridge
      .invoke('pos:print-document', action === 'pdf' ? { action, fileName } : { action })
      .catch((): DocumentOutcome => ({ status: 'failed', message: 'PRINT_FAILED' }));
    setBusy(null);
    if (outcome.status === 'unsupported') window.print();
    else if (outcome.status === 'printed') void message.success(t('print.a4Sent'));
    else if (outcome.status === 'saved') void message.success(t('print.pdfSaved', { file: outcome.fileName }));
    else if (outcome.status === 'failed') notify.error(outcome.message);
  };
  return { desktop, busy, run };
}
