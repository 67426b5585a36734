import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { FOLDER_FILES, ownerFolder, type MediaFolder, type StoredFile } from '../../../shared/api/files';
import { isText, isZip } from '../../../shared/domain/campaign-rows';
import { abilityFor, type Feature } from '../../../shared/permissions';
import type { FileStore } from '../../files/file-store';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';

/** Whose files a folder holds decides who may see or add them. */
const FOLDER_FEATURE: Record<MediaFolder, Feature> = {
  kid: 'FrontDesk',
  emp: 'Employees',
  product: 'Products',
  package: 'Packages',
  promotion: 'Promotions',
};

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The first bytes each type starts with, so a renamed executable is not stored as a photo. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  xlsx: isZip,
  csv: (b) => isText(b.subarray(0, 4096)) && utf8.test(b),
};

const utf8 = {
  decoder: new TextDecoder('utf-8', { fatal: true }),
  test(bytes: Buffer): boolean {
    try {
      this.decoder.decode(bytes);
      return true;
    } catch {
      return false;
    }
  },
};

export type FileAction = 'view' | 'create';

/** Checks that the owner exists and the caller may see (or add to) its files: NOT_FOUND otherwise. */
export type OwnerCheck = (ctx: AuthenticatedContext, ownerId: number, action: FileAction) => Promise<void>;

export interface FolderOwner {
  check: OwnerCheck;
  /** A photo uploaded here becomes the owner's picture (products and packages). */
  setImage?: (ownerId: number, image: string) => Promise<void>;
  /** The name a photo is stored under, where the spec fixes one (package images: P + id). */
  photoStem?: (ownerId: number) => string;
  /**
   * A caller without the folder's right whose own right lets them download one stored file after all
   * (the room door: the photo of a kid in the supervisor's room); `check` throws when this file is not it.
   */
  doorView?: { feature: Feature; check: (ctx: AuthenticatedContext, ownerId: number, stored: string) => Promise<void> };
}

const PHOTO = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

export class FileService {
  constructor(
    private readonly store: FileStore,
    private readonly owners: Partial<Record<MediaFolder, FolderOwner>>,
  ) {}

  async upload(
    ctx: AuthenticatedContext,
    { folder, owner_id, fileName, contentBase64 }: ParsedRequestOf<'file/upload'>,
  ): Promise<StoredFile> {
    await this.authorise(ctx, folder, owner_id, 'create');
    const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
    const bytes = Buffer.from(contentBase64, 'base64');
    const takes = FOLDER_FILES[folder];
    if (bytes.length === 0) throw new AppError('NO_FILE_TO_UPLOAD');
    if (bytes.length > takes.maxBytes)
      throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'contentBase64', message: 'FIELD_TOO_LARGE' }] });
    if (!extension || !takes.extensions.includes(extension) || !SIGNATURES[extension]!(bytes))
      throw new AppError(takes.refused);
    const dir = ownerFolder(folder, owner_id);
    const owner = this.owners[folder];
    const photo = PHOTO.has(extension);
    const stem = photo ? owner?.photoStem?.(owner_id) : undefined;
    const stored = await this.store.put(dir, stem ? `${stem}.${extension}` : fileName, extension, bytes);
    if (photo) await owner?.setImage?.(owner_id, `${dir}/${stored}`);
    return { fileName: stored, filePath: dir, size: bytes.length, uploaded_at: new Date().toISOString() };
  }

  async download(ctx: AuthenticatedContext, { fileName, filePath }: ParsedRequestOf<'file/download'>) {
    const [folder, owner] = filePath.split('/') as [MediaFolder, string];
    await this.authorise(ctx, folder, Number(owner), 'view', `${filePath}/${fileName}`);
    const bytes = await this.store.get(filePath, fileName);
    if (!bytes) throw new AppError('NOT_FOUND');
    const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
    return {
      fileName,
      mime: MIME[extension] ?? 'application/octet-stream',
      contentBase64: bytes.toString('base64'),
    };
  }

  async list(ctx: AuthenticatedContext, { folder, owner_id }: ParsedRequestOf<'file/list'>): Promise<StoredFile[]> {
    await this.authorise(ctx, folder, owner_id, 'view');
    const dir = ownerFolder(folder, owner_id);
    return (await this.store.list(dir)).map((e) => ({
      fileName: e.fileName,
      filePath: dir,
      size: e.size,
      uploaded_at: e.modifiedAt.toISOString(),
    }));
  }

  /** `stored` names the one file a download reads: only a download may be let in by the folder's door view. */
  private async authorise(
    ctx: AuthenticatedContext,
    folder: MediaFolder,
    ownerId: number,
    action: FileAction,
    stored?: string,
  ) {
    const ability = abilityFor(ctx.user);
    const owner = this.owners[folder];
    if (ability.can(action, FOLDER_FEATURE[folder])) return owner?.check(ctx, ownerId, action);
    const door = owner?.doorView;
    if (stored === undefined || !door || !ability.can('access', door.feature)) throw new AppError('NOT_AUTHORISED');
    await door.check(ctx, ownerId, stored);
  }
}
