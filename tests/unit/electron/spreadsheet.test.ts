import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../electron/services/spreadsheet';

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
    const rows = await readFirstSheet(await workbook([['Name EN', 'Name AR', 'Price'], ['Juice', 'عصير', 7.5], ['Double', 'مضاعف', null], [null, 'غني', 3]]));
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
});
