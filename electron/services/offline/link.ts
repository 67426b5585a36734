import { unrefTimer, type Timer } from '../timer';

/** The first wait before asking the server again once it was lost, doubled each time up to the last. */
export const PROBE_FIRST_MS = 2_000;
const PROBE_MAX_MS = 30_000;

/**
 * Whether the station reaches its server, as its calls find out: a call the server could not be
 * reached for (ServerUnreachableError) makes it offline, any answer online again. While offline the
 * server is asked (`probe`) every few seconds, until it answers.
 */
export class Link {
  private lostAt: Date | null = null;
  private probing: { cancel(): void } | null = null;
  private wait = PROBE_FIRST_MS;
  private stopped = false;

  constructor(
    private readonly deps: {
      /** Any call to the server (its answer reaches `reached` or `unreachable` through the client). */
      probe: () => Promise<unknown>;
      changed: (online: boolean) => void;
      now?: () => Date;
      setTimer?: Timer;
    },
  ) {}

  online(): boolean {
    return this.lostAt === null;
  }

  since(): Date | null {
    return this.lostAt;
  }

  reached(): void {
    if (this.lostAt === null) return;
    this.lostAt = null;
    this.probing?.cancel();
    this.probing = null;
    this.wait = PROBE_FIRST_MS;
    this.deps.changed(true);
  }

  unreachable(): void {
    if (this.lostAt !== null) return;
    this.lostAt = this.deps.now?.() ?? new Date();
    this.probeLater();
    this.deps.changed(false);
  }

  stop(): void {
    this.stopped = true;
    this.probing?.cancel();
  }

  private probeLater(): void {
    if (this.stopped) return;
    const setTimer = this.deps.setTimer ?? unrefTimer;
    this.probing = setTimer(() => {
      this.probing = null;
      void this.deps.probe().finally(() => {
        if (this.lostAt === null) return;
        this.wait = Math.min(this.wait * 2, PROBE_MAX_MS);
        this.probeLater();
      });
    }, this.wait);
  }
}
