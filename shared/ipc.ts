import { z } from 'zod';
import { apiResultOf, fail, type ApiFailure, type FieldError } from './api/envelope';
import type { MessageKey } from './api/keys';
import { loginRequest } from './api/auth';
import { ONCE_COMMANDS } from './api/catalogue';
import { sessionUserSchema } from './permissions';
import type { BridgeEvent, WireMessage } from './bridge-wire';
import { pendingChatSchema } from './pending-chat';
import { updateStatusSchema } from './update-status';
import { offlineStatusSchema } from './offline-status';
import { receiptSchema } from './domain/receipt';
import type { ImportCheck } from './domain/product-import';
import { MAX_CAMPAIGN_FILE_BYTES, type CampaignRows, type CampaignSheetRefusal } from './domain/campaign-rows';
import { printerTarget } from './domain/printer-address';
import { isSafeServerUrl } from './domain/server-address';
import { MAX_CHAT_MESSAGE_LENGTH, MAX_CHAT_RECEIVED_IDS } from './domain/chat';
import { backupAnswerSchema, backupKeepDaysSchema, backupNameSchema, backupStatusSchema } from './domain/backup';

/**
 * The typed bridge between the renderer and the main process (Electron IPC, or the WebSocket
 * bridge of browser mode), declared once in `bridgeChannels`. Tokens never cross it: login answers
 * with the user only.
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
  serverUrl: z
    .url({ protocol: /^https?$/ })
    .refine(isSafeServerUrl, 'FIELD_INSECURE_URL')
    .nullable(),
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
const systemPrinterSchema = z.object({ name: z.string(), displayName: z.string() });
export type SystemPrinter = z.infer<typeof systemPrinterSchema>;
/** The system's printers; browser mode cannot list them (its print dialog chooses). */
const systemPrintersSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('listed'), printers: z.array(systemPrinterSchema) }),
  z.object({ status: z.literal('unsupported') }),
]);
export type SystemPrinters = z.infer<typeof systemPrintersSchema>;

const failedSchema = z.object({ status: z.literal('failed'), message: z.string() });

/**
 * How printing the page on screen (an A4 invoice) ended. `unsupported`: browser mode, where the page
 * opens the browser's own print dialog instead.
 */
const documentOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('printed') }),
  z.object({ status: z.literal('saved'), fileName: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('unsupported') }),
  failedSchema,
]);
export type DocumentOutcome = z.infer<typeof documentOutcomeSchema>;

/** How a print job ended; the sale is saved whatever happens here. */
const printOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('printed') }),
  z.object({ status: z.literal('not-configured') }),
  z.object({ status: z.literal('unreachable') }),
  z.object({ status: z.literal('no-paper') }),
  failedSchema,
]);
export type PrintOutcome = z.infer<typeof printOutcomeSchema>;

/**
 * What *Test connection* found at a server address: a PlayDesk server (its version, whether over TLS),
 * nothing answering, something that is not PlayDesk, a certificate the station does not trust, or no
 * TLS where https was asked.
 */
const serverProbeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), version: z.string(), tls: z.boolean() }),
  z.object({ status: z.literal('unreachable') }),
  z.object({ status: z.literal('not-playdesk') }),
  z.object({ status: z.literal('certificate'), reason: z.string() }),
  z.object({ status: z.literal('no-tls') }),
]);
export type ServerProbe = z.infer<typeof serverProbeSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  serverUrl: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export { updateStatusSchema, type UpdateStatus } from './update-status';

/**
 * Commands the station sends under one Idempotency-Key until the server has answered, kept across a
 * restart (the endpoints marked `once`): a retry after a lost answer is the same sale (or check-in),
 * never a second one.
 */
const onceCommandArg = z.object({ name: z.enum(ONCE_COMMANDS) });

/** A command sent whose answer never came: what the page may show and send again, or drop. */
const pendingCommandSchema = z.object({ name: z.enum(ONCE_COMMANDS), body: z.unknown(), since: z.string() });
export type PendingCommand = z.infer<typeof pendingCommandSchema>;

export { pendingChatSchema, type PendingChat } from './pending-chat';

/**
 * A file chosen in the main process's own dialog (the desktop app). Browser mode has no such dialog
 * and answers `unsupported`; the page then uses the browser's file input.
 */
const pickedFileSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('picked'), fileName: z.string(), contentBase64: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('too-large') }),
  z.object({ status: z.literal('unsupported') }),
]);
export type PickedFile = z.infer<typeof pickedFileSchema>;

