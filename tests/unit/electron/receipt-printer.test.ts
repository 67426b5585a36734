import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { receiptOf } from '../../../shared/domain/receipt';
import { benchLines, receiptSource } from '../../fixtures/receipt-source';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';
import QRCode from 'qrcode';
import { serialPrinter } from '../../fixtures/serial-printer';
import { commandLine, decodeEscPos } from '../../fixtures/escpos-decoder';
import { encodeReceipt, printReceipt } from '../../../electron/services/printing/receipt-printer';
import { drawReceipt, PAPER_DOTS } from '../../../electron/services/printing/thermal-receipt';
import { serialSeconds } from '../../../shared/domain/serial-time';
import { formatMoney } from '../../../shared/domain/money';
import { inkedColumns, textsDrawnBy } from '../../fixtures/drawn-text';
import {
  PrinterOutOfPaperError,
  PrinterUnreachableError,
  writeToShare,
} from '../../../electron/services/printing/printer-link';

/**
 * A receipt printer on loopback: answers the paper status request (DLE EOT 4) as `paperStatus`
 * says, and records every byte of each print job.
 */
let printer: Server;
let port = 0;
const jobs: Buffer[] = [];
let paperStatusByte = 0x12; // roll present
beforeAll(async () => {
  printer = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => {
      if (c.equals(Buffer.from([0x10, 0x04, 0x04]))) socket.write(Buffer.from([paperStatusByte]));
      else chunks.push(c);
    });
    socket.on('close', () => chunks.length && jobs.push(Buffer.concat(chunks)));
  });
  await new Promise<void>((done) => printer.listen(0, '127.0.0.1', done));
  port = (printer.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => printer.close(() => done())));

const receipt = receiptOf(receiptSource());

