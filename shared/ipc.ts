import { z } from 'zod';
import type { ApiResult } from './api/envelope';
import type { EndpointName, RequestOf, ResponseOf } from './api/catalogue';
import { loginRequest, type LoginRequest } from './api/auth';
import type { SessionUser } from './permissions';
import type { ImportCheck } from './domain/product-import';
import { printerTarget } from './domain/printer-address';
import { isSafeServerUrl } from './domain/server-address';

/**
 * The typed bridge between the renderer and the main process (Electron IPC, or the WebSocket
 * bridge of browser mode). Tokens never cross it: login answers with the user only.
 */
/**
 * This station's receipt printer: where it is (a network printer, a Windows shared printer or a serial
 * port, see `printerTarget`), its paper, and what it does after a sale.
 */
export const printerSettingsSchema = z.object({
  address: z
    .string()
    .trim()
    .max(300)
    .refine((address) => printerTarget(address) !== null, 'FIELD_INVALID')
    .nullable(),
  paper: z.union([z.literal(80), z.literal(58)]),
  /** Print the receipt as soon as a sale is completed. */
  autoPrint: z.boolean(),
  /** Open the cash drawer (wired to the printer) after a cash sale. */
  drawer: z.boolean(),
});
export type PrinterSettings = z.infer<typeof printerSettingsSchema>;
export const defaultPrinterSettings: PrinterSettings = { address: null, paper: 80, autoPrint: false, drawer: false };

