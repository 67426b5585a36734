import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { z } from 'zod';

/**
 * `npm run release:stage -- <percent>`: the staged rollout of an update. electron-updater reads
 * `stagingPercentage` from the feed's latest.yml and installs the update only on that share of the
 * stations (each station draws its own fixed number); raising it later reaches more, 100 reaches all,
 * 0 halts a rollout that went wrong.
 * Run on the release machine after `npm run dist`, before release/ is copied to the feed.
 */
export const stagePercent = z
  .string()
  .regex(/^\d{1,3}$/, 'a whole number of percent, 0 to 100')
  .transform(Number)
  .pipe(z.number().max(100));

/** What electron-builder writes as latest.yml for an NSIS build (the keys the updater needs). */
const latestYml = z.looseObject({
  version: z.string().min(1),
  path: z.string().min(1),
  sha512: z.string().min(1),
  files: z.array(z.looseObject({ url: z.string().min(1), sha512: z.string().min(1) })).min(1),
});

/** The feed file with its rollout set; the rest of it, comments and order included, as it was. */
export function stageRelease(text: string, percent: string | undefined): string {
  const share = stagePercent.parse(percent);
  const document = parseDocument(text);
  if (document.errors.length > 0) throw new Error(`latest.yml is not YAML: ${document.errors[0]!.message}`);
  latestYml.parse(document.toJS());
  document.set('stagingPercentage', share);
  return document.toString();
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const file = resolve('release', 'latest.yml');
  try {
    writeFileSync(file, stageRelease(readFileSync(file, 'utf8'), process.argv[2]));
    console.log(`${file}: stagingPercentage ${process.argv[2]}`);
  } catch (error) {
    console.error(error instanceof z.ZodError ? z.prettifyError(error) : String(error));
    console.error('Usage: npm run release:stage -- <percent 0-100>, after npm run dist wrote release/latest.yml');
    process.exit(1);
  }
}
