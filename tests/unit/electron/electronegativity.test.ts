import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/**
 * Doyensec's electronegativity over the app's own code: the main process, preload and services
 * (electron/), the page (renderer/ and its index.html) and shared/ — TypeScript, which its Babel parser
 * reads as it is (every file is checked to have been read).
 * Driven through its modules rather than its CLI: the CLI first fetches translations from the network
 * and then crashes on that request's timer, and its AvailableSecurityFixes check downloads Electron's
 * release list; neither runs here. The Electron version is the one the project pins, so the checks
 * judge Electron's defaults of that version.
 */
const require = createRequire(import.meta.url);
const tool = dirname(require.resolve('@doyensec/electronegativity/package.json'));

interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string };
  confidence: { name: string };
  manualReview: boolean;
  visibility?: { inlineDisabled?: boolean; globalCheckDisabled?: boolean };
}
interface Parser {
  parse(file: string, content: Buffer): [type: unknown, data: unknown, content: unknown, warnings?: unknown[]];
}
interface Tool {
  Parser: new (babelFirst: boolean, typescriptBabelFirst: boolean) => Parser;
  Finder: new (
    only: string[],
    excluded: string[],
    upgrade?: string,
  ) => {
    find(file: string, data: unknown, type: unknown, content: unknown, only: null, version: string): Promise<Issue[]>;
  };
  GlobalChecks: new (
    only: string[],
    excluded: string[],
    upgrade?: string,
  ) => {
    getResults(issues: Issue[], output?: string): Promise<Issue[]>;
  };
}

/** Its messages come from i18n's global `__`, set up here from its own English file, offline. */
function loadTool(): Tool {
  const i18n = require('i18n') as {
    configure(options: object): void;
    setLocale(locale: string): void;
  };
  i18n.configure({
    locales: ['en-US'],
    defaultLocale: 'en-US',
    directory: join(tool, 'dist', 'locales'),
    updateFiles: false,
    objectNotation: true,
    register: globalThis,
  });
  i18n.setLocale('en-US');
  const { Parser } = require(join(tool, 'dist', 'parser')) as Pick<Tool, 'Parser'>;
  const { Finder, GlobalChecks } = require(join(tool, 'dist', 'finder')) as Pick<Tool, 'Finder' | 'GlobalChecks'>;
  return { Parser, Finder, GlobalChecks };
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));

async function scan(files: string[]) {
  const { Parser, Finder, GlobalChecks } = loadTool();
  const electron = (require('electron/package.json') as { version: string }).version;
  const parser = new Parser(false, true);
  const finder = new Finder([], []);
  const globalChecks = new GlobalChecks([], ['availablesecurityfixesglobalcheck']);
  const found: Issue[] = [];
  const unread: string[] = [];
  for (const file of files) {
    const [type, data, content, warnings] = parser.parse(file, readFileSync(file));
    if (data === null || (warnings?.length ?? 0) > 0) unread.push(file);
    if (data !== null) found.push(...(await finder.find(file, data, type, content, null, electron)));
  }
  const issues = (await globalChecks.getResults(found)).filter(
    (issue) => !issue.visibility?.inlineDisabled && !issue.visibility?.globalCheckDisabled,
  );
  return { issues, unread };
}

/**
 * Each medium finding, read and answered where it is found; a new one fails the test until it is.
 * PRELOAD_JS_CHECK (platform/electron/window.ts, `preload:`): a preload is code to review, and ours is
 *   our own bundle inside the asar, run sandboxed and isolated, exposing only shared/ipc.ts's channels.
 * The low ones are CSP_GLOBAL_CHECK's (style-src 'unsafe-inline', which antd's styles-in-JS need).
 */
const ANSWERED_MEDIUM = new Set(['PRELOAD_JS_CHECK']);

describe('electronegativity', () => {
  it('finds nothing high and only answered mediums in the desktop code, the page and shared', async () => {
    const { issues, unread } = await scan([
      ...sources('electron'),
      ...sources('renderer'),
      ...sources('shared'),
      'renderer/index.html',
    ]);
    expect(unread).toEqual([]);
    const findings = issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      at: `${relative('.', issue.file)}:${issue.location.line}`,
    }));
    expect(findings.filter((finding) => ['HIGH', 'CRITICAL'].includes(finding.severity))).toEqual([]);
    expect(findings.filter((finding) => finding.severity === 'MEDIUM' && !ANSWERED_MEDIUM.has(finding.id))).toEqual([]);
  });
});
