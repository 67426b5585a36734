import { join } from 'node:path';
import type { OfflineFiles } from '../ports';
import { offlineCacheSchema, offlineStateSchema, stationIdSchema } from '../../services/offline/records';
import { FileAppendLog } from './append-log';
import { JsonFile } from './json-file';

/** The offline till's files in `folder` (the station's data folder's `offline`), readable by its owner only. */
export function offlineFilesIn(folder: string, log?: (message: string, detail?: unknown) => void): OfflineFiles {
  return {
    stationId: new JsonFile(join(folder, 'station.json'), stationIdSchema),
    state: new JsonFile(join(folder, 'state.json'), offlineStateSchema),
    cache: new JsonFile(join(folder, 'cache.json'), offlineCacheSchema),
    queue: new FileAppendLog(join(folder, 'queue.log'), log),
  };
}
