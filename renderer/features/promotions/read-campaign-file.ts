import { bridge } from '../../bridge';
import { MAX_CAMPAIGN_UPLOAD_BASE64, type CampaignSheetReply } from '../../../shared/ipc';
import { CAMPAIGN_SHEET_EXTENSIONS, type CampaignRows } from '../../../shared/domain/campaign-rows';
import { pickFile } from '../../components/ui/pick-file';

/** A campaign's file as read, with its bytes: the campaign keeps the file in the file store (spec 7). */
export type CampaignFileRead =
  | { status: 'read'; fileName: string; sheet: CampaignRows; contentBase64: string }
  | Exclude<CampaignSheetReply, { status: 'read' } | { status: 'unsupported' }>;

/**
 * A campaign's file read by the station's main process in the branch's `country`: the desktop's own
 * dialog, or in browser mode (no such dialog) the browser's file input, whose bytes go to the main process.
 */
export async function readCampaignFile(country: string): Promise<CampaignFileRead> {
  const native = await bridge.invoke('pos:campaign-sheet', { country });
  if (native.status === 'read') return { ...native, contentBase64: native.contentBase64 ?? '' };
  if (native.status !== 'unsupported') return native;
  const picked = await pickFile(CAMPAIGN_SHEET_EXTENSIONS);
  if (picked.status === 'picked' && picked.contentBase64.length > MAX_CAMPAIGN_UPLOAD_BASE64)
    return { status: 'refused', key: 'CAMPAIGN_FILE_TOO_LARGE' };
  if (picked.status !== 'picked') return { status: 'cancelled' };
  const read = await bridge.invoke('pos:campaign-sheet', {
    country,
    upload: { fileName: picked.fileName, contentBase64: picked.contentBase64 },
  });
  if (read.status === 'read') return { ...read, contentBase64: picked.contentBase64 };
  return read.status === 'unsupported' ? { status: 'cancelled' } : read;
}
