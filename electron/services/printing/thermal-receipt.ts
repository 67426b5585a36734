import { createCanvas, GlobalFonts, ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Receipt } from '../../../shared/domain/receipt';
import { localDateTime } from '../../../shared/domain/time-zone';
import { formatMoney } from '../../../shared/domain/money';

/** Paper widths a receipt printer takes, in millimetres, and the dots a line of each holds. */
export const PAPER_DOTS = { 80: 576, 58: 384 } as const;
export type PaperWidth = keyof typeof PAPER_DOTS;

let fontsDir: string | null = null;
/** Where the bundled fonts are when they are not beside the sources: the packaged app copies them next to its bundle. */
export function useReceiptFonts(dir: string): void {
  fontsDir = dir;
}

let fontsReady = false;
/** The bundled fonts, registered once: Arabic is shaped and laid right to left by them. */
function registerFonts() {
  if (fontsReady) return;
  const dir = fontsDir ?? fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
  for (const [file, family] of [
    ['NotoSans-Regular.ttf', 'PD Latin'],
    ['NotoSans-Bold.ttf', 'PD Latin'],
    ['NotoSansArabic-Regular.ttf', 'PD Arabic'],
    ['NotoSansArabic-Bold.ttf', 'PD Arabic'],
  ] as const) {
    GlobalFonts.registerFromPath(join(dir, file), family);
  }
  fontsReady = true;
}

const QR_MODULE_DOTS = 4;

export type Ink = { ctx: SKRSContext2D; width: number; y: number; margin: number };

