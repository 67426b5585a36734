import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';
import { readCampaignSheet } from '../../electron/services/campaign-sheet';

/**
 * One measured read, in a process of its own (built by campaign-sheet.bench.ts as the desktop app
 * builds its main process, then run by plain Node): `sheet` reads the file as the station does,
 * `floor` only streams it (exceljs with the same options, or the CSV's lines). Prints its figure as
 * JSON: milliseconds, rows, the process's RSS as the read starts (code loaded) and its peak, in MB.
 */
const [job, path = ''] = process.argv.slice(2);

async function sheet(): Promise<number> {
  const outcome = await readCampaignSheet(path, 'SA');
  if (outcome.status !== 'read') throw new Error(outcome.key);
  return outcome.sheet.rows.length + outcome.sheet.problems.length;
}

async function floor(): Promise<number> {
  let rows = 0;
  if (path.endsWith('.csv')) {
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line) rows++;
  } else {
    const book = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache' });
    for await (const worksheet of book) for await (const _row of worksheet) rows++;
  }
  return rows - 1; // the header
}

const startMb = process.memoryUsage().rss / 1048576;
const started = performance.now();
const rows = await (job === 'floor' ? floor() : sheet());
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ ms, rows, startMb, rssMb: peakRssMb() })}\n`);

/**
 * This program's own peak: Linux's VmHWM. getrusage's maxRSS is not it in a spawned process: Linux
 * carries the peak of the process that forked it (here the bench, after writing the files) across exec.
 */
function peakRssMb(): number {
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!hwm) throw new Error('no VmHWM in /proc/self/status (the bench measures on Linux)');
  return Number(hwm[1]) / 1024;
}
