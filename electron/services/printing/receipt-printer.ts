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

/** An opaque white pixel's RGBA bytes read as one 32-bit word (the same in either byte order). */
const WHITE = 0xffffffff;

/**
 * The picture at one bit per dot, each row padded to whole bytes: dark pixels print. With each row's
 * first and last inked byte (first = bytesPerRow and last = -1 for a blank row), found on the way.
 */
function oneBit(rgba: Uint8ClampedArray, width: number, height: number) {
  const bytesPerRow = Math.ceil(width / 8);
  const bits = new Uint8Array(bytesPerRow * height);
  const firstInked = new Int32Array(height).fill(bytesPerRow);
  const lastInked = new Int32Array(height).fill(-1);
  // Most of a receipt is white paper: a pixel read whole as white is passed over without weighing it.
  const whole = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const pixels = new Uint32Array(whole.buffer, whole.byteOffset, width * height);
  for (let y = 0; y < height; y++) {
    const from = y * width;
    for (let x = 0; x < width; x++) {
      if (pixels[from + x] === WHITE) continue;
      const i = (from + x) * 4;
      // Luminance (Rec. 709 weights, in 256ths) below half is ink.
      if (rgba[i]! * 54 + rgba[i + 1]! * 183 + rgba[i + 2]! * 19 < 32768) {
        const byte = x >> 3;
        bits[y * bytesPerRow + byte]! |= 0x80 >> (x & 7);
        if (lastInked[y]! < 0) firstInked[y] = byte;
        lastInked[y] = byte;
      }
    }
  }
  return { bytesPerRow, bits, firstInked, lastInked };
}

/** Rows of one column-format bit image (ESC * 33, 24-dot double density: one dot each way on a 203 dpi head). */
const STRIP_ROWS = 24;
/**
 * Blank columns worth skipping inside a strip: each costs 3 bytes sent as white, a new segment (ESC $
 * and ESC * headers) 9, so four or more are left out.
 */
const SKIP_COLUMNS = 4;

type OneBit = ReturnType<typeof oneBit>;
/**
 * Rows `y`… as one raster image (GS v 0) cropped to its inked bytes, at most BAND_ROWS tall, ending at
 * the first blank row: its bytes (with the GS L that places it), its rows and the margin it leaves.
 */
function rasterBand(picture: OneBit, height: number, y: number, margin: number) {
  const { bytesPerRow, bits, firstInked, lastInked } = picture;
  let rows = 0;
  let first = bytesPerRow;
  let last = -1;
  for (; y + rows < height && rows < BAND_ROWS && lastInked[y + rows]! >= 0; rows++) {
    first = Math.min(first, firstInked[y + rows]!);
    last = Math.max(last, lastInked[y + rows]!);
  }
  const band = last - first + 1;
  const out: number[] = [];
  if (first * 8 !== margin) out.push(GS, 0x4c, (first * 8) & 0xff, (first * 8) >> 8);
  out.push(GS, 0x76, 0x30, 0x00, band & 0xff, band >> 8, rows & 0xff, rows >> 8);
  for (let r = y; r < y + rows; r++)
    for (let i = r * bytesPerRow + first; i <= r * bytesPerRow + last; i++) out.push(bits[i]!);
  return { bytes: out, rows, margin: first * 8 };
}

/**
 * Rows `y` to `y + 24 × strips` as 24-dot strips in standard mode: in each, every stretch of inked
 * columns is placed by its absolute position (ESC $) and sent as a column-format bit image (ESC * 33),
 * the blank between them skipped, and the strip printed by feeding 24 dots (ESC J 24). A line of
 * English at the left and Arabic at the right costs its two words, not the paper's width.
 */
function stripBands(picture: OneBit, width: number, height: number, y: number, strips: number, margin: number) {
  const { bytesPerRow, bits } = picture;
  const out: number[] = margin === 0 ? [] : [GS, 0x4c, 0, 0];
  for (let s = 0; s < strips; s++) {
    const top = y + s * STRIP_ROWS;
    // Column by column, three bytes of 8 rows each, the top row in each byte's high bit.
    const columns = new Uint8Array(width * 3);
    for (let r = 0; r < STRIP_ROWS && top + r < height; r++) {
      for (let byte = 0; byte < bytesPerRow; byte++) {
        const dots = bits[(top + r) * bytesPerRow + byte]!;
        if (dots === 0) continue;
        for (let bit = 0; bit < 8; bit++)
          if (dots & (0x80 >> bit)) columns[(byte * 8 + bit) * 3 + (r >> 3)]! |= 0x80 >> (r & 7);
      }
    }
    const inked = (x: number) => (columns[x * 3]! | columns[x * 3 + 1]! | columns[x * 3 + 2]!) !== 0;
    for (let x = 0; x < width; x++) {
      if (!inked(x)) continue;
      let end = x;
      for (let c = x + 1; c < width && c - end <= SKIP_COLUMNS; c++) if (inked(c)) end = c;
      const count = end - x + 1;
      out.push(ESC, 0x24, x & 0xff, x >> 8, ESC, 0x2a, 33, count & 0xff, count >> 8);
      for (let i = x * 3; i < (end + 1) * 3; i++) out.push(columns[i]!);
      x = end;
    }
    out.push(...feed(STRIP_ROWS));
  }
  return out;
}

/**
 * A picture as ESC/POS, sending only ink: blank rows are fed (ESC J) instead of sent as white data.
 * Each stretch of inked rows goes whichever way is fewer bytes: as one raster image (GS v 0) cropped
 * to its inked bytes and placed by the left margin (GS L), or as 24-dot strips that leave out the
 * blank between words (a bilingual line is mostly blank in the middle). At 9600 baud every byte left
 * out is a millisecond. Either way every dot drawn is printed, so Arabic stays as shaped and the QR
 * module for module.
 */
export function rasterBands(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const picture = oneBit(rgba, width, height);
  const inked = (y: number) => picture.lastInked[y]! >= 0;
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
    const band = rasterBand(picture, height, y, margin);
    const strips = stripBands(picture, width, height, y, Math.ceil(band.rows / STRIP_ROWS), margin);
    if (strips.length < band.bytes.length) {
      out.push(...strips);
      margin = 0;
      y += Math.ceil(band.rows / STRIP_ROWS) * STRIP_ROWS;
    } else {
      out.push(...band.bytes);
      margin = band.margin;
      y += band.rows;
    }
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
 * Prints a receipt and answers its job's size in bytes. A printer that is off or unplugged rejects
 * with PrinterUnreachableError, one out of paper with PrinterOutOfPaperError; the sale is already
 * saved, so the caller offers a retry (and the invoice list can reprint it).
 */
export async function printReceipt(
  receipt: Receipt,
  settings: ThermalSettings,
  drawer = settings.drawer,
): Promise<number> {
  const job = encodeReceipt(receipt, settings, drawer);
  await sendToPrinter(settings.address, job);
  return job.length;
}
