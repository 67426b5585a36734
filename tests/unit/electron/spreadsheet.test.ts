import { describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import {
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  readFirstSheet,
  SheetTooLargeError,
} from '../../../electron/services/spreadsheet';
import { createHandlers } from '../../../electron/ipc/handlers';
import { downloadSaver } from '../../../electron/platform/ports';
import en from '../../../locales/en/errors.json';
import ar from '../../../locales/ar/errors.json';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  rows.forEach((row) => sheet.addRow(row));
  sheet.getCell('C3').value = { formula: 'C2*2', result: 15 };
  sheet.getCell('A4').value = { richText: [{ text: 'Rich ' }, { text: 'text' }] };
  book.addWorksheet('Ignored').addRow(['not read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading a spreadsheet', () => {
  it('streams the first sheet into rows of plain values (formula results, rich text, blanks)', async () => {
    const rows = await readFirstSheet(
      await workbook([
        ['Name EN', 'Name AR', 'Price'],
        ['Juice', 'عصير', 7.5],
        ['Double', 'مضاعف', null],
        [null, 'غني', 3],
      ]),
    );
    expect(rows).toEqual([
      ['Name EN', 'Name AR', 'Price'],
      ['Juice', 'عصير', 7.5],
      ['Double', 'مضاعف', 15],
      ['Rich text', 'غني', 3],
    ]);
  });

  it('refuses something that is not a workbook', async () => {
    await expect(readFirstSheet(Buffer.from('name,price\njuice,7.5'))).rejects.toThrow();
  });

  it.each([
    ['one row at r=20,000,000', '<row r="20000000"><c r="A20000000" t="inlineStr"><is><t>Juice</t></is></c></row>'],
    ['a cell in the last column (XFD)', '<row r="2"><c r="XFD2" t="inlineStr"><is><t>Juice</t></is></c></row>'],
  ])('refuses a tiny sheet with %s before laying out the rows it claims', async (_what, rowXml) => {
    const bytes = await withSheetData(rowXml);
    expect(bytes.length).toBeLessThan(16 * 1024);
    const before = process.memoryUsage().heapUsed;
    // Measured as the answer arrives, while laid-out rows would still be held; only their count is kept
    // (diffing millions of rows in a failure message would hang the run).
    let grown = 0;
    const outcome = await readFirstSheet(bytes).then(
      (rows) => {
        grown = process.memoryUsage().heapUsed - before;
        return `read ${rows.length} rows`;
      },
      (error: unknown) => {
        grown = process.memoryUsage().heapUsed - before;
        return error;
      },
    );
    expect(outcome).toBeInstanceOf(SheetTooLargeError);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('tells the user the limits, in English and Arabic', () => {
    for (const text of [en.SHEET_TOO_LARGE, ar.SHEET_TOO_LARGE]) {
      expect(text).toContain(MAX_SHEET_ROWS.toLocaleString('en'));
      expect(text).toContain(String(MAX_SHEET_COLUMNS));
    }
  });
});

/** A real workbook whose first sheet's rows are replaced by the given XML, as a hand-made file could be. */
async function withSheetData(rowXml: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Products').addRow(['Name EN', 'Name AR', 'Price']);
  const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
  const path = 'xl/worksheets/sheet1.xml';
  const xml = await zip.file(path)!.async('string');
  zip.file(
    path,
    xml
      .replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rowXml}</sheetData>`)
      .replace(/<dimension ref="[^"]*"\/>/, ''),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('a products workbook of several sheets, saved sheets first (as Excel and exceljs save them)', () => {
  const threeSheets = async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Products').addRows([
      ['Name EN', 'Name AR', 'Price'],
      ['Juice', 'عصير', 7.5],
    ]);
    book.addWorksheet('Prices 2025').addRow(['old']);
    book.addWorksheet('Notes').addRow(['call the supplier']);
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  it('is read whole however long the temporary folder takes to answer, and leaves no copy of a sheet there', async () => {
    // exceljs copies a sheet stored before the shared strings to the temporary folder (tmp-<pid>-…);
    // a deeper folder is slower to resolve, and unzipper then ended the workbook's entries meanwhile.
    const root = mkdtempSync(join(tmpdir(), 'playdesk-products-sheet-'));
    const slow = join(root, 'a', 'b', 'c');
    mkdirSync(slow, { recursive: true });
    const copies = () => readdirSync(slow).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const bytes = await threeSheets();
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = slow;
    try {
      const read = [];
      for (let i = 0; i < 10; i++) read.push((await readFirstSheet(bytes))[1]);
      expect(read).toEqual(Array(10).fill(['Juice', 'عصير', 7.5]));
      // A copy is deleted in the background once let go (tmp unlinks it asynchronously).
      await vi.waitFor(() => expect(copies()).toEqual([]), { timeout: 10_000 });
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a report saved as a spreadsheet', () => {
  it('is built in the main process: a bold header, money as riyals with two decimals, Arabic right to left, handed back to download', async () => {
    const handlers = createHandlers({ saver: downloadSaver } as never);
    const outcome = await handlers['pos:export-sheet']({
      fileName: 'sales-2026-11.xlsx',
      sheet: {
        name: 'المبيعات',
        rightToLeft: true,
        columns: [
          { header: 'اليوم', kind: 'text' },
          { header: 'العدد', kind: 'number' },
          { header: 'الإجمالي', kind: 'money' },
        ],
        rows: [
          ['2026-11-01', 3, 437000],
          ['2026-11-02', 0, -1150],
        ],
      },
    });
    expect(outcome.status).toBe('download');
    if (outcome.status !== 'download') return;
    expect(outcome.fileName).toBe('sales-2026-11.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(outcome.contentBase64, 'base64') as unknown as ExcelJS.Buffer);
    const ws = book.getWorksheet('المبيعات')!;
    expect(ws.views[0]?.rightToLeft).toBe(true);
    expect(ws.getRow(1).values).toEqual([undefined, 'اليوم', 'العدد', 'الإجمالي']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getCell('C2').value).toBe(4370);
    expect(ws.getCell('C3').value).toBe(-11.5);
    expect(ws.getCell('C2').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B2').value).toBe(3);
  });

  it('refuses a file name that is a path, or a sheet too large, before anything is written', async () => {
    const handlers = createHandlers({ saver: downloadSaver } as never);
    const sheet = { name: 'S', rightToLeft: false, columns: [{ header: 'A', kind: 'text' as const }], rows: [] };
    await expect(handlers['pos:export-sheet']({ fileName: '../x.xlsx', sheet })).rejects.toThrow('pos:export-sheet');
    await expect(
      handlers['pos:export-sheet']({
        fileName: 'x.xlsx',
        sheet: { ...sheet, rows: Array.from({ length: 20_001 }, () => ['a']) },
      }),
    ).rejects.toThrow('pos:export-sheet');
  });
});
