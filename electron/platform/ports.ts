import { z } from 'zod';
import { sessionUserSchema } from '../../shared/permissions';
import { ONCE_COMMANDS } from '../../shared/api/catalogue';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../shared/api/once';
import {
  defaultPrinterSettings,
  pendingChatSchema,
  settingsSchema,
  type DocumentOutcome,
  type ExportOutcome,
  type PickedFile,
  type PickedPath,
  type Settings,
  type SystemPrinters,
} from '../../shared/ipc';
import type { BridgeReply } from '../../shared/ipc';
import {
  backupKeepDaysSchema,
  backupStatusSchema,
  DEFAULT_BACKUP_KEEP_DAYS,
  type BackupJobResult,
} from '../../shared/domain/backup';
import type { OfflineCache, OfflineState } from '../services/offline/records';

/**
 * What the main-process services need from the platform. Each port has an Electron implementation
 * (platform/electron) and a Node one (platform/node), so every service runs and is tested without Electron.
 */

export const storedSessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Where the signed-in session survives a restart (or does not, where no safe place exists). */
export interface SecretStore {
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

export const storedCommandSchema = z.object({
  name: z.enum(ONCE_COMMANDS),
  /** The server keeps a key per employee: only the one who sent it can finish it under that key. */
  userId: z.number().int(),
  /** The Idempotency-Key minted when the command was first sent, reused for every retry. */
  key: z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH),
  body: z.unknown(),
  since: z.string(),
});
export type StoredCommand = z.infer<typeof storedCommandSchema>;

/** Where commands sent but not answered survive a restart of the station. */
export interface PendingCommandStore {
  load(): Promise<StoredCommand[]>;
  save(commands: StoredCommand[]): Promise<void>;
}

/** Chat messages one user may have waiting unsent on a station: a page writing more is refused. */
export const MAX_PENDING_CHATS = 500;

/** One user's chat on this station: messages written but not stored by the server yet, oldest first, and the last message id held. */
export const stationChatSchema = z.object({
  pending: z.array(pendingChatSchema).max(MAX_PENDING_CHATS),
  /** The newest message id seen (the realtime handshake's `after`: the server sends what came since). */
  after: z.number().int().min(0),
});
export type StationChat = z.infer<typeof stationChatSchema>;
export const emptyStationChat: StationChat = { pending: [], after: 0 };

/**
 * Where each user's chat on this station survives a restart. Changes are applied one at a time (the
 * outbox and the socket both change it), each on what the one before left.
 */
export interface ChatStore {
  load(userId: number): Promise<StationChat>;
  /** Stores `change` of what is stored; answers what is stored now. */
  update(userId: number, change: (chat: StationChat) => StationChat): Promise<StationChat>;
}

export interface SettingsStore {
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  body: unknown;
}

/**
 * Thrown by a transport when the server cannot be reached at all (as opposed to an error answer).
 * `neverSent`: no connection was made (refused, no route, no such host), so the server cannot have
 * received the request; otherwise it may have (a reset or a time-out after sending).
 */
export class ServerUnreachableError extends Error {
  constructor(
    cause: unknown,
    readonly neverSent = false,
  ) {
    super('The PlayDesk server cannot be reached', { cause });
    this.name = 'ServerUnreachableError';
  }
}

