import { startServer, type ServerOptions } from '../../server/start';

/** The administrator every bench's server is made with, as a sign-in's body. */
export const benchAdmin = { login: 'bench@x.test', password: 'bench-pass' } as const;

/** A PlayDesk server for a bench: a free port, the bench's administrator, no logs. */
export const startBenchServer = (options: Omit<ServerOptions, 'port' | 'adminLogin' | 'adminPassword'> = {}) =>
  startServer({
    port: 0,
    adminLogin: benchAdmin.login,
    adminPassword: benchAdmin.password,
    logLevel: 'silent',
    ...options,
  });
