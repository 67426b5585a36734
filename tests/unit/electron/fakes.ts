import type {
  HttpRequest,
  HttpResponse,
  HttpTransport,
  PendingCommandStore,
  StoredCommand,
  ChatStore,
  StationChat,
} from '../../../electron/platform/ports';
import {
  downloadSaver,
  emptyStationChat,
  noDocumentPrinter,
  noFilePicker,
  ServerUnreachableError,
} from '../../../electron/platform/ports';
import { createHandlers, type ChannelHandlers, type HandlerDeps } from '../../../electron/ipc/handlers';
import type { ApiClient } from '../../../electron/services/api-client';
import { ChatOutbox } from '../../../electron/services/chat-outbox';
import { OnceCommands } from '../../../electron/services/once-commands';
import type { Session } from '../../../electron/services/session';
import type { SessionUser } from '../../../shared/permissions';

export const user: SessionUser = {
  id: 1,
  name_en: 'Administrator',
  name_ar: 'مدير النظام',
  mobile: null,
  email: 'admin@x.test',
  role: 'admin',
  branch_id: null,
  privilege: null,
};

export const tokens = (n: number) => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user });

type Route = (req: HttpRequest) => HttpResponse | Promise<HttpResponse>;

/** A server port that answers by path and records every request it gets. */
export class FakeServer implements HttpTransport {
  readonly requests: HttpRequest[] = [];
  readonly routes = new Map<string, Route>();
  /**
   * Unreachable: `true` as when the answer is lost (the request may have arrived), `'refused'` as when no
   * connection is made (it cannot have).
   */
  down: boolean | 'refused' = false;

  on(path: string, route: Route): this {
    this.routes.set(path, route);
    return this;
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    this.requests.push(req);
    if (this.down) throw new ServerUnreachableError(new Error('ETIMEDOUT'), this.down === 'refused');
    const path = new URL(req.url).pathname;
    const route = this.routes.get(path);
    return route ? route(req) : { status: 404, body: { status: false, message: 'NOT_FOUND' } };
  }

  to(path: string): HttpRequest[] {
    return this.requests.filter((r) => new URL(r.url).pathname === path);
  }
}

export const okBody = (data: unknown, message = 'OK') => ({ status: 200, body: { status: true, message, data } });

/** A station's unanswered commands kept in memory, for tests that do not restart it. */
export function memoryPending(): PendingCommandStore {
  let commands: StoredCommand[] = [];
  return {
    load: async () => commands,
    save: async (next) => {
      commands = next;
    },
  };
}

/** A station whose socket is not the test's concern: what the page acknowledges goes nowhere. */
export const noRealtime = { acknowledge: () => {} };

/** A station's chat kept in memory, for tests that do not restart it. */
export function memoryChat(): ChatStore {
  const chats = new Map<number, StationChat>();
  const load = async (userId: number) => chats.get(userId) ?? emptyStationChat;
  return {
    load,
    update: async (userId, change) => {
      const changed = change(await load(userId));
      chats.set(userId, changed);
      return changed;
    },
  };
}

/**
 * A station's bridge handlers over `api` and `session`: its settings as the test gives them, the rest
 * (printers, dialogs, realtime, …) absent unless the test gives its own.
 */
export function stationHandlers(
  api: ApiClient,
  session: Session,
  deps: Pick<HandlerDeps, 'settings'> & Partial<Omit<HandlerDeps, 'api' | 'session'>>,
): ChannelHandlers {
  return createHandlers({
    commands: new OnceCommands(api, session, memoryPending()),
    chat: new ChatOutbox({ api, session, store: memoryChat(), emit: () => {} }),
    realtime: noRealtime,
    emit: () => {},
    appInfo: () => ({ version: '1.0.0', shell: 'web', serverUrl: '' }),
    files: noFilePicker,
    documents: noDocumentPrinter,
    saver: downloadSaver,
    ...deps,
    api,
    session,
  });
}
