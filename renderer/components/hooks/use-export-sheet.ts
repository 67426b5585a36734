import type { ExportOutcome, Sheet } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { useSavedFile } from './use-saved-file';

/** Saves a table as an .xlsx made in the main process: the desktop asks where; in the browser the file downloads. */
export function useExportSheet() {
  const saved = useSavedFile();
  return async (fileName: string, sheet: Sheet) => {
    const outcome = await bridge
      .invoke('pos:export-sheet', { fileName, sheet })
      .catch((): ExportOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    saved(outcome, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  };
}
