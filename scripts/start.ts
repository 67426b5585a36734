import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * `npm start`: the desktop app on its embedded server. Electron fetches its binary on first use, not
 * at install; where it cannot (no access to Electron's downloads) or is told not to
 * (`ELECTRON_SKIP_BINARY_DOWNLOAD=1`: build machines, CI), this says so in one line and serves the
 * same app to the browser instead.
 */
const electronPackage = dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/** The installed binary, found as Electron's own index.js finds it, which would download it if missing. */
function electronBinary(): string | null {
  const pathFile = join(electronPackage, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronPackage, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

/**
 * Runs a step and answers its exit code. A stop asked of `npm start` (Ctrl+C, SIGTERM) is passed on
 * to the step, whose own exit code then stands: a clean stop is 0, not this process killed by a signal.
 */
function run(command: string, args: string[]): Promise<number> {
  return new Promise((done) => {
    // On Windows npx is a .cmd script, which only a shell runs; binaries are run as they are.
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' && command === 'npx' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? 1);
    });
  });
}

/**
 * Electron's own download step (`npx install-electron`), checked against the checksums it ships with.
 * What it prints on failure (a bare `TypeError: fetch failed` with no network) reads like a crash of
 * `npm start`, so its last line is said as the reason instead.
 */
function fetchElectron(): Promise<{ fetched: true } | { fetched: false; reason: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(electronPackage, 'install.js')], {
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      if (code === 0) return done({ fetched: true });
      const lines = errors.split('\n').map((line) => line.trim());
      done({ fetched: false, reason: lines.filter(Boolean).at(-1) ?? `it exited ${code}` });
    });
  });
}

async function fetchedElectron(): Promise<string | null> {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1') return null;
  console.log('Fetching the Electron binary (once)…');
  const result = await fetchElectron();
  if (!result.fetched) console.log(`It could not be fetched: ${result.reason}`);
  return result.fetched ? electronBinary() : null;
}

const electron = electronBinary() ?? (await fetchedElectron());
if (electron) {
  // The renderer and, in desktop mode, the main process, preload and embedded server (vite.config.ts).
  const built = (await run('npx', ['vite', 'build', '--mode', 'desktop'])) === 0;
  process.exit(built ? await run(electron, ['.']) : 1);
} else {
  console.log('The Electron binary is not installed here, so PlayDesk is served to the browser instead (npm run web).');
  // Node itself, not npx: npx answers a stop with an exit code of its own.
  process.exit(await run(process.execPath, ['--import', 'tsx', 'scripts/web.ts', ...process.argv.slice(2)]));
}
