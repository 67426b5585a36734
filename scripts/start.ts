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

function run(command: string, args: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code) => done(code ?? 1));
  });
}

const electron = electronBinary();
if (electron) {
  const built = (await run('npx', ['vite', 'build'])) === 0 && (await run('npx', ['tsx', 'scripts/build-electron.ts'])) === 0;
  process.exit(built ? await run(electron, ['.']) : 1);
} else {
  console.log('The Electron binary is not installed here, so PlayDesk is served to the browser instead (npm run web).');
  process.exit(await run('npx', ['tsx', 'scripts/web.ts', ...process.argv.slice(2)]));
}