/** A file the main process's own dialog chose, by its path (kept there: the page never sees it). */
export type PickedPath =
  { status: 'picked'; path: string; fileName: string } | { status: 'cancelled' } | { status: 'unsupported' };

/**
 * A promotion campaign's file as the main process read it: its rows and problems, or why nothing of it
 * is kept. `unsupported`: browser mode has no dialog; the page sends the browser input's bytes instead.
 */
const campaignSheetReplySchema = z.discriminatedUnion('status', [
  // Read in the main process by shared/domain/campaign-rows, whose types these are (its phone rules stay out of the page).
  // contentBase64: the file itself, to be kept with the campaign; absent where the page sent it.
  z.object({
    status: z.literal('read'),
    fileName: z.string(),
    sheet: z.custom<CampaignRows>(),
    contentBase64: z.string().optional(),
  }),
  z.object({ status: z.literal('refused'), key: z.custom<CampaignSheetRefusal>() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('unsupported') }),
]);
export type CampaignSheetReply = z.infer<typeof campaignSheetReplySchema>;
/** A campaign's file as base64, as browser mode's page sends it over the bridge. */
export const MAX_CAMPAIGN_UPLOAD_BASE64 = Math.ceil(MAX_CAMPAIGN_FILE_BYTES / 3) * 4;
/** The browser-mode bridge's WebSocket takes a campaign's largest file in one message, with room for its name. */
export const MAX_BRIDGE_MESSAGE_BYTES = MAX_CAMPAIGN_UPLOAD_BASE64 + 64 * 1024;

const sheetCheckSchema = z.discriminatedUnion('status', [
  // The check is made in the main process by shared/domain/product-import, whose type it is.
  z.object({ status: z.literal('checked'), check: z.custom<ImportCheck>() }),
  z.object({ status: z.literal('unreadable') }),
  z.object({ status: z.literal('too-large') }),
]);

/** A report's table for a spreadsheet: its columns (money in minor units, written as riyals) and rows. */
export const sheetSchema = z.object({
  name: z.string().trim().min(1).max(31),
  rightToLeft: z.boolean(),
  columns: z
    .array(z.object({ header: z.string().max(200), kind: z.enum(['text', 'number', 'money']) }))
    .min(1)
    .max(40),
  rows: z.array(z.array(z.union([z.string().max(500), z.number().finite(), z.null()])).max(40)).max(20_000),
});
export type Sheet = z.infer<typeof sheetSchema>;

/**
 * How saving a spreadsheet ended: saved where the user chose (desktop), given back to the page to
 * download (browser mode, which has no save dialog of its own), or cancelled.
 */
const exportOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), fileName: z.string() }),
  z.object({ status: z.literal('download'), fileName: z.string(), contentBase64: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  failedSchema,
]);
export type ExportOutcome = z.infer<typeof exportOutcomeSchema>;

/** An error the page caught (window error, unhandled rejection, the error boundary), bounded in size. */
export const rendererErrorSchema = z.object({
  kind: z.enum(['error', 'rejection', 'render']),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
});
export type RendererError = z.infer<typeof rendererErrorSchema>;

/**
 * One bridge channel: the argument the page sends (checked in the main process, the one edge both
 * transports pass) and what it answers. A channel with `api` answers ApiResults, so a bad argument or a
 * lost connection is an answer the page already shows (`invalid`, SERVER_UNREACHABLE), not a rejection.
 */
function channel<Req extends z.ZodType, Res extends z.ZodType>(
  req: Req,
  res: Res,
  api?: { invalid?: (bad: ParseFailure) => ApiFailure },
) {
  return { req, res, api };
}
type ParseFailure = { message: MessageKey; errors: FieldError[] };

