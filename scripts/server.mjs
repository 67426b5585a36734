// `npm run server`: the built server (dist-server/server.mjs), so no TypeScript is compiled while it
// starts. Built first when missing or older than any source it is made from, so a fresh clone needs
// only `npm install`. Plain JavaScript: this launcher itself must not need a compiler to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(project, 'dist-server');
const bundle = join(out, 'server.mjs');

/** What the bundle is made from: the server, the code and texts it shares, and how it is built. */
const SOURCES = ['server', 'shared', 'locales', 'assets/fonts', 'package.json', 'scripts/desktop-bundle.ts'];

/** The newest modification time under a path (a file, or a folder walked whole). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function stale() {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return SOURCES.some((source) => existsSync(join(project, source)) && newest(join(project, source)) > built);
}

// `--build`: build it whatever its age, and stop there (`npm run build:server`).
const buildOnly = process.argv[2] === '--build';
if (buildOnly || stale()) {
  console.log('Building the server (dist-server/)…');
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(project, 'scripts/build-server.ts'), out], {
    cwd: project,
    stdio: 'inherit',
  });
  if (built.status !== 0 || buildOnly) process.exit(built.status ?? 1);
}
// V8's compiled code for the bundle kept beside it: a warm start skips parsing its few megabytes.
enableCompileCache(join(out, '.compile-cache'));
// Run here rather than in a child: its signals, output and exit code are this process's own.
await import(pathToFileURL(bundle).href);
