import type { BridgeEvent, UpdateStatus } from '../../shared/ipc';
import type { Updater } from '../platform/ports';
import { BusyTracker } from './busy';
import { unrefTimer, type Timer } from './timer';

type OffReason = Extract<UpdateStatus, { state: 'off' }>['reason'];

/** Where updates come from: the generic feed's https address, or why there are none. */
export type UpdateFeed = { status: 'on'; url: string } | { status: 'off'; reason: OffReason };

/** How often a running station asks its feed again (it also asks at start, and on *Check for updates*). */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/**
 * The feed from the station's configuration (`PLAYDESK_UPDATE_URL`) and the installer's own
 * `app-update.yml` (null: the build has none). An update is taken only over https, and only by a build
 * that names its signing publisher there: electron-updater checks each downloaded installer's
 * Windows signature against that name, and skips the check where none is named.
 */
export function updateFeed(configured: string | undefined, appUpdateYml: string | null): UpdateFeed {
  const address = configured?.trim();
  if (!address) return { status: 'off', reason: 'no-feed' };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { status: 'off', reason: 'insecure-feed' };
  }
  if (url.protocol !== 'https:' || url.username || url.password) return { status: 'off', reason: 'insecure-feed' };
  if (!appUpdateYml || !/^publisherName:/m.test(appUpdateYml)) return { status: 'off', reason: 'unsigned-build' };
  return { status: 'on', url: url.href };
}

/**
 * The station's updates: found and downloaded in the background, installed only when PlayDesk closes,
 * and then only once no sale is being sent, no shift is being closed and no print job runs (`busy`).
 */
export class UpdateService {
  #status: UpdateStatus;
  readonly #updater: Updater | null;
  /** What the channels mark while a sale is sent, a shift closed or a print job runs. */
  readonly busy: BusyTracker;
  readonly #emit: (event: BridgeEvent) => void;
  readonly #log: (message: string, detail?: unknown) => void;

  constructor(opts: {
    /** null: updates are off, for `off`'s reason. */
    updater: Updater | null;
    off?: OffReason;
    busy?: BusyTracker;
    emit: (event: BridgeEvent) => void;
    log?: (message: string, detail?: unknown) => void;
  }) {
    this.#updater = opts.updater;
    this.busy = opts.busy ?? new BusyTracker();
    this.#emit = opts.emit;
    this.#log = opts.log ?? (() => {});
    this.#status = opts.updater ? { state: 'current' } : { state: 'off', reason: opts.off ?? 'no-feed' };
    opts.updater?.onEvent((event) => {
      switch (event.type) {
        case 'checking':
          return this.#set({ state: 'checking' });
        case 'none':
          return this.#set({ state: 'current' });
        case 'available':
          return this.#set({ state: 'downloading', version: event.version, percent: 0 });
        case 'progress': {
          const version = this.#status.state === 'downloading' ? this.#status.version : '';
          return this.#set({ state: 'downloading', version, percent: Math.min(100, Math.max(0, event.percent)) });
        }
        case 'downloaded':
          return this.#set({ state: 'ready', version: event.version });
        case 'error':
          this.#log('update failed', event.error);
          // A failed later check leaves a downloaded update ready to install.
          return this.#status.state === 'ready' ? undefined : this.#set({ state: 'error' });
      }
    });
  }

  status(): UpdateStatus {
    return this.#status;
  }

  /** Asks the feed now (at once when off, or when an update is already on its way or ready). */
  async check(): Promise<UpdateStatus> {
    const state = this.#status.state;
    if (!this.#updater || state === 'off' || state === 'downloading' || state === 'ready' || state === 'checking')
      return this.#status;
    try {
      await this.#updater.check();
      // A check that told nothing (electron-updater outside a packaged app) found nothing either.
      if (this.status().state === 'checking') this.#set({ state: 'current' });
    } catch (error) {
      this.#log('update check failed', error);
      if (this.status().state !== 'ready') this.#set({ state: 'error' });
    }
    return this.status();
  }

  /** Checks now and then every `every` ms while the station runs; answers how to stop. */
  checkRegularly(every = CHECK_EVERY_MS, timer: Timer = unrefTimer): { cancel(): void } {
    let stopped = false;
    let next: { cancel(): void } | null = null;
    const round = () => {
      void this.check().finally(() => {
        if (!stopped) next = timer(round, every);
      });
    };
    round();
    return {
      cancel: () => {
        stopped = true;
        next?.cancel();
      },
    };
  }

  /**
   * PlayDesk is closing: `stop` (the embedded server) runs, and a downloaded update is installed after
   * it; with an update to install, both wait first until nothing is left in flight.
   */
  async quit(stop: () => Promise<void>): Promise<void> {
    const installing = this.#status.state === 'ready';
    if (installing) await this.busy.idle();
    try {
      await stop();
    } finally {
      if (installing) this.#updater?.install();
    }
  }

  #set(status: UpdateStatus) {
    this.#status = status;
    this.#emit({ type: 'update-status', status });
  }
}
