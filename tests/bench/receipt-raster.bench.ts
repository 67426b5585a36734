import { receiptOf } from '../../shared/domain/receipt';
import { serialSeconds } from '../../shared/domain/serial-time';
import { benchLines, receiptSource } from '../fixtures/receipt-source';
import { encodeReceipt } from '../../electron/services/printing/receipt-printer';

/**
 * Time to lay out, rasterise and encode one receipt as ESC/POS (target under 50 ms), and what it
 * weighs: its bytes, and the seconds they take down a serial line at 9600 and 19200 baud. Figures, not a test.
 */
export function run(): Promise<void> {
  const receipt = receiptOf(receiptSource({ lines: benchLines }));
  for (const paper of [80, 58] as const) {
    encodeReceipt(receipt, { paper }, true); // warm up: fonts, JIT
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      bytes = encodeReceipt(receipt, { paper }, true).length;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\nreceipt ${paper} mm, 6 lines: layout + raster + ESC/POS   median ${times[15]!.toFixed(1)} ms   p95 ${times[28]!.toFixed(1)} ms   (target < 50 ms)`,
    );
    const line = (baud: number) => `${serialSeconds(bytes, baud).toFixed(1)} s at ${baud} baud`;
    console.log(`receipt ${paper} mm, 6 lines: ${bytes} bytes   ${line(9600)}   ${line(19200)}`);
  }
  return Promise.resolve();
}
