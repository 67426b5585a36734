import { z } from 'zod';
import { sessionUserSchema } from '../../shared/permissions';
import { defaultPrinterSettings, type PickedFile, type Settings } from '../../shared/ipc';

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

/** Thrown by a transport when the server cannot be reached at all (as opposed to an error answer). */
export class ServerUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The PlayDesk server cannot be reached', { cause });
    this.name = 'ServerUnreachableError';
  }
}

export interface HttpTransport {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export const defaultSettings: Settings = { serverMode: 'embedded', serverUrl: null, printer: defaultPrinterSettings };

/** The platform's own file dialog; browser mode has none. */
export interface FilePicker {
  pick(extensions: string[]): Promise<PickedFile>;
}

export const noFilePicker: FilePicker = { pick: async () => ({ status: 'unsupported' }) };
