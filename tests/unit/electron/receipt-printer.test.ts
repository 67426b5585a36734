import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptOf } from '../../../shared/domain/receipt';
import { receiptSource } from '../../fixtures/receipt-source';
import { serialPrinter } from '../../fixtures/serial-printer';
import { printReceipt } from '../../../electron/services/printing/receipt-printer';
import { PrinterOutOfPaperError, PrinterUnreachableError, writeToShare } from '../../../electron/services/printing/printer-link';

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

/** Reads the ESC/POS job back: its raster images (GS v 0) stacked into one picture, and its commands. */
function decode(job: Buffer) {
  const bands: { bytesPerRow: number; rows: number; data: Buffer }[] = [];
  let at = 0;
  while ((at = job.indexOf(Buffer.from([0x1d, 0x76, 0x30]), at)) !== -1) {
    const bytesPerRow = job[at + 4]! + job[at + 5]! * 256;
    const rows = job[at + 6]! + job[at + 7]! * 256;
    bands.push({ bytesPerRow, rows, data: job.subarray(at + 8, at + 8 + bytesPerRow * rows) });
    at += 8 + bytesPerRow * rows;
  }
  const width = bands[0]!.bytesPerRow * 8;
  const height = bands.reduce((sum, b) => sum + b.rows, 0);
  const canvas = createCanvas(width, height);
  const pixels = canvas.getContext('2d').createImageData(width, height);
  let row = 0;
  for (const band of bands) {
    for (let r = 0; r < band.rows; r++, row++) {
      for (let x = 0; x < width; x++) {
        const black = (band.data[r * band.bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1;
        const i = (row * width + x) * 4;
        pixels.data[i] = pixels.data[i + 1] = pixels.data[i + 2] = black ? 0 : 255;
        pixels.data[i + 3] = 255;
      }
    }
  }
  canvas.getContext('2d').putImageData(pixels, 0, 0);
  return { width, height, bands: bands.length, pixels: pixels.data, png: () => canvas.toBuffer('image/png') };
}

const waitForJob = async (count: number) => {
  for (let i = 0; i < 100 && jobs.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return jobs[count - 1]!;
};

describe('a thermal receipt', () => {
  it('80 mm: a 576-dot raster, cut, and the cash drawer kicked; Arabic drawn, not sent as text', async () => {
    await printReceipt(receipt, { address: `tcp://127.0.0.1:${port}`, paper: 80, drawer: true });
    const job = await waitForJob(1);
    const image = decode(job);
    expect(image.width).toBe(576);
    expect(image.height).toBeGreaterThan(600);
    expect(image.bands).toBeGreaterThanOrEqual(2);
    expect(job.includes(Buffer.from([0x1d, 0x56]))).toBe(true); // GS V: cut
    expect(job.includes(Buffer.from([0x1b, 0x70]))).toBe(true); // ESC p: drawer kick
    expect(job.includes(Buffer.from('الفرع'))).toBe(false);
    // Ink on the paper: some black, mostly white.
    const black = [...image.pixels].filter((v, i) => i % 4 === 0 && v === 0).length / (image.width * image.height);
    expect(black).toBeGreaterThan(0.02);
    expect(black).toBeLessThan(0.5);
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync('test-results/screens/thermal-receipt-80mm.png', image.png());
  });

  it('58 mm: a 384-dot raster, and no drawer kick unless asked', async () => {
    const refund = { gross: -3000, discount: 0, net: -2609, vat: -391, payable: -3000, cash: -3000, change: 0, lines: [{ name_en: 'Trampoline socks', name_ar: 'جوارب الترامبولين', unit_price: 1500, qty: -2, gross: -3000 }] };
    const creditNote = receiptOf(receiptSource({ ...refund, kind: 'credit_note', invoice_no: 58, original_invoice_no: 57 }));
    await printReceipt(creditNote, {
      address: `tcp://127.0.0.1:${port}`,
      paper: 58,
      drawer: false,
    });
    const job = await waitForJob(2);
    const image = decode(job);
    expect(image.width).toBe(384);
    expect(job.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect(job.includes(Buffer.from([0x1b, 0x70]))).toBe(false);
    writeFileSync('test-results/screens/thermal-credit-note-58mm.png', image.png());
  });

  it('a printer out of paper is PrinterOutOfPaperError, and nothing is sent to it', async () => {
    paperStatusByte = 0x72; // paper end
    const before = jobs.length;
    await expect(printReceipt(receipt, { address: `tcp://127.0.0.1:${port}`, paper: 80, drawer: false })).rejects.toBeInstanceOf(PrinterOutOfPaperError);
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
    await printReceipt(receipt, { address: `tcp://127.0.0.1:${(silent.address() as { port: number }).port}`, paper: 58, drawer: false });
    for (let i = 0; i < 50 && !silentJobs.some((j) => j.includes(Buffer.from([0x1d, 0x76, 0x30]))); i++) await new Promise((r) => setTimeout(r, 20));
    expect(silentJobs.some((j) => j.includes(Buffer.from([0x1d, 0x76, 0x30])))).toBe(true);
    await new Promise<void>((done) => silent.close(() => done()));
  });

  it('a printer that is off is PrinterUnreachableError, quickly', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((done) => closed.close(() => done()));
    await expect(printReceipt(receipt, { address: `tcp://127.0.0.1:${deadPort}`, paper: 80, drawer: false })).rejects.toBeInstanceOf(PrinterUnreachableError);
  });
});

describe('a receipt printer on a serial port or a Windows share', () => {
  it('serial: asked for its paper, then sent the receipt at the port speed set, cut and the drawer kicked', async () => {
    const printer = await serialPrinter(0x12);
    await printReceipt(receipt, { address: `${printer.device}@19200`, paper: 58, drawer: true });
    const job = await printer.job();
    expect(decode(job).width).toBe(384);
    expect(job.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
    expect(job.includes(Buffer.from([0x1b, 0x70]))).toBe(true);
    expect(await printer.speed()).toBe(19200);
  });

  it('serial, two receipts at once (auto-print and a reprint): both printed whole, one after the other', async () => {
    const printer = await serialPrinter(0x12);
    const settings = { address: `${printer.device}@9600`, paper: 58, drawer: false } as const;
    await Promise.all([printReceipt(receipt, settings), printReceipt(receipt, settings)]);
    const job = await printer.job();
    const cuts = job.toString('latin1').split('\x1d\x56').length - 1;
    expect(cuts).toBe(2);
    // The second job starts after the first one's cut, with its own paper check.
    expect(job.indexOf(Buffer.from([0x10, 0x04, 0x04]), job.indexOf(Buffer.from([0x1d, 0x56])))).toBeGreaterThan(0);
  });

  it('serial, out of paper: PrinterOutOfPaperError and nothing sent after the status request', async () => {
    const printer = await serialPrinter(0x72);
    await expect(printReceipt(receipt, { address: `${printer.device}@9600`, paper: 80, drawer: false })).rejects.toBeInstanceOf(PrinterOutOfPaperError);
    expect((await printer.job()).length).toBe(0);
  });

  it('serial, no such port (unplugged adapter): PrinterUnreachableError', async () => {
    await expect(printReceipt(receipt, { address: '/dev/ttyPLAYDESK9@9600', paper: 80, drawer: false })).rejects.toBeInstanceOf(PrinterUnreachableError);
  });

  it('a Windows share gets the job bytes as they are; away from Windows a share is unreachable and no stray file is written', async () => {
    const spool = join(mkdtempSync(join(tmpdir(), 'playdesk-share-')), 'POS80');
    await writeToShare(spool, Buffer.from([0x1b, 0x40, 0x1d, 0x56, 0x00]));
    expect([...readFileSync(spool)]).toEqual([0x1b, 0x40, 0x1d, 0x56, 0x00]);
    if (process.platform !== 'win32') {
      await expect(printReceipt(receipt, { address: '\\\\localhost\\POS80', paper: 80, drawer: false })).rejects.toBeInstanceOf(PrinterUnreachableError);
      expect(existsSync('\\\\localhost\\POS80')).toBe(false);
    }
  });
});
