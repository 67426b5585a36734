import { utilityProcess } from 'electron';
import { z } from 'zod';

export interface EmbeddedServer {
  url: string;
  /** Its embedded database, which the station's backups reach. */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

const readySchema = z.object({ type: z.literal('ready'), url: z.url(), databaseUrl: z.string().optional() });

/**
 * The station's own server in an Electron utility process (a Node child without the window's
 * privileges). It picks a free port itself and reports its URL when it is ready.
 */
export function startEmbeddedServer(opts: {
  entry: string;
  dataDir: string;
  migrationsDir: string;
}): Promise<EmbeddedServer> {
  // Loopback whatever HOST the environment holds: only this station talks to its own server.
  const child = utilityProcess.fork(opts.entry, ['--port', '0', '--host', '127.0.0.1', '--data-dir', opts.dataDir], {
    serviceName: 'PlayDesk server',
    stdio: 'inherit',
    env: { ...process.env, PLAYDESK_MIGRATIONS_DIR: opts.migrationsDir, LOG_LEVEL: 'warn' },
  });
  let exited = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error('The embedded PlayDesk server did not start within 90 seconds.'));
    }, 90_000);
    child.once('exit', () => {
      exited = true;
      clearTimeout(timer);
      reject(new Error('The embedded PlayDesk server stopped while starting; see its log.'));
    });
    child.on('message', (message: unknown) => {
      const ready = readySchema.safeParse(message);
      if (!ready.success) return;
      clearTimeout(timer);
      resolve({ url: ready.data.url, databaseUrl: ready.data.databaseUrl ?? null, stop });
    });
  });
}
