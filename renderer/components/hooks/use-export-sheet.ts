import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportOutcome, Sheet } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { useNotify } from './use-notify';

/**
 * Saves a table as an .xlsx made in the main process: the desktop asks where; in the browser the
 * file downloads (the browser asks or uses its folder).
 */
export function useExportSheet() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  return async (fileName: string, sheet: Sheet) => {
    const outcome = await bridge
      .invoke('pos:export-sheet', { fileName, sheet })
      .catch((): ExportOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    if (outcome.status === 'download') {
      const bytes = Uint8Array.from(atob(outcome.contentBase64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(
        new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      );
      const link = Object.assign(document.createElement('a'), { href: url, download: outcome.fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } else if (outcome.status === 'saved') void message.success(t('reports.saved', { file: outcome.fileName }));
    else if (outcome.status === 'failed') notify.error(outcome.message);
  };
}
