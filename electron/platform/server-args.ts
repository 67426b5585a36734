/** Where the station's server runs from and keeps its data: the same for both launchers. */
export interface EmbeddedServerOptions {
  /** The server's entry (the bundle's server.mjs, or server/cli.ts under tsx). */
  entry: string;
  dataDir: string;
  /** Added to the environment the server inherits. */
  env?: Record<string, string>;
}

/** Loopback whatever HOST the environment holds: only this station talks to its own server. */
export const serverArgs = (opts: EmbeddedServerOptions, port: number) => [
  '--port',
  String(port),
  '--host',
  '127.0.0.1',
  '--data-dir',
  opts.dataDir,
];