export interface HttpTransport {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export const defaultSettings: Settings = {
  serverMode: 'embedded',
  serverUrl: null,
  printer: defaultPrinterSettings,
  invoicePrinter: null,
  stationBranchId: null,
};

/**
 * Saved settings read field by field: a field that a newer rule refuses (an http:// remote saved
 * before https was required) falls back alone, never taking the printers with it.
 */
export function settingsFromStore(saved: unknown): Settings {
  const fields = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  const field = <K extends keyof Settings>(key: K): Settings[K] => {
    const parsed = settingsSchema.shape[key].safeParse(fields[key]);
    return parsed.success ? (parsed.data as Settings[K]) : defaultSettings[key];
  };
  return {
    serverMode: field('serverMode'),
    serverUrl: field('serverUrl'),
    printer: field('printer'),
    invoicePrinter: field('invoicePrinter'),
    stationBranchId: field('stationBranchId'),
  };
}

/** The platform's own file dialog; browser mode has none. */
export interface FilePicker {
  pick(extensions: string[]): Promise<PickedFile>;
  /** Chooses a file to be read where it lies (a campaign's sheet, streamed): its path, never its bytes. */
  pickPath(extensions: string[]): Promise<PickedPath>;
}

export const noFilePicker: FilePicker = {
  pick: async () => ({ status: 'unsupported' }),
  pickPath: async () => ({ status: 'unsupported' }),
};

/** The system's printers, and printing the page on screen (the A4 invoice) to one of them or to a PDF file. */
export interface DocumentPrinter {
  printers(): Promise<SystemPrinters>;
  /** On `deviceName` without asking; with null, the system print dialog asks. */
  print(deviceName: string | null): Promise<DocumentOutcome>;
  /** Asks where to save, offering `fileName`. */
  savePdf(fileName: string): Promise<DocumentOutcome>;
}

/** Browser mode: the page prints through the browser's own dialog, which also saves PDFs. */
export const noDocumentPrinter: DocumentPrinter = {
  printers: async () => ({ status: 'unsupported' }),
  print: async () => ({ status: 'unsupported' }),
  savePdf: async () => ({ status: 'unsupported' }),
};

/** Where a file the station made (a report's spreadsheet) goes: the platform's save dialog, or back to the page. */
export interface FileSaver {
  save(fileName: string, bytes: Buffer): Promise<ExportOutcome>;
}

/** Browser mode: no save dialog here; the page downloads the bytes, and the browser asks where. */
export const downloadSaver: FileSaver = {
  save: async (fileName, bytes) => ({ status: 'download', fileName, contentBase64: bytes.toString('base64') }),
};

/** How one run of the station's own server ended: its exit code or signal, and the last lines it wrote to stderr. */
export interface ServerExit {
  code: number | null;
  signal: string | null;
  stderr: string[];
}

/** What the server process says when it listens (server/cli.ts), checked: its address. */
export const serverReadySchema = z.object({
  type: z.literal('ready'),
  url: z.url(),
  /** Its embedded database, which the station's backups reach. */
  databaseUrl: z.string().optional(),
});
export type ServerReady = z.infer<typeof serverReadySchema>;

/** One run of the station's own server, in a process of its own. */
export interface ServerRun {
  /** What it said once it was ready; fails with how it ended if it ends before. */
  ready: Promise<ServerReady>;
  /** Settles once it has ended, however it did. */
  exited: Promise<ServerExit>;
  /** Its process id, while it runs. */
  pid: number | undefined;
  /** Asks it to stop cleanly (its database too), forces it past a deadline; settles once it has ended. */
  stop(): Promise<void>;
}

/** Starts the station's own server: an Electron utility process, or a Node child (tests). */
export interface ServerLauncher {
  /** `port` 0 takes a free one; a restart asks for the one before, so the station's address stays. */
  launch(port: number): ServerRun;
}

/**
 * Where the embedded database's backup jobs run: in the process that reaches it (browser mode's own,
 * or a one-shot child of the desktop app's server bundle). Null when the station's server is remote.
 */
export interface DatabaseBackups {
  run(job: BackupJobRequest): Promise<BackupJobResult>;
}
/** A job as the station asks it: the database's address is the runner's to add. */
export type BackupJobRequest = { action: 'take'; folder: string } | { action: 'restore'; file: string };

/** What the station keeps about its backups between starts. */
export const backupStateSchema = z.object({
  folder: z.string().nullable(),
  keepDays: backupKeepDaysSchema,
  last: backupStatusSchema.shape.last,
  lastError: backupStatusSchema.shape.lastError,
});
export type BackupState = z.infer<typeof backupStateSchema>;
export const defaultBackupState: BackupState = {
  folder: null,
  keepDays: DEFAULT_BACKUP_KEEP_DAYS,
  last: null,
  lastError: null,
};

export interface BackupStateStore {
  load(): Promise<BackupState>;
  save(state: BackupState): Promise<void>;
}

/** The platform's folder dialog (the backups' folder); browser mode has none, so the path is typed. */
export interface FolderPicker {
  choose(): Promise<BridgeReply<'pos:backups-choose-folder'>>;
}
export const noFolderPicker: FolderPicker = { choose: async () => ({ status: 'unsupported' }) };
/** What the app's updater tells as it works (electron-updater's events, as the update service needs them). */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'none' }
  | { type: 'available'; version: string }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: unknown };

/** The desktop app's updater over its feed: a newer version found downloads in the background. */
export interface Updater {
  /** Asks the feed; what follows (found, progress, downloaded, failed) comes as events. */
  check(): Promise<void>;
  onEvent(listener: (event: UpdaterEvent) => void): void;
  /** Starts the downloaded update's installer, silent and without relaunching: the app quits next. */
  install(): void;
}

/**
 * An append-only file of records (the offline till's queue, issue 28): each append is on the disk
 * before it resolves; a record torn by a crash or a power cut is skipped when read, never the others.
 */
export interface AppendLog {
  /** The records intact, in the order appended. */
  read(): Promise<unknown[]>;
  append(record: unknown): Promise<void>;
  /** Replaces every record at once (compaction): the old file or the new one, never a mix. */
  rewrite(records: unknown[]): Promise<void>;
}

/** A small document on the disk, written whole (fsync'd); null when missing or unreadable. */
export interface DocumentStore<T> {
  read(): Promise<T | null>;
  write(value: T): Promise<void>;
}

/** The offline till's files (one set per station, whichever page sells). */
export interface OfflineFiles {
  /** The station's id, minted once. */
  stationId: DocumentStore<{ id: string }>;
  state: DocumentStore<OfflineState>;
  cache: DocumentStore<OfflineCache>;
  queue: AppendLog;
}
