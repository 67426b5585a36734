import type { BridgeChannel, BridgeEvent, BridgeInvoke, PosBridge, WireMessage } from '../../shared/ipc';
import type { ApiFailure } from '../../shared/api/envelope';
import { WEB_BRIDGE_PATH, wireMessageSchema } from '../../shared/bridge-wire';
import apiResultChannels from 'virtual:api-result-channels';
import { pageIdOf, type PageStore } from './page-id';

export type { PageStore };

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  channel: BridgeChannel;
  timer?: ReturnType<typeof setTimeout>;
};

const failed = (message: 'SERVER_UNREACHABLE' | 'SOMETHING_WENT_WRONG'): ApiFailure => ({ status: false, message });

/** No call waits for ever: one unanswered this long is treated as an unreachable server. */
const CALL_TIMEOUT_MS = 60_000;

/** Channels whose answer is an ApiResult: a lost connection answers them with SERVER_UNREACHABLE. */
const API_CHANNELS: ReadonlySet<BridgeChannel> = new Set(apiResultChannels);

/**
 * A station restarted since this page was opened holds another secret and serves no page to this
 * browser: reloading shows its page saying to open the address its launcher printed. A station that
 * does not answer at all (restarting) is tried again as before.
 */
async function reloadWithoutPass(location: Location): Promise<void> {
  const page = await fetch(`${location.origin}/`, { cache: 'no-store', redirect: 'manual' });
  if (page.status === 403) location.reload();
}

/**
 * Browser mode: the bridge over one WebSocket to the page's own origin. It reconnects with backoff;
 * calls made while it is down wait for the connection for a few seconds, then fail as unreachable.
 */
export function createWebBridge(
  location: Location = window.location,
  whenRefused: () => Promise<unknown> = () => reloadWithoutPass(location),
  store: PageStore = window.sessionStorage,
): PosBridge {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WEB_BRIDGE_PATH}?page=${encodeURIComponent(pageIdOf(store))}`;
  const listeners = new Set<(event: BridgeEvent) => void>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened: Promise<WebSocket> | null = null;
  let backoff = 250;

  function connect(): Promise<WebSocket> {
    opened ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      let wasOpen = false;
      const timer = setTimeout(() => ws.close(), 5000);
      ws.onopen = () => {
        wasOpen = true;
        clearTimeout(timer);
        backoff = 250;
        socket = ws;
        resolve(ws);
      };
      ws.onmessage = (e) => receive(String(e.data));
      ws.onclose = () => {
        clearTimeout(timer);
        socket = null;
        opened = null;
        for (const [id, p] of pending) {
          pending.delete(id);
          clearTimeout(p.timer);
          settleLost(p);
        }
        reject(new Error('bridge closed'));
        // Refused before it opened: the station may have restarted with a new launch secret, which
        // only the launcher's new address hands out (see reloadWithoutPass).
        const renewed = !wasOpen ? whenRefused().catch(() => {}) : Promise.resolve();
        setTimeout(() => void renewed.then(() => connect()).catch(() => {}), (backoff = Math.min(backoff * 2, 5000)));
      };
    });
    return opened;
  }

  function settleLost(p: Pending) {
    if (API_CHANNELS.has(p.channel)) p.resolve(failed('SERVER_UNREACHABLE'));
    else p.reject(new Error('SERVER_UNREACHABLE'));
  }

  function receive(text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = wireMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message: WireMessage = parsed.data;
    if (message.kind === 'event') {
      for (const listener of listeners) listener(message.event);
      return;
    }
    const p = pending.get(message.id);
    if (!p) return;
    pending.delete(message.id);
    clearTimeout(p.timer);
    if (message.kind === 'result') p.resolve(message.result);
    else if (API_CHANNELS.has(p.channel)) p.resolve(failed('SOMETHING_WENT_WRONG'));
    else p.reject(new Error(message.message));
  }

  void connect().catch(() => {});

  const invoke: BridgeInvoke = async (channel, arg) => {
    let ws: WebSocket;
    try {
      ws = socket ?? (await connect());
    } catch {
      return new Promise((resolve, reject) =>
        settleLost({ resolve: resolve as (v: unknown) => void, reject, channel }),
      );
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const call: Pending = { resolve: resolve as (v: unknown) => void, reject, channel };
      call.timer = setTimeout(() => {
        if (pending.delete(id)) settleLost(call);
      }, CALL_TIMEOUT_MS);
      pending.set(id, call);
      ws.send(JSON.stringify({ id, channel, arg }));
    });
  };
  return {
    invoke,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
