import thermal from 'node-thermal-printer';
import type { Receipt } from '../../../shared/domain/receipt';
import { drawReceipt, type PaperWidth } from './thermal-receipt';
import { sendToPrinter } from './printer-link';

/** A receipt printer: where it is (`printerTarget`), its paper, and whether a drawer hangs on it. */
export interface ThermalSettings {
  address: string;
  paper: PaperWidth;
  /** Kick the cash drawer (wired to the printer) after a cash sale. */
  drawer: boolean;
}

/** Rows per raster block: printers cap the height of one GS v 0 image, so a long receipt goes in bands. */
const BAND_ROWS = 512;

/**
 * A picture as ESC/POS raster (GS v 0), one bit per dot — dark pixels print — in bands, since printers
 * cap one image's height.
 */
export function rasterBands(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const bytesPerRow = Math.ceil(width / 8);
  const blocks: Buffer[] = [];
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    const block = Buffer.alloc(8 + bytesPerRow * rows);
    block.set([0x1d, 0x76, 0x30, 0x00, bytesPerRow & 0xff, bytesPerRow >> 8, rows & 0xff, rows >> 8]);
    for (let r = 0; r < rows; r++) {
      const from = (top + r) * width * 4;
      const to = 8 + r * bytesPerRow;
      for (let x = 0; x < width; x++) {
        const i = from + x * 4;
        // Luminance (Rec. 709 weights, in 256ths) below half is ink.
        if (rgba[i]! * 54 + rgba[i + 1]! * 183 + rgba[i + 2]! * 19 < 32768) block[to + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    blocks.push(block);
  }
  return Buffer.concat(blocks);
}

/** A receipt as the ESC/POS bytes a printer takes: raster (Arabic drawn, never code-page text), a cut, and the drawer kick when asked. */
export function encodeReceipt(receipt: Receipt, settings: Pick<ThermalSettings, 'paper'>, drawer: boolean): Buffer {
  const drawn = drawReceipt(receipt, settings.paper);
  // Only its command builder is used (the bytes go out through sendToPrinter), so no interface is opened.
  const printer = new thermal.ThermalPrinter({ type: thermal.PrinterTypes.EPSON, interface: 'tcp://unused' });
  printer.append(rasterBands(drawn.rgba, drawn.width, drawn.height));
  printer.cut();
  if (drawer) printer.openCashDrawer();
  return printer.getBuffer();
}

/**
 * Prints a receipt. A printer that is off or unplugged rejects with PrinterUnreachableError, one
 * out of paper with PrinterOutOfPaperError; the sale is already saved, so the caller offers a retry
 * (and the invoice list can reprint it).
 */
export async function printReceipt(receipt: Receipt, settings: ThermalSettings, drawer = settings.drawer): Promise<void> {
  await sendToPrinter(settings.address, encodeReceipt(receipt, settings, drawer));
}
