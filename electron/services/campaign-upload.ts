import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CAMPAIGN_SHEET_EXTENSIONS,
  type BridgeReply,
  type BridgeRequest,
  type CampaignSheetReply,
} from '../../shared/ipc';
import type { FilePicker } from '../platform/ports';
import { readCampaignSheet } from './campaign-sheet';

/**
 * The `pos:campaign-sheet` channel: a campaign file is read in the main process and only its rows and
 * problems go to the page. The desktop's dialog gives a path, read where it lies; browser mode's page
 * sends the bytes its file input read, which land in a private temporary folder for the same reader.
 */
export async function campaignSheet(
  files: FilePicker,
  { country, upload }: BridgeRequest<'pos:campaign-sheet'>,
): Promise<BridgeReply<'pos:campaign-sheet'>> {
  if (upload) return readUploaded(upload.fileName, Buffer.from(upload.contentBase64, 'base64'), country);
  const chosen = await files.pickPath([...CAMPAIGN_SHEET_EXTENSIONS]);
  if (chosen.status !== 'picked') return chosen;
  return named(chosen.fileName, await readCampaignSheet(chosen.path, country));
}

async function readUploaded(fileName: string, bytes: Buffer, country: string): Promise<CampaignSheetReply> {
  const folder = await mkdtemp(join(tmpdir(), 'playdesk-campaign-'));
  try {
    // The page's name is not trusted as a path: the reader tells the kind by the bytes anyway.
    const path = join(folder, 'sheet');
    await writeFile(path, bytes, { mode: 0o600 });
    return named(fileName, await readCampaignSheet(path, country));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function named(fileName: string, outcome: Awaited<ReturnType<typeof readCampaignSheet>>): CampaignSheetReply {
  return outcome.status === 'read' ? { status: 'read', fileName, sheet: outcome.sheet } : outcome;
}