const waitForJob = async (count: number) => {
  for (let i = 0; i < 100 && jobs.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return jobs[count - 1]!;
};

describe('a thermal receipt', () => {
  it('80 mm: a reset first, a 576-dot raster, a cut, and the drawer kicked on pins 2 and 5 with their pulse times; Arabic drawn, not sent as text', async () => {
    await printReceipt(receipt, { address: `tcp://127.0.0.1:${port}`, paper: 80, drawer: true });
    const job = await waitForJob(1);
    // The whole job decodes, command by command: a stray or cut-short byte fails here.
    const { commands, paper } = decodeEscPos(job, 576);
    const line = commandLine(commands);
    expect(line[0]).toBe('ESC @');
    expect(line.filter((c) => c.startsWith('GS v 0')).length).toBeGreaterThanOrEqual(2);
    expect(line.slice(-4)).toEqual(['GS V 0', 'ESC @', 'ESC p 0 25 250', 'ESC p 1 25 250']);
    expect(paper.height).toBeGreaterThan(600);
    expect(job.includes(Buffer.from('الفرع'))).toBe(false);
    // Ink on the paper: some black, mostly white.
    expect(paper.coverage()).toBeGreaterThan(0.02);
    expect(paper.coverage()).toBeLessThan(0.5);
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync('test-results/screens/thermal-receipt-80mm.png', paper.png());
  });

  it('58 mm: a reset first, a 384-dot raster, a cut, and no drawer kick unless asked', async () => {
    const refund = {
      gross: -3000,
      discount: 0,
      net: -2609,
      vat: -391,
      payable: -3000,
      cash: -3000,
      change: 0,
      lines: [{ name_en: 'Trampoline socks', name_ar: 'جوارب الترامبولين', unit_price: 1500, qty: -2, gross: -3000 }],
    };
    const creditNote = receiptOf(
      receiptSource({ ...refund, kind: 'credit_note', invoice_no: 58, original_invoice_no: 57 }),
    );
    await printReceipt(creditNote, {
      address: `tcp://127.0.0.1:${port}`,
      paper: 58,
      drawer: false,
    });
    const job = await waitForJob(2);
    const { commands, paper } = decodeEscPos(job, 384);
    const line = commandLine(commands);
    expect(line[0]).toBe('ESC @');
    expect(line.at(-2)).toBe('GS V 0');
    expect(line.filter((c) => c.startsWith('ESC p'))).toEqual([]);
    writeFileSync('test-results/screens/thermal-credit-note-58mm.png', paper.png());
  });

  it('sends only ink: every raster image starts and ends with inked rows and inked bytes, every bit image with inked columns (white is fed or left out), so a receipt is under half its full-width picture', () => {
    for (const size of [80, 58] as const) {
      const job = encodeReceipt(receipt, { paper: size }, true);
      const { commands, paper } = decodeEscPos(job, PAPER_DOTS[size]);
      for (const c of commands) {
        if (c.name === 'ESC *') {
          const inkedColumn = (x: number) => c.data.subarray(x * 3, x * 3 + 3).some((b) => b !== 0);
          expect(inkedColumn(0) && inkedColumn(c.columns - 1)).toBe(true);
        }
        if (c.name !== 'GS v 0') continue;
        const row = (r: number) => c.data.subarray(r * c.bytesPerRow, (r + 1) * c.bytesPerRow);
        expect(row(0).some((b) => b !== 0) && row(c.rows - 1).some((b) => b !== 0)).toBe(true);
        const column = (x: number) => Array.from({ length: c.rows }, (_, r) => row(r)[x]!).some((b) => b !== 0);
        expect(column(0) && column(c.bytesPerRow - 1)).toBe(true);
      }
      const fullWidth = (PAPER_DOTS[size] / 8) * paper.height;
      expect(job.length).toBeLessThan(fullWidth / 2);
    }
  });

  it('the bench receipt (six lines) at 80 mm is at most 25,000 bytes (about 26 s at 9600 baud), and prints dot for dot what was drawn: the Arabic as shaped, the tax QR module for module', () => {
    const bench = receiptOf(receiptSource({ lines: benchLines }));
    for (const size of [80, 58] as const) {
      const drawn = drawReceipt(bench, size);
      const job = encodeReceipt(bench, { paper: size }, true);
      const { paper } = decodeEscPos(job, PAPER_DOTS[size]);
      const dark = (x: number, y: number) => {
        const i = (y * drawn.width + x) * 4;
        return drawn.rgba[i]! * 54 + drawn.rgba[i + 1]! * 183 + drawn.rgba[i + 2]! * 19 < 32768;
      };
      let differing = 0;
      for (let y = 0; y < Math.max(drawn.height, paper.height); y++)
        for (let x = 0; x < drawn.width; x++) if ((y < drawn.height && dark(x, y)) !== paper.ink(x, y)) differing++;
      expect(differing, `${size} mm`).toBe(0);
      // The QR as a scanner reads it: each module's centre on the paper (found by the top of its corner
      // mark, seven modules dark with light either side), against the QR of the payload.
      const qr = QRCode.create(bench.qr, { errorCorrectionLevel: 'L' });
      const cell = 4;
      const left = Math.round((drawn.width - cell * qr.modules.size) / 2);
      const top = paper
        .inkedRows()
        .find(
          (y) =>
            !paper.ink(left - 1, y) &&
            !paper.ink(left + 7 * cell, y) &&
            Array.from({ length: 7 * cell }, (_, i) => left + i).every((x) => paper.ink(x, y)),
        )!;
      for (let r = 0; r < qr.modules.size; r++)
        for (let c = 0; c < qr.modules.size; c++)
          expect(paper.ink(left + c * cell + 2, top + r * cell + 2)).toBe(Boolean(qr.modules.get(r, c)));
      expect(decodeTaxQr(bench.qr)).toMatchObject({ vatNumber: '310122393500003', total: '225.00' });
    }
    const bytes = encodeReceipt(bench, { paper: 80 }, true).length;
    console.log(`bench receipt 80 mm: ${bytes} bytes, ${serialSeconds(bytes, 9600).toFixed(1)} s at 9600 baud`);
    expect(bytes).toBeLessThanOrEqual(25_000);
  });

  it('line totals print at the column edge: their ink ends where the Arabic names end, at the right margin', () => {
    for (const size of [80, 58] as const) {
      let job: Buffer = Buffer.alloc(0);
      const texts = textsDrawnBy(() => (job = encodeReceipt(receipt, { paper: size }, false)));
      const { paper } = decodeEscPos(job, PAPER_DOTS[size]);
      const lastInk = (t: { top: number; bottom: number }) => inkedColumns(paper, t.top, t.bottom).at(-1)!;
      for (const line of receipt.lines) {
        const name = texts.find((t) => t.text === line.name_ar)!;
        const total = texts.find((t) => t.text === formatMoney(line.total, 'en') && t.top > name.bottom)!;
        expect(Math.abs(lastInk(total) - lastInk(name)), `${line.name_en} at ${size} mm`).toBeLessThanOrEqual(3);
      }
    }
  });

  it('the longest names allowed (120 characters, English and Arabic) wrap inside the paper, over several lines', () => {
    const en =
      'Super deluxe family weekend trampoline and soft play adventure pass with socks, juice and a photo for every single kid';
    const ar =
      'باقة نهاية الأسبوع العائلية الفاخرة للترامبولين والألعاب اللينة مع الجوارب والعصير وصورة تذكارية لكل طفل مشارك معنا';
    const long = [
      { name_en: en.padEnd(120, '!'), name_ar: ar.padEnd(120, 'ا'), unit_price: 10000, qty: 1, gross: 10000 },
    ];
    const short = [{ name_en: 'Pass', name_ar: 'باقة', unit_price: 10000, qty: 1, gross: 10000 }];
    /** Stretches of inked rows: the printed lines of text (and rules, and the QR). */
    const printedLines = (rows: number[]) => rows.filter((y, i) => rows[i - 1] !== y - 1).length;
    for (const size of [80, 58] as const) {
      const width = PAPER_DOTS[size];
      const margin = size === 80 ? 12 : 9;
      const { paper } = decodeEscPos(
        encodeReceipt(receiptOf(receiptSource({ lines: long })), { paper: size }, false),
        width,
      );
      const inked = paper.inkedRows();
      for (const y of inked) {
        for (let x = 0; x < margin; x++) expect(paper.ink(x, y) || paper.ink(width - 1 - x, y)).toBe(false);
      }
      const shortPaper = decodeEscPos(
        encodeReceipt(receiptOf(receiptSource({ lines: short })), { paper: size }, false),
        width,
      ).paper;
      // Each name takes at least two lines where a short pair takes one.
      expect(printedLines(inked) - printedLines(shortPaper.inkedRows())).toBeGreaterThanOrEqual(3);
      writeFileSync(`test-results/screens/thermal-long-names-${size}mm.png`, paper.png());
    }
  });

  it('shows what the A4 shows: the branch phone and the card terminal reference', () => {
    const context = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { fillText: (text: string) => void };
    const drawn = vi.spyOn(context, 'fillText');
    encodeReceipt(
      receiptOf(receiptSource({ cash: 0, pos: 22500, change: 0, pos_reference: 'RRN 604123' })),
      { paper: 80 },
      false,
    );
    const texts = drawn.mock.calls.map(([text]) => text);
    drawn.mockRestore();
    expect(texts.some((t) => t.includes('0112345678'))).toBe(true);
    expect(texts.some((t) => t.includes('RRN 604123'))).toBe(true);
  });

  it('a printer out of paper is PrinterOutOfPaperError, and nothing is sent to it', async () => {
    paperStatusByte = 0x72; // paper end
    const before = jobs.length;
    await expect(
      printReceipt(receipt, { address: `tcp://127.0.0.1:${port}`, paper: 80, drawer: false }),
    ).rejects.toBeInstanceOf(PrinterOutOfPaperError);
    paperStatusByte = 0x12;
    await new Promise((r) => setTimeout(r, 100));
    expect(jobs.length).toBe(before);
  });

  it('a printer that does not answer the status request is still printed to', async () => {
    const silent = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => silentJobs.push(Buffer.concat(chunks)));
    });
    const silentJobs: Buffer[] = [];
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    await printReceipt(receipt, {
      address: `tcp://127.0.0.1:${(silent.address() as { port: number }).port}`,
      paper: 58,
      drawer: false,
    });
    const printed = () => silentJobs.some((j) => commandLine(decodeEscPos(j, 384).commands).includes('GS V 0'));
    for (let i = 0; i < 50 && !printed(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(printed()).toBe(true);
    await new Promise<void>((done) => silent.close(() => done()));
  });

  it('a printer that is off is PrinterUnreachableError, quickly', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((done) => closed.close(() => done()));
    await expect(
      printReceipt(receipt, { address: `tcp://127.0.0.1:${deadPort}`, paper: 80, drawer: false }),
    ).rejects.toBeInstanceOf(PrinterUnreachableError);
  });
});

