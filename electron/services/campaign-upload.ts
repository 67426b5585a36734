import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMPAIGN_SHEET_EXTENSIONS, MAX_CAMPAIGN_FILE_BYTES } from '../../shared/domain/campaign-rows';
import type { BridgeReply, BridgeRequest, CampaignSheetReply } from '../../shared/ipc';
import type { FilePicker } from '../platform/ports';
import { readCampaignSheet } from './campaign-sheet';

/**
 * The `pos:campaign-sheet` channel: a campaign file is read in the main process and its rows and
 * problems go to the page, with (desktop) the file's bytes, which the campaign keeps in the file store.
 * The bytes are read once and the rows read from that copy, so the file kept is the one the rows came
 * from even if it is saved again meanwhile. Browser mode's page sends the bytes its file input read.
 */
export async function campaignSheet(
  files: FilePicker,
  { country, upload }: BridgeRequest<'pos:campaign-sheet'>,
): Promise<BridgeReply<'pos:campaign-sheet'>> {
  if (upload) return readBytes(upload.fileName, Buffer.from(upload.contentBase64, 'base64'), country);
  const chosen = await files.pickPath([...CAMPAIGN_SHEET_EXTENSIONS]);
  if (chosen.status !== 'picked') return chosen;
  let bytes: Buffer;
  try {
    if ((await stat(chosen.path)).size > MAX_CAMPAIGN_FILE_BYTES)
      return { status: 'refused', key: 'CAMPAIGN_FILE_TOO_LARGE' };
    bytes = await readFile(chosen.path);
  } catch {
    // Gone, a folder, or locked (Excel on Windows holds a file it has open).
    return { status: 'refused', key: 'FILE_NOT_READABLE' };
  }
  const reply = await readBytes(chosen.fileName, bytes, country);
  return reply.status === 'read' ? { ...reply, contentBase64: bytes.toString('base64') } : reply;
}

async function readBytes(fileName: string, bytes: Buffer, country: string): Promise<CampaignSheetReply> {
  if (bytes.length > MAX_CAMPAIGN_FILE_BYTES) return { status: 'refused', key: 'CAMPAIGN_FILE_TOO_LARGE' };
  const folder = await mkdtemp(join(tmpdir(), 'playdesk-campaign-'));
  try {
    // The page's name is not trusted as a path: the reader tells the kind by the bytes anyway.
    const path = join(folder, 'sheet');
    await writeFile(path, bytes, { mode: 0o600 });
    const outcome = await readCampaignSheet(path, country);
    return outcome.status === 'read' ? { status: 'read', fileName, sheet: outcome.sheet } : outcome;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