/** Every channel between the renderer and the main process: adding one is a line here and a handler. */
export const bridgeChannels = {
  'pos:api-call': channel(z.object({ name: z.string().min(1).max(200), body: z.unknown() }), apiResultOf(z.unknown()), {
    invalid: () => fail('VALIDATION_FAILED'),
  }),
  /**
   * A chat message to send: kept on disk as pending at once (the answer), then sent by the main process,
   * now or when the server is back. Its progress arrives as pushes: `chat-pending` (the queue),
   * the realtime `new_chat_response` (stored), `message_delivered`; or `chat-refused`.
   */
  'pos:chat-send': channel(
    z.object({
      receiverId: z.number().int().positive(),
      body: z.string().trim().min(1).max(MAX_CHAT_MESSAGE_LENGTH),
      replyTo: z.number().int().positive().nullable(),
    }),
    pendingChatSchema,
  ),
  /** The signed-in user's chat messages this station holds unsent, oldest first. */
  'pos:chat-pending': channel(z.null(), z.array(pendingChatSchema)),
  /**
   * The page shows these messages to their receiver, the signed-in user (spec 4: the client acknowledges
   * receipt): the main process tells the server (`message_received`), now or on the next connect.
   */
  'pos:chat-received': channel(
    z.object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_CHAT_RECEIVED_IDS) }),
    z.null(),
  ),
  /** The command of this name sent but not answered (the till's pending sale), or null. */
  'pos:pending-get': channel(onceCommandArg, pendingCommandSchema.nullable()),
  /** The cashier gives the pending command up; sending the same again later is a new command. */
  'pos:pending-drop': channel(onceCommandArg, z.null()),
  'pos:auth-login': channel(loginRequest, apiResultOf(z.object({ user: sessionUserSchema })), {
    invalid: (bad) => fail(bad.message, { errors: bad.errors }),
  }),
  'pos:auth-logout': channel(z.null(), apiResultOf(z.null()), {}),
  'pos:auth-current': channel(z.null(), sessionUserSchema.nullable()),
  'pos:settings-get': channel(z.null(), settingsSchema),
  /** Saves this station's settings (its server among them): whoever signed in holds Settings' update right. */
  'pos:settings-set': channel(settingsSchema, apiResultOf(settingsSchema), {}),
  'pos:app-info': channel(z.null(), appInfoSchema),
  /** Where this station's update stands; each change is also pushed (`update-status`). */
  'pos:update-status': channel(z.null(), updateStatusSchema),
  /** Where the offline till stands (issue 28); each change is also pushed (`offline-status`). */
  'pos:offline-status': channel(z.null(), offlineStatusSchema),
  /**
   * The receipt of a sale waiting in this station's offline queue (its sale id is negative: minus its
   * place in the queue), laid out as the server's `sale/receipt/:id` would; null once it has been
   * recorded (the server's receipt then, under the id the sale answered) or if there is none.
   */
  'pos:offline-receipt': channel(z.object({ id: z.number().int().negative() }), receiptSchema.nullable()),
  /** Settings → About's *Check for updates*: asks the feed now, answering where the update stands then. */
  'pos:update-check': channel(z.null(), updateStatusSchema),
  /** Asks a server address what it is (Settings → Server → Test connection); only an address passwords may go to. */
  'pos:server-test': channel(z.object({ url: settingsSchema.shape.serverUrl.unwrap() }), serverProbeSchema),
  'pos:file-pick': channel(
    z.object({
      extensions: z
        .array(z.string().regex(/^[a-z0-9]{1,10}$/))
        .min(1)
        .max(20),
    }),
    pickedFileSchema,
  ),
  /** A products spreadsheet's bytes, read and checked in the main process. */
  'pos:products-sheet': channel(
    z.object({
      contentBase64: z
        .string()
        .min(1)
        .max(30 * 1024 * 1024),
    }),
    sheetCheckSchema,
  ),
  /**
   * A promotion campaign's .xlsx or .csv, read in the main process in the branch's `country`: chosen in
   * its own dialog (desktop), or, without `upload`'s bytes from the page's file input (browser mode).
   */
  'pos:campaign-sheet': channel(
    z.object({
      country: z.string().regex(/^[A-Z]{2}$/),
      upload: z
        .object({
          fileName: z.string().trim().min(1).max(200),
          contentBase64: z.string().min(1).max(MAX_CAMPAIGN_UPLOAD_BASE64),
        })
        .optional(),
    }),
    campaignSheetReplySchema,
  ),
  /** Prints a sale's receipt on this station's receipt printer (`drawer`: kick it after a cash sale). */
  'pos:print-receipt': channel(
    // A negative id is a sale waiting in the offline queue, printed from what the station sold.
    z.object({
      saleId: z
        .number()
        .int()
        .refine((id) => id !== 0),
      drawer: z.boolean().default(false),
    }),
    printOutcomeSchema,
  ),
  /** A report's table as an .xlsx, built in the main process and saved where the user chooses. */
  'pos:export-sheet': channel(
    z.object({ fileName: z.string().regex(/^[\p{L}\p{N} ._-]{1,80}\.xlsx$/u), sheet: sheetSchema }),
    exportOutcomeSchema,
  ),
  /**
   * Prints a shift's X or Z report on this station's receipt printer: the figures the server's cash-up
   * report gives the signed-in user, never ones the page sends.
   */
  'pos:print-shift': channel(z.object({ id: z.number().int().positive() }), printOutcomeSchema),
  /** Prints a sample receipt for the station's branch on the printer being set up (Settings' update right). */
  'pos:print-test': channel(printerSettingsSchema, printOutcomeSchema),
  /**
   * The bytes of a receipt job on `paper`: the last receipt this station printed on it, else the test
   * print for its branch (null: nobody signed in, or the branch not read). Settings' serial-line time.
   */
  'pos:receipt-bytes': channel(
    z.object({ paper: printerSettingsSchema.shape.paper }),
    z.object({ bytes: z.number().int().positive().nullable() }),
  ),
  'pos:printers-list': channel(z.null(), systemPrintersSchema),
  /** Prints the page on screen (an A4 invoice) on the invoice printer, or saves it as a PDF named `fileName`. */
  'pos:print-document': channel(
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('print') }),
      z.object({ action: z.literal('pdf'), fileName: z.string().regex(/^[\p{L}\p{N} ._-]{1,80}\.pdf$/u) }),
    ]),
    documentOutcomeSchema,
  ),
  // Backups of the embedded database (Settings → Backups); each change needs Settings' update right.
  'pos:backups-get': channel(z.null(), backupStatusSchema),
  /** The folder (typed in browser mode, else as the folder dialog chose it) and how many days to keep. */
  'pos:backups-configure': channel(
    z.object({ folder: z.string().trim().min(1).max(1000), keepDays: backupKeepDaysSchema }),
    backupAnswerSchema,
  ),
  /** The desktop's folder dialog; `unsupported` in browser mode, where the path is typed. */
  'pos:backups-choose-folder': channel(
    z.null(),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('picked'), folder: z.string() }),
      z.object({ status: z.literal('cancelled') }),
      z.object({ status: z.literal('unsupported') }),
    ]),
  ),
  'pos:backups-run': channel(z.null(), backupAnswerSchema),
  /** Replaces all the data with the backup's; the station then signs out. */
  'pos:backups-restore': channel(z.object({ name: backupNameSchema }), backupAnswerSchema),
  /** Written to the station's renderer log, redacted and rate-limited in the main process. */
  'pos:renderer-error': channel(rendererErrorSchema, z.null()),
  /** Settings → Export diagnostics: one zip of logs, versions, settings and failed requests' keys, saved as a report is. */
  'pos:diagnostics-export': channel(z.null(), exportOutcomeSchema),
} as const;
export type BridgeChannel = keyof typeof bridgeChannels;
export const BRIDGE_CHANNELS = Object.keys(bridgeChannels) as [BridgeChannel, ...BridgeChannel[]];
/**
 * Channels whose answer is an ApiResult (`api`): the browser-mode page answers them SERVER_UNREACHABLE
 * when the line drops, where it rejects any other (it learns this list when it is built, see
 * scripts/api-result-channels.ts).
 */
