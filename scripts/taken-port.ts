import { createServer } from 'node:net';

/**
 * Why the first of these ports cannot be listened on at `host`, or null when all can: something already
 * listens there, or the number is not a port. Port 0 (any free port, chosen at listen) always can. A
 * start that will fail on its port says so before it builds anything or starts a database.
 */
export async function takenPort(ports: { flag: string; port: number }[], host = '127.0.0.1'): Promise<string | null> {
  for (const { flag, port } of ports) {
    if (port === 0) continue;
    if (!Number.isInteger(port) || port < 0 || port > 65_535) return `${flag} ${port}: not a port number`;
    const problem = await new Promise<string | null>((done) => {
      const probe = createServer();
      probe.once('error', (error: NodeJS.ErrnoException) =>
        done(
          error.code === 'EADDRINUSE'
            ? `${flag} ${port}: ${host}:${port} is in use; choose another port`
            : `${flag} ${port}: ${error.message}`,
        ),
      );
      probe.listen(port, host, () => probe.close(() => done(null)));
    });
    if (problem) return problem;
  }
  return null;
}
