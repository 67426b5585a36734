import { randomUUID } from 'node:crypto';
import { catalogue, type OnceCommandName, type ResponseOf } from '../../shared/api/catalogue';
import { fail, type ApiResult } from '../../shared/api/envelope';
import { commandId } from '../../shared/api/once';
import { parseAtEdge } from '../../shared/api/validation';
import type { PendingCommand } from '../../shared/ipc';
import type { PendingCommandStore, StoredCommand } from '../platform/ports';
import type { ApiClient } from './api-client';
import type { Session } from './session';

type Answer = ApiResult<ResponseOf<OnceCommandName>>;

/** The command's identity (`commandId`), or null for a body its endpoint refuses. */
function idOf(name: OnceCommandName, body: unknown): string | null {
  const parsed = parseAtEdge(catalogue[name].request, body);
  return parsed.ok ? commandId(name, parsed.data) : null;
}

/**
 * A sale or a check-in is recorded once whatever the network does. Its Idempotency-Key is minted when
 * the cashier first sends it and kept with it (on disk, so a restart keeps it too) until the server
 * has answered; sending the same command again meanwhile, by pressing Complete again or finishing
 * the pending sale after a restart, reuses the key, and the server answers with the first result.
 */
export class OnceCommands {
  /** Store writes one at a time: two would race on the file. */
  private queue: Promise<unknown> = Promise.resolve();
  /** A command in flight, joined by an identical one sent meanwhile (a double press). */
  private readonly inflight = new Map<string, Promise<Answer>>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly store: PendingCommandStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The page's command: `body` as it sent it (checked here; kept as sent, for the page to show again). */
  async send(name: OnceCommandName, body: unknown): Promise<Answer> {
    const parsed = parseAtEdge(catalogue[name].request, body);
    if (!parsed.ok) return fail(parsed.message, { errors: parsed.errors });
    const id = commandId(name, parsed.data);
    const running = this.inflight.get(id);
    if (running) return running;
    const sending = this.sendOnce(name, body, id).finally(() => this.inflight.delete(id));
    this.inflight.set(id, sending);
    return sending;
  }

  async pending(name: OnceCommandName): Promise<PendingCommand | null> {
    const found = await this.find(name);
    return found ? { name, body: found.body, since: found.since } : null;
  }

  async drop(name: OnceCommandName): Promise<null> {
    const found = await this.find(name);
    if (found) await this.update((commands) => commands.filter((c) => c.key !== found.key));
    return null;
  }

  /** The signed-in employee's unanswered command of this name. */
  private async find(name: OnceCommandName): Promise<StoredCommand | undefined> {
    const userId = (await this.session.user())?.id;
    return (await this.store.load()).find((c) => c.name === name && c.userId === userId);
  }

  private async sendOnce(name: OnceCommandName, body: unknown, id: string): Promise<Answer> {
    const user = await this.session.user();
    // Signed out, the server refuses it anyway; there is nothing to keep.
    if (!user) return (await this.api.command(name, body, randomUUID(), false)).answer;
    const earlier = await this.find(name);
    const resend = earlier !== undefined && idOf(name, earlier.body) === id;
    // Another command of the same name replaces an unanswered one: the cashier moved on from it.
    const command: StoredCommand = resend
      ? earlier
      : { name, userId: user.id, key: randomUUID(), body, since: this.now().toISOString() };
    await this.update((commands) => [...commands.filter((c) => c.key !== earlier?.key), command]);
    const { answer, neverSent } = await this.api.command(name, body, command.key, resend);
    // Only an unreachable server leaves the outcome unknown; any answer settles it, and so does a
    // connection never made (refused: the server has not got it, so nothing is pending; the offline
    // till may sell it). A first send, that is: a resend's earlier try may have got through.
    if (answer.status || answer.message !== 'SERVER_UNREACHABLE' || (neverSent && !resend))
      await this.update((commands) => commands.filter((c) => c.key !== command.key));
    return answer;
  }

  private update(change: (commands: StoredCommand[]) => StoredCommand[]): Promise<void> {
    const next = this.queue.then(async () => this.store.save(change(await this.store.load())));
    this.queue = next.catch(() => {});
    return next;
  }
}
