import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printGoals } from './goals';

/** `npm run bench`: every *.bench.ts here, one after another (they share two cores). */
const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort()) {
  console.log(`\n== ${file}`);
  const bench = (await import(join(here, file))) as { run(): Promise<void> };
  await bench.run();
}
printGoals();
