import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import {
  CampaignRowsCollector,
  isText,
  isZip,
  type CampaignRows,
  type CampaignSheetOutcome,
  type CampaignSheetRefusal,
  type SheetCell,
} from '../../shared/domain/campaign-rows';
import { NotUtf8Error, readCsvRecords } from './csv-records';
import { zipFeed } from './zip-feed';

/**
 * A promotion campaign's file, read from disk in the main process (never whole into the page): an
 * .xlsx as Excel, LibreOffice or Google Sheets save it, streamed with exceljs, or a UTF-8 .csv read
 * record by record. What it is is told by its first bytes, not by its name. `country` is the
 * branch's: the one its mobiles are read in.
 */
export async function readCampaignSheet(path: string, country: string): Promise<CampaignSheetOutcome> {
  const read = await readFile(path, country);
  return typeof read === 'string' ? { status: 'refused', key: read } : { status: 'read', sheet: read };
}

async function readFile(path: string, country: string): Promise<CampaignRows | CampaignSheetRefusal> {
  let head: Buffer;
  try {
    head = await firstBytes(path, HEAD_BYTES);
  } catch {
    // Gone, a folder, or locked (Excel on Windows holds a file it has open).
    return 'FILE_NOT_READABLE';
  }
  if (head.length === 0) return 'SHEET_EMPTY';
  const collector = new CampaignRowsCollector(country);
  switch (kindOf(head)) {
    case 'zip':
      return readXlsx(path, collector);
    case 'compound':
      return (await containsUtf16(path, 'EncryptedPackage')) ? 'SHEET_PASSWORD_PROTECTED' : 'SHEET_NOT_SPREADSHEET';
    case 'text':
      return readCsv(path, collector);
    case 'binary':
      return 'SHEET_NOT_SPREADSHEET';
  }
}

const HEAD_BYTES = 4096;

/**
 * An .xlsx is a zip. An encrypted one (a password to open) is an OLE2 compound file, as is an old
 * .xls, so the compound file's own directory tells them apart. Text with control characters in its
 * first bytes is no CSV.
 */
function kindOf(head: Buffer): 'zip' | 'compound' | 'text' | 'binary' {
  if (isZip(head)) return 'zip';
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'compound';
  return isText(head) ? 'text' : 'binary';
}

async function readXlsx(path: string, collector: CampaignRowsCollector): Promise<CampaignRows | CampaignSheetRefusal> {
  const stream = zipFeed(createReadStream(path));
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell a date from a number: a date is a number shown with a date format.
      styles: 'cache',
      entries: 'ignore',
    });
    let row: ExcelJS.Row | undefined;
    const cellAt = (index: number) => cellOf(row?.findCell(index + 1)?.value);
    // A zip with no worksheet: a Word file, an OpenDocument sheet, any other archive.
    let read: CampaignRows | CampaignSheetRefusal = 'SHEET_NOT_SPREADSHEET';
    let first = true;
    // Every sheet is let go through: exceljs copies a sheet stored before the shared strings (Excel's
    // order) to a temporary file, and deletes it, parents' mobiles and names, only when asked for the next.
    for await (const sheet of book) {
      if (!first) {
        for await (const _unread of sheet) break;
        continue;
      }
      first = false;
      for await (row of sheet) {
        const refusal = collector.add(row.number, row.cellCount, cellAt);
        if (refusal) return refusal;
      }
      read = collector.finish();
    }
    return read;
  } catch {
    return 'SHEET_NOT_SPREADSHEET';
  } finally {
    stream.destroy();
  }
}

async function readCsv(path: string, collector: CampaignRowsCollector): Promise<CampaignRows | CampaignSheetRefusal> {
  let refusal: CampaignSheetRefusal | null = null;
  let row = 0;
  let fields: readonly string[] = [];
  const cellAt = (index: number): SheetCell => fields[index] ?? null;
  try {
    await readCsvRecords(path, (record) => {
      fields = record;
      refusal = collector.add(++row, record.length, cellAt);
      return refusal === null;
    });
  } catch (error) {
    if (error instanceof NotUtf8Error) return 'SHEET_NOT_UTF8';
    return 'FILE_NOT_READABLE';
  }
  return refusal ?? collector.finish();
}

/** An exceljs cell value as the campaign reads it: rich text and links as their text, errors as shown. */
function cellOf(value: ExcelJS.CellValue | undefined): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) {
    const result = cellOf(value.result as ExcelJS.CellValue);
    return {
      formula: ('formula' in value && value.formula) || '…',
      result: typeof result === 'object' && result !== null && !(result instanceof Date) ? null : result,
    };
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellOf(value.text);
  if ('error' in value) return value.error;
  return null;
}

async function firstBytes(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Whether a name is in the file as UTF-16LE, as a compound file's directory spells its streams. */
async function containsUtf16(path: string, name: string): Promise<boolean> {
  const needle = Buffer.from(name, 'utf16le');
  let tail = Buffer.alloc(0);
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const window = Buffer.concat([tail, chunk]);
      if (window.includes(needle)) return true;
      tail = window.subarray(Math.max(0, window.length - needle.length + 1));
    }
    return false;
  } finally {
    stream.destroy();
  }
}
