import type { BridgeEvent } from '../../shared/ipc';
import type { ChannelHandlers } from '../ipc/handlers';
import type { ApiClient } from '../services/api-client';
import { unrefTimer, type Timer } from '../services/timer';
import { DEFAULT_IDLE_SECONDS } from '../../shared/domain/idle';

/** One page's main-process services: its own session, signed out with `signOut`. */
export interface PageServices {
  handlers: ChannelHandlers;
  signOut(): Promise<unknown>;
  /** The idle time the manager set (asked of the server as this page's user). */
  idleSeconds(): Promise<number>;
}

export interface PageSessionsOptions {
  /** Builds a page's services; `emit` reaches that page's sockets only. */
  compose(page: string, emit: (event: BridgeEvent) => void): PageServices;
  /** Sends an event to the sockets of one page. */
  emit(page: string, event: BridgeEvent): void;
  setTimer?: Timer;
}

/**
 * Browser mode: a session belongs to the page that signed in (its id lives in the tab's
 * sessionStorage), never to the station. A reload keeps the id and so the session; a new tab or
 * browser has another id and signs in. A page whose sockets are all closed (the tab closed) is
 * signed out after the idle time unless it comes back.
 */
export class PageSessions {
  private readonly pages = new Map<string, { services: PageServices; sockets: number; drop?: { cancel(): void } }>();

  constructor(private readonly opts: PageSessionsOptions) {}

  /** A socket of this page opened: its handlers. */
  open(page: string): ChannelHandlers {
    let entry = this.pages.get(page);
    if (!entry) {
      entry = { services: this.opts.compose(page, (event) => this.opts.emit(page, event)), sockets: 0 };
      this.pages.set(page, entry);
    }
    entry.sockets += 1;
    entry.drop?.cancel();
    entry.drop = undefined;
    return entry.services.handlers;
  }

  /** A socket of this page closed; with none left, the page is signed out after the idle time. */
  close(page: string): void {
    const entry = this.pages.get(page);
    if (!entry || --entry.sockets > 0) return;
    void entry.services.idleSeconds().then((seconds) => {
      if (entry.sockets > 0 || this.pages.get(page) !== entry) return;
      const setTimer = this.opts.setTimer ?? unrefTimer;
      entry.drop = setTimer(() => {
        if (entry.sockets > 0) return;
        this.pages.delete(page);
        void entry.services.signOut().catch(() => {});
      }, seconds * 1000);
    });
  }

  /** Pages holding a session now (signed in or not): for tests and the log. */
  get size(): number {
    return this.pages.size;
  }
}

/** The chain's idle time as a page's user may read it; a page nobody signed in to has the default. */
export async function idleSecondsOf(api: ApiClient): Promise<number> {
  const answer = await api.call('settings/chain', {}).catch(() => null);
  return answer?.status ? answer.data.idle_seconds : DEFAULT_IDLE_SECONDS;
}
