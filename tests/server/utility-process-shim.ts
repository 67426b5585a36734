/**
 * An Electron utility process as far as server/cli.ts's backup job sees one: `process.parentPort`,
 * here over Node's IPC channel, then the server's command line as the desktop bundle runs it.
 */
const port = {
  once: (event: 'message', listener: (message: { data: unknown }) => void) =>
    process.once(event, (data: unknown) => listener({ data })),
  postMessage: (message: unknown) => process.send!(message),
};
Object.assign(process, { parentPort: port });
void import('../../server/cli');