const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px "PD Latin", "PD Arabic"`;

/**
 * `text` broken at spaces into lines no wider than `max` (in the context's font); a word wider than a
 * whole line is broken between its characters, so nothing ever runs off the paper.
 */
function wrap(ctx: SKRSContext2D, text: string, max: number): string[] {
  const fits = (s: string) => ctx.measureText(s).width <= max;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The canvas's own alignment type (the DOM's CanvasTextAlign is not in the main process). */
type TextAlign = SKRSContext2D['textAlign'];

/** How far a glyph can ink past its advance (a j's tail, an Arabic swash): text keeps that far off the margin. */
const overhangOf = (size: number) => Math.ceil(size / 10);

/** Lines of text one under another, each `size + 6` dots below the last, at `x` as aligned. */
function lines(ink: Ink, text: string, size: number, x: number, rtl: boolean, align: TextAlign) {
  const { ctx, width, margin } = ink;
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.textAlign = align;
  const overhang = overhangOf(size);
  const at = align === 'left' ? x + overhang : align === 'right' ? x - overhang : x;
  wrap(ctx, text, width - 2 * (margin + overhang)).forEach((line, i) => {
    if (i > 0) ink.y += size + 6;
    ctx.fillText(line, at, ink.y);
  });
}

/** English at the left edge and Arabic at the right, on one line, or each wrapped on lines of its own when they do not fit. */
export function both(ink: Ink, en: string, ar: string, size: number, bold = false) {
  const { ctx, width, margin } = ink;
  ctx.font = font(size, bold);
  const fits = ctx.measureText(en).width + ctx.measureText(ar).width + 16 <= width - 2 * margin;
  ink.y += size + 6;
  lines(ink, en, size, margin, false, 'left');
  if (!fits && en) ink.y += size + 6;
  lines(ink, ar, size, width - margin, true, 'right');
}

export function centred(ink: Ink, text: string, size: number, bold = false, rtl = false) {
  ink.ctx.font = font(size, bold);
  ink.y += size + 6;
  lines(ink, text, size, ink.width / 2, rtl, 'center');
}

/** One run of text at `x`, aligned and in the direction given. */
function put(ctx: SKRSContext2D, text: string, x: number, y: number, rtl: boolean, align: TextAlign) {
  ctx.direction = rtl ? 'rtl' : 'ltr';
  ctx.textAlign = align;
  ctx.fillText(text, x, y);
}

/**
 * A label pair with an amount in the middle column: "Total … 115.00 … الإجمالي". Where the three do
 * not fit on one line with half a type size of clear space between them (58 mm, large type), the labels
 * take one line and the amount the next, so no label is ever printed over its amount.
 */
export function amountRow(ink: Ink, en: string, ar: string, amount: string, size: number, bold = false) {
  const { ctx, width, margin } = ink;
  ctx.font = font(size, bold);
  const edge = margin + overhangOf(size);
  const half = ctx.measureText(amount).width / 2;
  const fits =
    edge + ctx.measureText(en).width + size / 2 <= width / 2 - half &&
    width / 2 + half + size / 2 <= width - edge - ctx.measureText(ar).width;
  ink.y += size + 8;
  put(ctx, en, edge, ink.y, false, 'left');
  put(ctx, ar, width - edge, ink.y, true, 'right');
  if (!fits) ink.y += size + 6;
  put(ctx, amount, width / 2, ink.y, false, 'center');
}

/**
 * A sale line's quantity and price at the left and its total at the right edge of the column, where
 * the Arabic names end (on the next line when both do not fit).
 */
export function lineRow(ink: Ink, detail: string, total: string, size: number) {
  const { ctx, width, margin } = ink;
  ctx.font = font(size);
  const edge = margin + overhangOf(size);
  const fits = edge + ctx.measureText(detail).width + size / 2 <= width - edge - ctx.measureText(total).width;
  ink.y += size + 8;
  put(ctx, detail, edge, ink.y, false, 'left');
  if (!fits) ink.y += size + 6;
  put(ctx, total, width - edge, ink.y, false, 'right');
}

export function rule(ink: Ink) {
  ink.y += 10;
  ink.ctx.fillRect(ink.margin, ink.y, ink.width - 2 * ink.margin, 2);
  ink.y += 4;
}

/**
 * Draws a receipt on a canvas as wide as the paper: seller, title, number, date, cashier, lines,
 * totals, payments and change, the credit note's reference, and the tax QR. Black on white, so
 * thresholding to one bit loses nothing.
 */
export function drawReceipt(receipt: Receipt, paper: PaperWidth): PaperPicture {
  const money = (minor: number) => formatMoney(minor, 'en', receipt.currency);
  return drawOnPaper(paper, (ink, size) => {
    const { ctx, width } = ink;
    centred(ink, receipt.seller.name_ar, size(30), true, true);
    centred(ink, receipt.seller.name_en, size(24), true);
    if (receipt.seller.address) centred(ink, receipt.seller.address, size(20));
    if (receipt.seller.phone) both(ink, `Tel. ${receipt.seller.phone}`, 'الهاتف', size(20));
    if (receipt.seller.vatNumber) both(ink, `VAT ${receipt.seller.vatNumber}`, 'الرقم الضريبي', size(20));
    rule(ink);
    const note = receipt.kind === 'credit_note';
    both(
      ink,
      note ? 'Credit note' : 'Simplified tax invoice',
      note ? 'إشعار دائن' : 'فاتورة ضريبية مبسطة',
      size(24),
      true,
    );
    both(ink, `No. ${receipt.number}`, `رقم ${receipt.number}`, size(22));
    if (receipt.refersTo !== null)
      both(ink, `Cancels No. ${receipt.refersTo}`, `يلغي الفاتورة ${receipt.refersTo}`, size(20));
    both(ink, localDateTime(receipt.issuedAt, receipt.timeZone), receipt.cashier.name_ar, size(20));
    rule(ink);
    for (const line of receipt.lines) {
      both(ink, line.name_en, line.name_ar, size(22), true);
      lineRow(ink, `${line.qty} × ${money(line.unitPrice)}`, money(line.total), size(20));
    }
    rule(ink);
    amountRow(ink, 'Subtotal', 'المجموع', money(receipt.totals.subtotal), size(22));
    if (receipt.totals.discount !== 0) amountRow(ink, 'Discount', 'الخصم', money(-receipt.totals.discount), size(22));
    amountRow(ink, 'VAT', 'الضريبة', money(receipt.totals.vat), size(22));
    amountRow(ink, 'Total', 'الإجمالي', money(receipt.totals.total), size(28), true);
    if (receipt.payments.cash !== 0) amountRow(ink, 'Cash', 'نقداً', money(receipt.payments.cash), size(22));
    if (receipt.payments.card !== 0) amountRow(ink, 'Card', 'بطاقة', money(receipt.payments.card), size(22));
    if (receipt.payments.card !== 0 && receipt.payments.cardReference)
      both(ink, `Ref. ${receipt.payments.cardReference}`, 'مرجع العملية', size(20));
    if (receipt.payments.change > 0) amountRow(ink, 'Change', 'الباقي', money(receipt.payments.change), size(22), true);
    rule(ink);
    // The tax QR, module by module: crisp at one bit per dot. Four dots (half a millimetre) a module
    // scans well from paper; level L keeps it to fewer modules, so fewer bytes down a slow line.
    const qr = QRCode.create(receipt.qr, { errorCorrectionLevel: 'L' });
    const cell = QR_MODULE_DOTS;
    const left = Math.round((width - cell * qr.modules.size) / 2);
    ink.y += 12;
    for (let r = 0; r < qr.modules.size; r++) {
      for (let c = 0; c < qr.modules.size; c++)
        if (qr.modules.get(r, c)) ctx.fillRect(left + c * cell, ink.y + r * cell, cell, cell);
    }
    ink.y += cell * qr.modules.size + 8;
    centred(ink, 'شكراً لزيارتكم', size(22), false, true);
    centred(ink, 'Thank you for visiting', size(20));
  });
}

/** What is printed: one bit per dot once thresholded, and a PNG to look at. */
export type PaperPicture = { width: number; height: number; rgba: Uint8ClampedArray; png: () => Buffer };

/** Rows of the canvas first kept for each paper width: a receipt of a dozen lines takes about 1,200. */
const SHEET_ROWS = 2048;
/**
 * One canvas per paper width, kept between pictures: drawing once on it, tall enough, replaces a
 * measuring pass and a fresh canvas each time (a picture is drawn whole, synchronously, before the
 * next one starts); only the rows a picture took are read off it.
 */
const sheets = new Map<number, Canvas>();

/**
 * A picture as wide as the paper, black on white (so thresholding to one bit loses nothing), as tall
 * as what `paint` draws: drawn once on the paper width's kept canvas (again on a taller one only when
 * it runs past it). `size` scales a type size drawn for 80 mm paper to the paper in use.
 */
export function drawOnPaper(paper: PaperWidth, paint: (ink: Ink, size: (n: number) => number) => void): PaperPicture {
  registerFonts();
  const width = PAPER_DOTS[paper];
  const scale = paper === 80 ? 1 : 0.75;
  const size = (n: number) => Math.round(n * scale);
  const run = (canvas: Canvas) => {
    const ctx = canvas.getContext('2d');
    // The context is the kept canvas's: every picture starts from its defaults, on white.
    ctx.save();
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, canvas.height);
    const ink: Ink = { ctx, width, y: 8, margin: size(12) };
    ctx.fillStyle = '#000';
    paint(ink, size);
    ctx.restore();
    return Math.ceil(ink.y + 24);
  };
  let canvas = sheets.get(width) ?? createCanvas(width, SHEET_ROWS);
  let height = run(canvas);
  if (height > canvas.height) {
    canvas = createCanvas(width, height);
    height = run(canvas);
  }
  sheets.set(width, canvas);
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  return { width, height, rgba, png: () => pngOf(rgba, width, height) };
}

/** The picture as a PNG, to look at: from its own pixels, the kept canvas having moved on since. */
function pngOf(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  return canvas.toBuffer('image/png');
}
