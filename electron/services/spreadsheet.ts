import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Sheet } from '../../shared/ipc';
import { zipFeed } from './zip-feed';

/** Rows a products sheet may have, its header row not counted. */
export const MAX_SHEET_ROWS = 10_000;
/** Columns a products sheet may use; the import reads six, the rest leaves room for a shop's notes. */
export const MAX_SHEET_COLUMNS = 100;

export class SheetTooLargeError extends Error {
  constructor() {
    super(`The sheet has more than ${MAX_SHEET_ROWS} rows or ${MAX_SHEET_COLUMNS} columns`);
    this.name = 'SheetTooLargeError';
  }
}

/**
 * The first worksheet of an .xlsx as rows of plain cell values, read as a stream so a large file is
 * never held as a whole workbook. Formula cells give their result, rich text its text.
 */
export async function readFirstSheet(bytes: Buffer): Promise<unknown[][]> {
  // Fed as zipFeed feeds it: a workbook saved sheets first lost parts of itself otherwise (zip-feed.ts).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(zipFeed(Readable.from([bytes])), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  const rows: unknown[][] = [];
  let first = true;
  for await (const sheet of reader) {
    // The other sheets are let go through unread: exceljs deletes its temporary copy of a sheet (a
    // shop's prices and notes) only when asked for the next one.
    if (!first) {
      for await (const _unread of sheet) break;
      continue;
    }
    first = false;
    for await (const row of sheet) {
      // By the row's own number and last column, before anything is laid out: a few bytes of XML can
      // claim row 20,000,000, and laying out the rows before it would take gigabytes.
      if (row.number > MAX_SHEET_ROWS + 1 || row.cellCount > MAX_SHEET_COLUMNS) throw new SheetTooLargeError();
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows[row.number - 1] = values.map(plain);
    }
  }
  return Array.from(rows, (row) => row ?? []);
}

function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  const cell = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
  if (cell.richText) return cell.richText.map((part) => part.text).join('');
  if ('result' in cell) return plain(cell.result);
  if ('text' in cell) return cell.text;
  return null;
}

/** A report's table as an .xlsx: a bold header row, money as numbers in riyals with two decimals, right to left in Arabic. */
export async function writeSheet(sheet: Sheet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet.name, { views: [{ rightToLeft: sheet.rightToLeft, state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c) => ({
    header: c.header,
    width: Math.min(40, Math.max(12, c.header.length + 2)),
    style: c.kind === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of sheet.rows)
    ws.addRow(row.map((v, i) => (sheet.columns[i]?.kind === 'money' && typeof v === 'number' ? v / 100 : v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}
