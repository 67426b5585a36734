import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * `npm start`: the desktop app on its embedded server. Where the Electron binary is not installed
 * (build machines, CI), say so in one line and serve the same app to the browser instead.
 */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
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

const electron = electronBinary();
if (electron) {
  // The renderer and, in desktop mode, the main process, preload and embedded server (vite.config.ts).
  const built = (await run('npx', ['vite', 'build', '--mode', 'desktop'])) === 0;
  process.exit(built ? await run(electron, ['.']) : 1);
} else {
  console.log('The Electron binary is not installed here, so PlayDesk is served to the browser instead (npm run web).');
  // Node itself, not npx: npx answers a stop with an exit code of its own.
  process.exit(await run(process.execPath, ['--import', 'tsx', 'scripts/web.ts', ...process.argv.slice(2)]));
}
