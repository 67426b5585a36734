import * as z from 'zod/mini';
import type { BridgeChannel, WireMessage } from './ipc';

/**
 * What the browser-mode bridge's WebSocket carries to the page, checked there with zod/mini: the page
 * checks every message before its login screen can show, and classic zod (the station's side, the
 * channel table) would be a tenth of all the login screen loads. The station checks the same events
 * with the full catalogue before they get here (`parseRealtime`, `bridgeChannels`).
 */
export const WEB_BRIDGE_PATH = '/bridge';

/** Channels whose answer is an ApiResult: the page answers them SERVER_UNREACHABLE when the line drops. */
export const API_RESULT_CHANNELS = [
  'pos:api-call',
  'pos:auth-login',
  'pos:auth-logout',
  'pos:settings-set',
] as const satisfies readonly BridgeChannel[];

const id = z.number().check(z.int(), z.nonnegative());
const bridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session-ended') }),
  z.object({ type: z.literal('supervisor-ended') }),
  z.object({ type: z.literal('realtime'), event: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('realtime-connected') }),
  // The station checked these with pendingChatSchema before sending them.
  z.object({ type: z.literal('chat-pending'), pending: z.array(z.unknown()) }),
  z.object({ type: z.literal('chat-refused'), clientId: z.string(), key: z.string() }),
]);

/** What the page accepts from the bridge; anything else is dropped. */
export const wireMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('result'), id, result: z.unknown() }),
  z.object({ kind: z.literal('error'), id, message: z.string() }),
  z.object({ kind: z.literal('event'), event: bridgeEvent }),
]) as unknown as z.ZodMiniType<WireMessage>;
