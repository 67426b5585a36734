import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };

/**
 * The first step of `npm test`. The tests run on the Node major that Electron embeds (package.json's
 * engines, ">=N"), as the station does; on an older Node they would fail far into the run over
 * something unrelated (a dependency's syntax, a missing API), so they stop here at once and say why.
 */
export function nodeVersionProblem(running: string, engines: string): string | null {
  const required = /^>=\s*(\d+)$/.exec(engines.trim());
  if (!required) return `package.json's engines.node must read ">=N" (it reads "${engines}")`;
  const major = Number(running.split('.')[0]);
  if (major >= Number(required[1])) return null;
  return (
    `PlayDesk needs Node ${required[1]} or newer, the Node inside its Electron; this is Node ${running}. ` +
    `Install Node ${required[1]} (e.g. nvm install ${required[1]}), or run .ci/run, which fetches it.`
  );
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.versions.node, packageJson.engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
