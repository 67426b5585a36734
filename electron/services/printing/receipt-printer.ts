import thermal from 'node-thermal-printer';
import type { Receipt } from '../../../shared/domain/receipt';
import { drawReceipt, type PaperPicture, type PaperWidth } from './thermal-receipt';
import { sendToPrinter } from './printer-link';

/** A receipt printer: where it is (`printerTarget`), its paper, and whether a drawer hangs on it. */
export interface ThermalSettings {
  address: string;
  paper: PaperWidth;
  /** Kick the cash drawer (wired to the printer) after a cash sale. */
  drawer: boolean;
}

const ESC = 0x1b;
const GS = 0x1d;
/**
 * ESC @, a reset, so nothing another job left set (a margin, a mode) shifts the picture; then GS P 203
 * 203, motion units of one dot of a 203 dpi head, so the GS L margins and ESC J feeds below count in dots.
 */
const JOB_START = [ESC, 0x40, GS, 0x50, 203, 203];
/**
 * ESC p m t1 t2 for drawer pins 2 and 5 (m 0 and 1), on 25 × 2 ms and off 250 × 2 ms, the usual
 * timing. node-thermal-printer's openCashDrawer() leaves out t1 t2, so the printer read the next
 * command's bytes as the timing.
 */
const DRAWER_KICK = [ESC, 0x70, 0, 25, 250, ESC, 0x70, 1, 25, 250];
/** Rows per raster block: printers cap the height of one GS v 0 image, so a tall stretch of ink goes in bands. */
const BAND_ROWS = 512;

/** ESC J n, feeding `rows` dots of paper (n is one byte, so long stretches take several). */
function feed(rows: number): number[] {
  const bytes: number[] = [];
  for (let left = rows; left > 0; left -= 255) bytes.push(ESC, 0x4a, Math.min(left, 255));
  return bytes;
}

/** The picture at one bit per dot, each row padded to whole bytes: dark pixels print. */
function oneBit(rgba: Uint8ClampedArray, width: number, height: number) {
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  for (let y = 0; y < height; y++) {
    const from = y * width * 4;
    for (let x = 0; x < width; x++) {
      const i = from + x * 4;
      // Luminance (Rec. 709 weights, in 256ths) below half is ink.
      if (rgba[i]! * 54 + rgba[i + 1]! * 183 + rgba[i + 2]! * 19 < 32768)
        bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { bytesPerRow, bits };
}

/**
 * A picture as ESC/POS, sending only ink: blank rows are fed (ESC J) instead of sent as white data,
 * and each stretch of inked rows (at most BAND_ROWS) goes as one raster image (GS v 0) cropped to its
 * inked bytes, placed by the left margin (GS L). At 9600 baud every byte left out is a millisecond.
 */
export function rasterBands(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const { bytesPerRow, bits } = oneBit(rgba, width, height);
  const inked = (y: number) => bits.subarray(y * bytesPerRow, (y + 1) * bytesPerRow).some((b) => b !== 0);
  const out: number[] = [];
  let margin = 0;
  let blank = 0;
  for (let y = 0; y < height;) {
    if (!inked(y)) {
      blank++;
      y++;
      continue;
    }
    out.push(...feed(blank));
    blank = 0;
    let rows = 0;
    let first = bytesPerRow;
    let last = -1;
    for (; y + rows < height && rows < BAND_ROWS && inked(y + rows); rows++) {
      const row = bits.subarray((y + rows) * bytesPerRow, (y + rows + 1) * bytesPerRow);
      first = Math.min(
        first,
        row.findIndex((b) => b !== 0),
      );
      last = Math.max(
        last,
        row.findLastIndex((b) => b !== 0),
      );
    }
    const band = last - first + 1;
    if (first * 8 !== margin) out.push(GS, 0x4c, (first * 8) & 0xff, (first * 8) >> 8);
    margin = first * 8;
    out.push(GS, 0x76, 0x30, 0x00, band & 0xff, band >> 8, rows & 0xff, rows >> 8);
    const image = Buffer.alloc(band * rows);
    for (let r = 0; r < rows; r++)
      image.set(bits.subarray((y + r) * bytesPerRow + first, (y + r) * bytesPerRow + last + 1), r * band);
    out.push(...image);
    y += rows;
  }
  out.push(...feed(blank));
  return Buffer.from(out);
}

/**
 * A receipt as the ESC/POS bytes a printer takes: a reset (ESC @, so nothing left set by another job
 * shifts it), the raster (Arabic drawn, never code-page text), a cut, and the drawer kick when asked.
 */
export function encodeReceipt(receipt: Receipt, settings: Pick<ThermalSettings, 'paper'>, drawer: boolean): Buffer {
  return encodePicture(drawReceipt(receipt, settings.paper), drawer);
}

/** Any picture drawn for the paper (a receipt, a shift's report) as a job: reset, raster, cut, and the kick if asked. */
export function encodePicture(drawn: PaperPicture, drawer: boolean): Buffer {
  // Only its command builder is used (the bytes go out through sendToPrinter), so no interface is opened.
  const printer = new thermal.ThermalPrinter({ type: thermal.PrinterTypes.EPSON, interface: 'tcp://unused' });
  printer.append(Buffer.from(JOB_START));
  printer.append(rasterBands(drawn.rgba, drawn.width, drawn.height));
  // Feeds to the cutter, cuts, and resets again (margin and units back to the printer's own).
  printer.cut();
  if (drawer) printer.append(Buffer.from(DRAWER_KICK));
  return printer.getBuffer();
}

/**
 * Prints a receipt. A printer that is off or unplugged rejects with PrinterUnreachableError, one
 * out of paper with PrinterOutOfPaperError; the sale is already saved, so the caller offers a retry
 * (and the invoice list can reprint it).
 */
export async function printReceipt(
  receipt: Receipt,
  settings: ThermalSettings,
  drawer = settings.drawer,
): Promise<void> {
  await sendToPrinter(settings.address, encodeReceipt(receipt, settings, drawer));
}
