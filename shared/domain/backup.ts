import { z } from 'zod';

/** A finished backup's file name ends so; one being written ends `.pdbackup.partial` and is never one. */
export const BACKUP_SUFFIX = '.pdbackup';

/** `playdesk-2026-11-26-201503-120.pdbackup`: when it was taken (UTC), so names sort by age. */
const BACKUP_NAME = /^playdesk-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})\.pdbackup$/;

/** The file name of a backup taken at `at` (UTC, sortable): `playdesk-2026-11-26-201503-120.pdbackup`. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-26T20:15:03.120Z
  return `playdesk-${iso.slice(0, 10)}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}${BACKUP_SUFFIX}`;
}

/** Why a backup was not taken, checked or restored; each a text in `settings.backups.errors`. */
export const backupRefusals = [
  'BACKUP_NO_FOLDER',
  'BACKUP_FOLDER_NOT_WRITABLE',
  'BACKUP_DISK_FULL',
  'BACKUP_VERIFY_FAILED',
  'BACKUP_DAMAGED',
  'BACKUP_OTHER_VERSION',
  'BACKUP_NOT_FOUND',
  'BACKUP_BUSY',
  'BACKUP_NOT_EMBEDDED',
  'BACKUP_DATABASE_UNREACHABLE',
  'BACKUP_RESTORE_FAILED',
  'BACKUP_FAILED',
] as const;
export type BackupRefusal = (typeof backupRefusals)[number];
export const backupRefusalSchema = z.enum(backupRefusals);

export const DEFAULT_BACKUP_KEEP_DAYS = 14;
export const backupKeepDaysSchema = z.number().int().min(1).max(365);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A backup's name as the station offers it for restore: never a path. */
export const backupNameSchema = z.string().regex(BACKUP_NAME);

/** When the backup of this name was taken, or null for a name that is not one of ours. */
export function backupTakenAt(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The backup due now: none yet, or the last one a day old or more (the station may have been off at night). */
export function backupDue(lastAt: Date | null, now: Date): boolean {
  return lastAt === null || now.getTime() - lastAt.getTime() >= DAY_MS;
}

/**
 * The backups to delete: those older than `keepDays`, but never the newest, so a station off for
 * weeks (or a clock set wrong) still keeps one to restore.
 */
export function backupsBeyond(names: string[], keepDays: number, now: Date): string[] {
  const dated = names
    .map((name) => ({ name, at: backupTakenAt(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return dated
    .slice(1)
    .filter((b) => now.getTime() - b.at.getTime() > keepDays * DAY_MS)
    .map((b) => b.name);
}

/**
 * A backup job for the process that reaches the database (the desktop app runs it in a one-shot child
 * of the server bundle, browser mode in its own process): take one into a folder, or restore a file.
 */
export const backupJobSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('take'), databaseUrl: z.string().min(1), folder: z.string().min(1) }),
  z.object({ action: z.literal('restore'), databaseUrl: z.string().min(1), file: z.string().min(1) }),
]);
export type BackupJob = z.infer<typeof backupJobSchema>;

export const backupJobResultSchema = z.discriminatedUnion('status', [
  /** Taken and checked in a scratch cluster. */
  z.object({ status: z.literal('taken'), name: backupNameSchema, bytes: z.number().int().positive() }),
  z.object({ status: z.literal('restored') }),
  z.object({ status: z.literal('refused'), reason: backupRefusalSchema }),
]);
export type BackupJobResult = z.infer<typeof backupJobResultSchema>;

/** One backup in the folder, as Settings lists it. */
export const backupEntrySchema = z.object({ name: backupNameSchema, at: z.iso.datetime(), bytes: z.number().int() });

/** What Settings → Backups shows. */
export const backupStatusSchema = z.object({
  /** Only the station's own (embedded) server is backed up here; a chain server's admin backs theirs up. */
  available: z.boolean(),
  folder: z.string().nullable(),
  keepDays: backupKeepDaysSchema,
  running: z.enum(['backup', 'restore']).nullable(),
  /** The last backup this station took, checked in a scratch cluster before it got its name. */
  last: z
    .object({ at: z.iso.datetime(), name: backupNameSchema, bytes: z.number().int(), verified: z.boolean() })
    .nullable(),
  /** The last attempt's failure, when it failed after the last success. */
  lastError: z.object({ at: z.iso.datetime(), reason: backupRefusalSchema }).nullable(),
  backups: z.array(backupEntrySchema),
  /** The folder could not be read (unplugged disk, share offline). */
  listError: backupRefusalSchema.nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** A backup channel's answer: the status now, or why it was refused (NOT_AUTHORISED: Settings' update right). */
export const backupAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), backups: backupStatusSchema }),
  z.object({ status: z.literal('refused'), reason: z.union([backupRefusalSchema, z.literal('NOT_AUTHORISED')]) }),
]);
export type BackupAnswer = z.infer<typeof backupAnswerSchema>;
