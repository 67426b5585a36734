import { serverReadySchema, type ServerExit, type ServerReady, type ServerRun } from './ports';

/** The lines of stderr a crash report keeps: enough for Node's report of an uncaught error (its object too). */
const STDERR_LINES_KEPT = 60;
/** How long, once the process has ended, its stderr may take to be read to the end. */
const STDERR_DRAIN_MS = 2_000;
/**
 * How long a stop may take before the process is killed: the server's own deadline is 10 s once it
 * listens, and one still starting is let finish first.
 */
const STOP_GRACE_MS = 60_000;

/** A server process as both launchers see it: Electron's utility process and Node's child differ only here. */
export interface ChildLike {
  pid(): number | undefined;
  stderr: NodeJS.ReadableStream | null;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  send(message: unknown): void;
  kill(): void;
}

/** The ready message, the exit with the tail of stderr, and a stop by message then by force. */
export function serverRun(child: ChildLike): ServerRun {
  const tail: string[] = [];
  let partial = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split(/\r?\n/);
    partial = lines.pop() ?? '';
    tail.push(...lines.filter((line) => line.trim() !== ''));
    tail.splice(0, Math.max(0, tail.length - STDERR_LINES_KEPT));
  });
  // A process's exit may be told before its pipe is read to the end, where its last words are.
  const drained = new Promise<void>((done) => {
    if (!child.stderr) return done();
    child.stderr.once('end', done);
    child.stderr.once('close', done);
  });
  let ended: ServerExit | null = null;
  const exited = new Promise<ServerExit>((done) =>
    child.onExit((code, signal) => {
      const drainLimit = setTimeout(() => finish(), STDERR_DRAIN_MS);
      const finish = () => {
        clearTimeout(drainLimit);
        if (ended) return;
        if (partial.trim()) tail.push(partial);
        ended = { code, signal, stderr: tail.slice(-STDERR_LINES_KEPT) };
        done(ended);
      };
      void drained.then(finish);
    }),
  );
  const ready = new Promise<ServerReady>((done, fail) => {
    child.onMessage((message) => {
      const parsed = serverReadySchema.safeParse(message);
      if (parsed.success) done(parsed.data);
    });
    void exited.then((exit) => fail(new ServerEndedError(exit)));
  });
  ready.catch(() => {}); // a run that ends before it is ready is reported by `exited` too
  return {
    ready,
    exited,
    get pid() {
      return ended ? undefined : child.pid();
    },
    async stop() {
      if (ended) return;
      const force = setTimeout(() => child.kill(), STOP_GRACE_MS);
      // A server still starting has not begun to listen for the word yet: it is told once it is ready.
      await Promise.race([ready.catch(() => {}), exited]);
      if (!ended) {
        try {
          child.send({ type: 'stop' });
        } catch {
          child.kill(); // its message channel is already gone
        }
      }
      await exited;
      clearTimeout(force);
    },
  };
}

/** The server ended before it was ready; its message says how, with what it wrote last. */
export class ServerEndedError extends Error {
  constructor(readonly exit: ServerExit) {
    super(
      `The PlayDesk server ended (${describeExit(exit)})${exit.stderr.length ? `:\n${exit.stderr.join('\n')}` : ''}`,
    );
    this.name = 'ServerEndedError';
  }
}

export const describeExit = (exit: ServerExit) =>
  exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code ?? 'unknown'}`;
