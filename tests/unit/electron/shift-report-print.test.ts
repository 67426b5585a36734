import { createServer, type Server } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, decodeEscPos } from '../../fixtures/escpos-decoder';
import { logPrinterFailuresTo, printShiftReport } from '../../../electron/services/printing/print-jobs';
import { defaultPrinterSettings } from '../../../shared/ipc';
import { shortShift } from '../../fixtures/shift-summary';
import { formatMoney } from '../../../shared/domain/money';
import { encodePicture } from '../../../electron/services/printing/receipt-printer';
import { drawShiftReport } from '../../../electron/services/printing/thermal-shift';
import { PAPER_DOTS } from '../../../electron/services/printing/thermal-receipt';
import { printedApart, textsDrawnBy, type DrawnText } from '../../fixtures/drawn-text';

/** A receipt printer on loopback that records each job (and says its roll is in). */
let printer: Server;
let port = 0;
const jobs: Buffer[] = [];
beforeAll(async () => {
  printer = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => {
      if (c.equals(Buffer.from([0x10, 0x04, 0x04]))) socket.write(Buffer.from([0x12]));
      else chunks.push(c);
    });
    socket.on('close', () => chunks.length && jobs.push(Buffer.concat(chunks)));
  });
  await new Promise<void>((done) => printer.listen(0, '127.0.0.1', done));
  port = (printer.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => printer.close(() => done())));

const summary = shortShift;

const waitForJob = async (count: number) => {
  for (let i = 0; i < 100 && jobs.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return jobs[count - 1]!;
};

describe('a shift report on the receipt printer', () => {
  it('a Z report decodes command by command: a reset, raster bands, a cut, and no drawer kick', async () => {
    const outcome = await printShiftReport(
      { ...defaultPrinterSettings, address: `tcp://127.0.0.1:${port}`, drawer: true },
      summary,
    );
    expect(outcome).toEqual({ status: 'printed' });
    const { commands, paper } = decodeEscPos(await waitForJob(1), 576);
    const line = commandLine(commands);
    expect(line[0]).toBe('ESC @');
    expect(line.filter((c) => c.startsWith('GS v 0')).length).toBeGreaterThanOrEqual(1);
    expect(line.slice(-2)).toEqual(['GS V 0', 'ESC @']);
    expect(line.filter((c) => c.startsWith('ESC p'))).toEqual([]);
    expect(paper.height).toBeGreaterThan(500);
    expect(paper.coverage()).toBeGreaterThan(0.02);
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync('test-results/screens/thermal-z-report-80mm.png', paper.png());
  });

  it('58 mm and 80 mm: "Cash expected" and "Cash counted" print clear of their amounts, and the amounts clear of the Arabic labels', () => {
    for (const size of [58, 80] as const) {
      let job: Buffer = Buffer.alloc(0);
      const texts = textsDrawnBy(() => (job = encodePicture(drawShiftReport(summary, size), false)));
      const { paper } = decodeEscPos(job, PAPER_DOTS[size]);
      const find = (text: string, after?: DrawnText) =>
        texts.find((t) => t.text === text && (!after || texts.indexOf(t) > texts.indexOf(after)))!;
      for (const [en, ar, amount] of [
        ['Cash expected', 'النقد المتوقع', formatMoney(summary.expected_cash, 'en')],
        ['Cash counted', 'النقد المعدود', formatMoney(summary.counted_cash!, 'en')],
      ] as const) {
        const label = find(en);
        expect(printedApart(paper, label, find(amount, label)), `${en} at ${size} mm`).toBe(true);
        expect(printedApart(paper, find(amount, label), find(ar)), `${ar} at ${size} mm`).toBe(true);
      }
      writeFileSync(`test-results/screens/thermal-z-report-${size}mm.png`, paper.png());
    }
  });

  it('says where each refund this drawer paid came from: its invoice, seller, shift and canceller, in both languages', () => {
    let paper!: ReturnType<typeof drawShiftReport>;
    // At 58 mm a long line wraps at its spaces: joined with one, the sentences read whole again.
    const texts = textsDrawnBy(() => (paper = drawShiftReport(summary, 58)))
      .map(({ text }) => text)
      .join(' ');
    expect(texts).toContain('Refunds paid by this drawer');
    expect(texts).toContain('Credit note #9');
    expect(texts).toContain('Invoice #7 by Noura Saleh, shift 12; cancelled by Khalid Omar');
    expect(texts).toContain('فاتورة 7 باعها نورة صالح، وردية 12؛ ألغاها خالد عمر');
    // The refund's own amount under it (by card here: nothing left the cash drawer).
    expect(texts).toMatch(/ألغاها خالد عمر Card بطاقة -SAR\s11\.50 Discounts/u);
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync('test-results/screens/thermal-z-report-refunds-58mm.png', paper.png());
  });

  it('says when no printer is set up, and sends nothing', async () => {
    expect(
      await printShiftReport(defaultPrinterSettings, {
        ...summary,
        closed_at: null,
        counted_cash: null,
        difference: null,
      }),
    ).toEqual({
      status: 'not-configured',
    });
    expect(jobs).toHaveLength(1);
  });
});

describe('a printer that is not reached', () => {
  it('is "unreachable" on screen, and the log says which address and why', async () => {
    const told: unknown[] = [];
    logPrinterFailuresTo((message, detail) => told.push([message, detail]));
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const address = `tcp://127.0.0.1:${deadPort}`;
    expect(await printShiftReport({ ...defaultPrinterSettings, address }, summary)).toEqual({ status: 'unreachable' });
    expect(told).toEqual([
      ['receipt printer not reached', { address, cause: expect.stringContaining('ECONNREFUSED') }],
    ]);
  });
});