export const settingsSchema = z.object({
  /** `embedded`: this station runs the server itself; `remote`: it talks to `serverUrl`. */
  serverMode: z.enum(['embedded', 'remote']),
  /** https, or http to this computer only (`isSafeServerUrl`): passwords must not cross the network in clear. */
  serverUrl: z.url({ protocol: /^https?$/ }).refine(isSafeServerUrl, 'FIELD_INSECURE_URL').nullable(),
  /** Settings saved before printing existed have none: the defaults apply. */
  printer: printerSettingsSchema.default(defaultPrinterSettings),
  /** The system printer A4 invoices go to without asking; null: the print dialog asks each time. */
  invoicePrinter: z.string().trim().min(1).max(256).nullable().default(null),
  /**
   * The branch this station stands in, for an administrator (who has no branch of their own) at the
   * front desk and the till; null: the signed-in user's own branch. Only an administrator changes it.
   */
  stationBranchId: z.number().int().positive().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A printer the operating system knows, for A4 invoices. */
export type SystemPrinter = { name: string; displayName: string };
/** The system's printers; browser mode cannot list them (its print dialog chooses). */
export type SystemPrinters = { status: 'listed'; printers: SystemPrinter[] } | { status: 'unsupported' };

/**
 * How printing the page on screen (an A4 invoice) ended. `unsupported`: browser mode, where the page
 * opens the browser's own print dialog instead.
 */
export type DocumentOutcome =
  | { status: 'printed' }
  | { status: 'saved'; fileName: string }
  | { status: 'cancelled' }
  | { status: 'unsupported' }
  | { status: 'failed'; message: string };

/** How a print job ended; the sale is saved whatever happens here. */
export type PrintOutcome = { status: 'printed' } | { status: 'not-configured' } | { status: 'unreachable' } | { status: 'no-paper' } | { status: 'failed'; message: string };

/**
 * What *Test connection* found at a server address: a PlayDesk server (its version, whether over TLS),
 * nothing answering, something that is not PlayDesk, a certificate the station does not trust, or no
 * TLS where https was asked.
 */
export type ServerProbe =
  | { status: 'found'; version: string; tls: boolean }
  | { status: 'unreachable' }
  | { status: 'not-playdesk' }
  | { status: 'certificate'; reason: string }
  | { status: 'no-tls' };

export const appInfoSchema = z.object({
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  serverUrl: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * Commands the station sends under one Idempotency-Key until the server has answered, kept across a
 * restart: a retry after a lost answer is the same sale (or check-in), never a second one.
 */
export const ONCE_COMMANDS = ['sale/sale/create', 'parent/kids/checkin'] as const;
export type OnceCommandName = (typeof ONCE_COMMANDS)[number];
export const isOnceCommand = (name: string): name is OnceCommandName => (ONCE_COMMANDS as readonly string[]).includes(name);
const onceCommandArg = z.object({ name: z.enum(ONCE_COMMANDS) });

/** A command sent whose answer never came: what the page may show and send again, or drop. */
export type PendingCommand = { name: OnceCommandName; body: unknown; since: string };

/** Channel name → zod schema of its single argument (validated in main, the IPC edge). */
export const invokeChannels = {
  'pos:api-call': z.object({ name: z.string().min(1).max(200), body: z.unknown() }),
  /** The command of this name sent but not answered (the till's pending sale), or null. */
  'pos:pending-get': onceCommandArg,
  /** The cashier gives the pending command up; sending the same again later is a new command. */
  'pos:pending-drop': onceCommandArg,
  'pos:auth-login': loginRequest,
  'pos:auth-logout': z.null(),
  'pos:auth-current': z.null(),
  'pos:settings-get': z.null(),
  'pos:settings-set': settingsSchema,
  'pos:app-info': z.null(),
  /** Asks a server address what it is (Settings → Server → Test connection); only an address passwords may go to. */
  'pos:server-test': z.object({ url: settingsSchema.shape.serverUrl.unwrap() }),
  'pos:file-pick': z.object({ extensions: z.array(z.string().regex(/^[a-z0-9]{1,10}$/)).min(1).max(20) }),
  /** A products spreadsheet's bytes, read and checked in the main process. */
  'pos:products-sheet': z.object({ contentBase64: z.string().min(1).max(30 * 1024 * 1024) }),
  /** Prints a sale's receipt on this station's receipt printer (`drawer`: kick it after a cash sale). */
  'pos:print-receipt': z.object({ saleId: z.number().int().positive(), drawer: z.boolean().default(false) }),
  /** Prints a sample receipt on the printer being set up. */
  'pos:print-test': printerSettingsSchema,
  'pos:printers-list': z.null(),
  /** Prints the page on screen (an A4 invoice) on the invoice printer, or saves it as a PDF named `fileName`. */
  'pos:print-document': z.discriminatedUnion('action', [
    z.object({ action: z.literal('print') }),
    z.object({ action: z.literal('pdf'), fileName: z.string().regex(/^[\p{L}\p{N} ._-]{1,80}\.pdf$/u) }),
  ]),
} as const;
export type InvokeChannel = keyof typeof invokeChannels;

/**
 * A file chosen in the main process's own dialog (the desktop app). Browser mode has no such dialog
 * and answers `unsupported`; the page then uses the browser's file input.
 */
export type PickedFile =
  | { status: 'picked'; fileName: string; contentBase64: string }
  | { status: 'cancelled' }
  | { status: 'too-large' }
  | { status: 'unsupported' };

export type SheetCheck = { status: 'checked'; check: ImportCheck } | { status: 'unreadable' } | { status: 'too-large' };

/** Main → renderer pushes, on the one event channel. */
export const EVENT_CHANNEL = 'pos:event';
export type BridgeEvent =
  | { type: 'session-ended' }
  | { type: 'supervisor-ended' }
  | { type: 'realtime'; event: string; data: unknown };

export interface PosBridge {
  api: {
    call<N extends EndpointName>(name: N, body: RequestOf<N>): Promise<ApiResult<ResponseOf<N>>>;
  };
  /** Commands sent once (ONCE_COMMANDS): `api.call` sends them; these show and drop one left unanswered. */
  pending: {
    get(name: OnceCommandName): Promise<PendingCommand | null>;
    drop(name: OnceCommandName): Promise<null>;
  };
  auth: {
    login(body: LoginRequest): Promise<ApiResult<{ user: SessionUser }>>;
    logout(): Promise<ApiResult<null>>;
    current(): Promise<SessionUser | null>;
  };
  settings: {
    get(): Promise<Settings>;
    set(settings: Settings): Promise<Settings>;
  };
  app: { info(): Promise<AppInfo>; testServer(url: string): Promise<ServerProbe> };
  files: {
    pick(extensions: string[]): Promise<PickedFile>;
    checkProductsSheet(contentBase64: string): Promise<SheetCheck>;
  };
  printing: {
    receipt(saleId: number, drawer: boolean): Promise<PrintOutcome>;
    test(printer: PrinterSettings): Promise<PrintOutcome>;
    printers(): Promise<SystemPrinters>;
    document(request: z.input<(typeof invokeChannels)['pos:print-document']>): Promise<DocumentOutcome>;
  };
  /** Subscribes to main-process events; returns the unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/** What each invoke channel resolves to, for the two transports that implement PosBridge. */
export type InvokeResult = {
  'pos:api-call': ApiResult<unknown>;
  'pos:pending-get': PendingCommand | null;
  'pos:pending-drop': null;
  'pos:auth-login': ApiResult<{ user: SessionUser }>;
  'pos:auth-logout': ApiResult<null>;
  'pos:auth-current': SessionUser | null;
  'pos:settings-get': Settings;
  'pos:settings-set': Settings;
  'pos:app-info': AppInfo;
  'pos:server-test': ServerProbe;
  'pos:file-pick': PickedFile;
  'pos:products-sheet': SheetCheck;
  'pos:print-receipt': PrintOutcome;
  'pos:print-test': PrintOutcome;
  'pos:printers-list': SystemPrinters;
  'pos:print-document': DocumentOutcome;
};

/** Builds a PosBridge from any invoke function and event source; preload and the web client share it. */
export function bridgeFrom(
  invoke: <C extends InvokeChannel>(channel: C, arg: z.input<(typeof invokeChannels)[C]>) => Promise<InvokeResult[C]>,
  subscribe: (listener: (event: BridgeEvent) => void) => () => void,
): PosBridge {
  return {
    api: {
      call: (name, body) =>
        invoke('pos:api-call', { name, body }) as Promise<ApiResult<ResponseOf<typeof name>>>,
    },
    pending: {
      get: (name) => invoke('pos:pending-get', { name }),
      drop: (name) => invoke('pos:pending-drop', { name }),
    },
    auth: {
      login: (body) => invoke('pos:auth-login', body),
      logout: () => invoke('pos:auth-logout', null),
      current: () => invoke('pos:auth-current', null),
    },
    settings: {
      get: () => invoke('pos:settings-get', null),
      set: (s) => invoke('pos:settings-set', s),
    },
    app: { info: () => invoke('pos:app-info', null), testServer: (url) => invoke('pos:server-test', { url }) },
    files: {
      pick: (extensions) => invoke('pos:file-pick', { extensions }),
      checkProductsSheet: (contentBase64) => invoke('pos:products-sheet', { contentBase64 }),
    },
    printing: {
      receipt: (saleId, drawer) => invoke('pos:print-receipt', { saleId, drawer }),
      test: (printer) => invoke('pos:print-test', printer),
      printers: () => invoke('pos:printers-list', null),
      document: (request) => invoke('pos:print-document', request),
    },
    onEvent: subscribe,
  };
}

/**
 * Browser mode: the same bridge over one WebSocket (`/bridge` on the serving origin).
 * Requests carry an id; the answer echoes it. Events arrive unrequested.
 */
export const WEB_BRIDGE_PATH = '/bridge';
export const wireRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  channel: z.enum(Object.keys(invokeChannels) as [InvokeChannel, ...InvokeChannel[]]),
  arg: z.unknown(),
});
export type WireRequest = z.infer<typeof wireRequestSchema>;
export type WireMessage =
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; message: string }
  | { kind: 'event'; event: BridgeEvent };

const bridgeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session-ended') }),
  z.object({ type: z.literal('supervisor-ended') }),
  z.object({ type: z.literal('realtime'), event: z.string(), data: z.unknown() }),
]);

/** What the page accepts from the bridge; anything else is dropped (zod at this edge too). */
export const wireMessageSchema: z.ZodType<WireMessage> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('result'), id: z.number().int().nonnegative(), result: z.unknown() }),
  z.object({ kind: z.literal('error'), id: z.number().int().nonnegative(), message: z.string() }),
  z.object({ kind: z.literal('event'), event: bridgeEventSchema }),
]) as z.ZodType<WireMessage>;