describe('a receipt printer on a serial port or a Windows share', () => {
  it('serial: asked for its paper, then sent the receipt at the port speed set, cut and the drawer kicked', async () => {
    const printer = await serialPrinter(0x12);
    await printReceipt(receipt, { address: `${printer.device}@19200`, paper: 58, drawer: true });
    const line = commandLine(decodeEscPos(await printer.job(), 384).commands);
    expect(line.slice(0, 2)).toEqual(['DLE EOT 4', 'ESC @']);
    expect(line.slice(-5)).toEqual(['GS V 0', 'ESC @', 'ESC p 0 25 250', 'ESC p 1 25 250', 'DLE EOT 4']);
    expect(await printer.speed()).toBe(19200);
  }, 30_000);

  it('serial, two receipts at once (auto-print and a reprint): both printed whole, one after the other', async () => {
    const printer = await serialPrinter(0x12);
    const settings = { address: `${printer.device}@115200`, paper: 58, drawer: false } as const;
    await Promise.all([printReceipt(receipt, settings), printReceipt(receipt, settings)]);
    const line = commandLine(decodeEscPos(await printer.job(), 384).commands);
    // Each job whole, the second after the first: its paper check, a reset, its picture, its cut, and
    // the printer asked again (its answer says every byte arrived).
    const second = line.findIndex((c, i) => c === 'DLE EOT 4' && line[i + 1] === 'ESC @' && i > 0);
    const jobs = [line.slice(0, second), line.slice(second)];
    for (const job of jobs) {
      expect(job.slice(0, 3)).toEqual(['DLE EOT 4', 'ESC @', 'GS P 203 203']);
      expect(job.slice(-3)).toEqual(['GS V 0', 'ESC @', 'DLE EOT 4']);
      expect(job.filter((c) => c === 'GS V 0')).toHaveLength(1);
    }
    expect(jobs[1]).toEqual(jobs[0]);
  }, 30_000);

  it('serial, a printer that speaks during the job (XON/XOFF flow control, status sent on its own): the whole receipt still goes', async () => {
    // It speaks once 2000 bytes are in: the line is full then (a pseudo-terminal holds about 14 KB), so
    // the station is waiting both for room to write and for the printer's words. It speaks again 2000
    // bytes before the end, when the station has written everything and waits for the answer to its
    // paper check after the job (the second), which the printer holds back once it has read it.
    const job = encodeReceipt(receipt, { paper: 80 }, false);
    expect(job.length).toBeGreaterThan(16_000);
    const printer = await serialPrinter(0x12, [2000, job.length - 2000], 2);
    let done = false;
    const printing = printReceipt(receipt, { address: `${printer.device}@115200`, paper: 80, drawer: false }).then(
      () => void (done = true),
    );
    await printer.holding();
    // Done means the printer answered that check: a job done now took an XON for the answer.
    expect(done).toBe(false);
    printer.answer();
    await printing;
    const line = commandLine(decodeEscPos(await printer.job(), 576).commands);
    expect(line.slice(0, 2)).toEqual(['DLE EOT 4', 'ESC @']);
    expect(line.slice(-3)).toEqual(['GS V 0', 'ESC @', 'DLE EOT 4']);
  }, 60_000);

  it('serial, a reprint after the line has been quiet a while: the port opens again and both print whole', async () => {
    const printer = await serialPrinter(0x12);
    const settings = { address: `${printer.device}@115200`, paper: 58, drawer: false } as const;
    await printReceipt(receipt, settings);
    await new Promise((r) => setTimeout(r, 1500));
    await printReceipt(receipt, settings);
    const line = commandLine(decodeEscPos(await printer.job(), 384).commands);
    expect(line.filter((c) => c === 'GS V 0')).toHaveLength(2);
    expect(line.slice(-3)).toEqual(['GS V 0', 'ESC @', 'DLE EOT 4']);
  }, 30_000);

  it('serial, out of paper: PrinterOutOfPaperError and nothing sent after the status request', async () => {
    const printer = await serialPrinter(0x72);
    await expect(
      printReceipt(receipt, { address: `${printer.device}@9600`, paper: 80, drawer: false }),
    ).rejects.toBeInstanceOf(PrinterOutOfPaperError);
    expect(commandLine(decodeEscPos(await printer.job(), 576).commands)).toEqual(['DLE EOT 4']);
  });

  it('serial, out of paper at a printer that says XON before it answers: still PrinterOutOfPaperError and nothing sent', async () => {
    const printer = await serialPrinter(0x72, [0]);
    await expect(
      printReceipt(receipt, { address: `${printer.device}@9600`, paper: 80, drawer: false }),
    ).rejects.toBeInstanceOf(PrinterOutOfPaperError);
    expect(commandLine(decodeEscPos(await printer.job(), 576).commands)).toEqual(['DLE EOT 4']);
  });

  it('serial, no such port (unplugged adapter): PrinterUnreachableError', async () => {
    await expect(
      printReceipt(receipt, { address: '/dev/ttyPLAYDESK9@9600', paper: 80, drawer: false }),
    ).rejects.toBeInstanceOf(PrinterUnreachableError);
  });

  it('a Windows share gets the job bytes as they are; away from Windows a share is unreachable and no stray file is written', async () => {
    const spool = join(mkdtempSync(join(tmpdir(), 'playdesk-share-')), 'POS80');
    await writeToShare(spool, Buffer.from([0x1b, 0x40, 0x1d, 0x56, 0x00]));
    expect([...readFileSync(spool)]).toEqual([0x1b, 0x40, 0x1d, 0x56, 0x00]);
    if (process.platform !== 'win32') {
      await expect(
        printReceipt(receipt, { address: '\\\\localhost\\POS80', paper: 80, drawer: false }),
      ).rejects.toBeInstanceOf(PrinterUnreachableError);
      expect(existsSync('\\\\localhost\\POS80')).toBe(false);
    }
  });
});
