import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportOutcome } from '../../../shared/ipc';
import { useNotify } from './use-notify';

/**
 * Ends a save of a file the main process made: the desktop saved it where the user chose (said so
 * here); in the browser its bytes came back and download (the browser asks or uses its folder).
 */
export function useSavedFile() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  return (outcome: ExportOutcome, type: string) => {
    if (outcome.status === 'download') {
      const bytes = Uint8Array.from(atob(outcome.contentBase64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type }));
      const link = Object.assign(document.createElement('a'), { href: url, download: outcome.fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } else if (outcome.status === 'saved') void message.success(t('reports.saved', { file: outcome.fileName }));
    else if (outcome.status === 'failed') notify.error(outcome.message);
  };
}
