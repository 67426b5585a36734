import { receiptOf } from '../../shared/domain/receipt';
import { serialSeconds } from '../../shared/domain/serial-time';
import { benchLines, receiptSource } from '../fixtures/receipt-source';
import { encodeReceipt } from '../../electron/services/printing/receipt-printer';
import { goal } from './goals';

/**
 * Time to lay out, rasterise and encode one receipt as ESC/POS (issue 25's goal: p95 under 50 ms at
 * 80 mm), and what it weighs: its bytes, and the seconds they take down a serial line at 9600 and
 * 19200 baud. The process's CPU time per receipt is printed beside it: on a shared machine the
 * wall-clock tail is mostly waiting for a core.
 */
const RUNS = 100;
const TARGET_MS = 50;

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export function run(): Promise<void> {
  const receipt = receiptOf(receiptSource({ lines: benchLines }));
  for (const paper of [80, 58] as const) {
    encodeReceipt(receipt, { paper }, true); // warm up: fonts, JIT
    const times: number[] = [];
    const cpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      bytes = encodeReceipt(receipt, { paper }, true).length;
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p95 = at(times, 0.95);
    console.log(
      `\nreceipt ${paper} mm, 6 lines: layout + raster + ESC/POS   median ${at(times, 0.5).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   (CPU median ${at(cpu, 0.5).toFixed(1)} ms, p95 ${at(cpu, 0.95).toFixed(1)} ms)`,
    );
    const line = (baud: number) => `${serialSeconds(bytes, baud).toFixed(1)} s at ${baud} baud`;
    console.log(`receipt ${paper} mm, 6 lines: ${bytes} bytes   ${line(9600)}   ${line(19200)}`);
    if (paper === 80)
      goal({
        name: '80 mm receipt laid out + rasterised + encoded, p95',
        figure: `${p95.toFixed(1)} ms (median ${at(times, 0.5).toFixed(1)})`,
        floor: `${TARGET_MS} ms (the target)`,
        ratio: p95 / TARGET_MS,
        atMost: 1,
      });
  }
  return Promise.resolve();
}
