import { bridge } from '../../bridge';
import { CAMPAIGN_SHEET_EXTENSIONS, MAX_CAMPAIGN_UPLOAD_BASE64, type CampaignSheetReply } from '../../../shared/ipc';
import { pickFile } from '../../components/pickFile';

/**
 * A campaign's file read by the station's main process in the branch's `country`: the desktop's own
 * dialog, or in browser mode (no such dialog) the browser's file input, whose bytes go to the main process.
 */
export async function readCampaignFile(country: string): Promise<CampaignSheetReply> {
  const native = await bridge.invoke('pos:campaign-sheet', { country });
  if (native.status !== 'unsupported') return native;
  const picked = await pickFile(CAMPAIGN_SHEET_EXTENSIONS);
  if (picked.status === 'picked' && picked.contentBase64.length > MAX_CAMPAIGN_UPLOAD_BASE64)
    return { status: 'refused', key: 'CAMPAIGN_SHEET_TOO_LARGE' };
  if (picked.status !== 'picked') return { status: 'cancelled' };
  return bridge.invoke('pos:campaign-sheet', {
    country,
    upload: { fileName: picked.fileName, contentBase64: picked.contentBase64 },
  });
}
