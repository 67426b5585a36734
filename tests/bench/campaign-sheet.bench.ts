import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { largeCampaign } from '../fixtures/campaign-sheets';

/**
 * A 100,000-row campaign file read from disk as the station reads it (issue 23: goal ≥ 18,000 rows/s
 * and a peak RSS under 300 MB), beside its floor in the same run: exceljs streaming the same .xlsx
 * doing nothing with a row, and the same .csv read line by line. Each read runs in a process of its
 * own, so its peak is its own, bundled as the desktop app bundles its main process and run by plain
 * Node (no TypeScript loader in the figure). Median of RUNS processes. Figures, not a pass/fail test.
 */
const ROWS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

type Job = 'sheet' | 'floor';
interface Figure {
  ms: number;
  rows: number;
  startMb: number;
  rssMb: number;
}

/** campaign-sheet-job.ts as one ES module with its packages inside, as main.cjs has them. */
async function bundleJob(dir: string): Promise<string> {
  const project = resolve(import.meta.dirname, '../..');
  await build({
    root: project,
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'tests/bench/campaign-sheet-job.ts',
      outDir: dir,
      emptyOutDir: false,
      minify: false,
      target: 'node24',
      rolldownOptions: { output: { entryFileNames: 'campaign-sheet-job.mjs', codeSplitting: false } },
    },
  });
  return join(dir, 'campaign-sheet-job.mjs');
}

function inChild(program: string, job: Job, path: string): Promise<Figure> {
  const proc = spawn(process.execPath, [program, job, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done, fail) =>
    proc.on('exit', (code) =>
      code === 0 ? done(JSON.parse(out) as Figure) : fail(new Error(`${job} ${path}: exit ${code}`)),
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measured(
  program: string,
  job: Job,
  path: string,
): Promise<{ rate: number; startMb: number; rssMb: number }> {
  const figures: Figure[] = [];
  for (let i = 0; i < RUNS; i++) figures.push(await inChild(program, job, path));
  if (figures.some((f) => f.rows !== ROWS)) throw new Error(`${job} ${path}: read ${figures[0]?.rows} rows`);
  return {
    rate: median(figures.map((f) => (f.rows / f.ms) * 1000)),
    startMb: median(figures.map((f) => f.startMb)),
    rssMb: median(figures.map((f) => f.rssMb)),
  };
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-bench-campaign-'));
  try {
    const xlsx = join(dir, 'campaign.xlsx');
    const csv = join(dir, 'campaign.csv');
    const forms = [(n: string) => `0${n}`, (n: string) => `+966${n}`, (n: string) => `00966 ${n}`];
    await largeCampaign(xlsx, csv, ROWS, (i) => forms[i % 3]!(String(500_000_000 + i)));
    const program = await bundleJob(dir);
    for (const [label, path] of [
      ['.xlsx', xlsx],
      ['.csv ', csv],
    ] as const) {
      const sheet = await measured(program, 'sheet', path);
      const floor = await measured(program, 'floor', path);
      const floorName = label === '.xlsx' ? 'exceljs stream, nothing per row' : 'lines read, nothing per line';
      console.log(
        `campaign ${label} ${ROWS.toLocaleString('en')} rows   ${Math.round(sheet.rate).toLocaleString('en').padStart(7)} rows/s (goal ≥ 18,000 ${sheet.rate >= 18_000 ? 'met' : 'MISSED'})   floor (${floorName}) ${Math.round(floor.rate).toLocaleString('en')} rows/s   ratio ${(floor.rate / sheet.rate).toFixed(2)}× the floor's time`,
      );
      console.log(
        `campaign ${label} peak RSS   ${sheet.rssMb.toFixed(0).padStart(4)} MB (goal < 300 MB ${sheet.rssMb < 300 ? 'met' : 'MISSED'})   floor ${floor.rssMb.toFixed(0)} MB   ratio ${(sheet.rssMb / floor.rssMb).toFixed(2)}   (process at start ${sheet.startMb.toFixed(0)} MB)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
