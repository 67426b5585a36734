import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id } from './common';
import { MEDIA_FOLDERS } from '../domain/constants';
import { CAMPAIGN_SHEET_EXTENSIONS, MAX_CAMPAIGN_FILE_BYTES } from '../domain/campaign-rows';

/** Files of a kid, an employee, a product, a package or a branch's campaigns, each under `<folder>/<owner id>`. */
export const mediaFolder = z.enum(MEDIA_FOLDERS);
export type MediaFolder = z.infer<typeof mediaFolder>;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What staff attach: photos and scanned documents. */
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'pdf'] as const;

interface FolderFiles {
  extensions: readonly string[];
  maxBytes: number;
  /** Said of a file it does not take, in the words of what it does take. */
  refused: 'FILE_TYPE_NOT_ALLOWED' | 'SHEET_NOT_SPREADSHEET';
}
const MEDIA: FolderFiles = {
  extensions: UPLOAD_EXTENSIONS,
  maxBytes: MAX_UPLOAD_BYTES,
  refused: 'FILE_TYPE_NOT_ALLOWED',
};

/** What each folder takes: photos and scans, or (promotion) the spreadsheets campaigns were sent from. */
export const FOLDER_FILES: Record<MediaFolder, FolderFiles> = {
  kid: MEDIA,
  emp: MEDIA,
  product: MEDIA,
  package: MEDIA,
  promotion: {
    extensions: CAMPAIGN_SHEET_EXTENSIONS,
    maxBytes: MAX_CAMPAIGN_FILE_BYTES,
    refused: 'SHEET_NOT_SPREADSHEET',
  },
};
/** The folder one owner's files are stored under: a branch's campaign files are `promotion/<branch id>`. */
export const ownerFolder = (folder: MediaFolder, ownerId: number): string => `${folder}/${ownerId}`;

const largestUpload = Math.max(...Object.values(FOLDER_FILES).map((f) => f.maxBytes));

/** A name the file store gave: never a path. */
export const storedName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/)
  .refine((n) => !n.includes('..'));
const filePath = z.string().regex(new RegExp(`^(${MEDIA_FOLDERS.join('|')})/[0-9]{1,10}$`));

export const storedFile = z.object({
  fileName: z.string(),
  filePath: z.string(),
  size: z.number().int().nonnegative(),
  uploaded_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

export const fileUpload = endpoint({
  method: 'POST',
  path: '/file/upload',
  invalidates: ['File', 'Product', 'Package', 'Parent', 'Supervisor'],
  request: z.object({
    folder: mediaFolder,
    owner_id: Id,
    /** The name on the station's disk; only its extension and a readable stem are kept. */
    fileName: z.string().trim().min(1).max(200),
    contentBase64: z
      .string({ error: 'NO_FILE_TO_UPLOAD' })
      .min(1, 'NO_FILE_TO_UPLOAD')
      .max(Math.ceil(largestUpload / 3) * 4, 'FIELD_TOO_LARGE'),
  }),
  response: storedFile,
  permission: 'authenticated',
  bodyLimit: Math.ceil(largestUpload / 3) * 4 + 64 * 1024,
});

export const fileDownload = endpoint({
  method: 'POST',
  path: '/file/download',
  read: true,
  request: z.object({ fileName: storedName, filePath }),
  response: z.object({ fileName: z.string(), mime: z.string(), contentBase64: z.string() }),
  permission: 'authenticated',
});

export const fileList = endpoint({
  method: 'POST',
  path: '/file/list',
  tags: ['File'],
  read: true,
  request: z.object({ folder: mediaFolder, owner_id: Id }),
  response: z.array(storedFile),
  permission: 'authenticated',
});