export const API_RESULT_CHANNELS: readonly BridgeChannel[] = BRIDGE_CHANNELS.filter(
  (channel) => bridgeChannels[channel].api !== undefined,
);
type Channels = typeof bridgeChannels;
/** What the page passes to a channel, and what the handler receives once it is checked. */
export type BridgeArg<C extends BridgeChannel> = z.input<Channels[C]['req']>;
export type BridgeRequest<C extends BridgeChannel> = z.output<Channels[C]['req']>;
/** What a handler returns, and what the page receives. */
export type BridgeReply<C extends BridgeChannel> = z.input<Channels[C]['res']>;
export type BridgeResult<C extends BridgeChannel> = z.output<Channels[C]['res']>;
export type BridgeInvoke = <C extends BridgeChannel>(channel: C, arg: BridgeArg<C>) => Promise<BridgeResult<C>>;

/** Main → renderer pushes, on the one event channel (each type and payload: `bridge-wire.ts`). */
export const EVENT_CHANNEL = 'pos:event';
export type { BridgeEvent, WireMessage };

/** What the preload (Electron) and the browser-mode bridge expose to the page: invoke, and the pushes. */
export interface PosBridge {
  invoke: BridgeInvoke;
  /** Subscribes to main-process events; returns the unsubscribe function. */
  onEvent(listener: (event: BridgeEvent) => void): () => void;
}

/**
 * Browser mode: the same bridge over one WebSocket (`/bridge` on the serving origin).
 * Requests carry an id; the answer echoes it. Events arrive unrequested.
 */
export const wireRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  channel: z.enum(BRIDGE_CHANNELS),
  arg: z.unknown(),
});
