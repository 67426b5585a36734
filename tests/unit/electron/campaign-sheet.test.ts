import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readCampaignSheet } from '../../../electron/services/campaign-sheet';
import {
  campaignSheetOutcomeSchema,
  MAX_CAMPAIGN_COLUMNS,
  MAX_CAMPAIGN_ROWS,
  type CampaignRows,
  type CampaignSheetOutcome,
} from '../../../shared/domain/campaign-rows';
import { campaignSheetKeys } from '../../../shared/api/keys';
import { compoundFile, excelWorkbook, handMadeXlsx, inline } from '../../fixtures/campaign-sheets';
import en from '../../../locales/en/errors.json';
import ar from '../../../locales/ar/errors.json';

const dir = mkdtempSync(join(tmpdir(), 'playdesk-campaign-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes the bytes under a name whose extension says nothing true: the content decides. */
function file(bytes: Buffer | string, extension = 'dat'): string {
  const path = join(dir, `file-${++files}.${extension}`);
  writeFileSync(path, bytes);
  return path;
}

async function read(bytes: Buffer | string, country = 'SA'): Promise<CampaignRows> {
  const outcome = await readCampaignSheet(file(bytes), country);
  // What crosses to the page later must pass the schema it will be checked with.
  expect(campaignSheetOutcomeSchema.parse(outcome)).toEqual(outcome);
  if (outcome.status !== 'read') throw new Error(`refused: ${outcome.key}`);
  return outcome.sheet;
}

async function refusal(bytes: Buffer | string): Promise<string> {
  const outcome: CampaignSheetOutcome = await readCampaignSheet(file(bytes), 'SA');
  return outcome.status === 'refused' ? outcome.key : `read ${outcome.sheet.rows.length} rows`;
}

const mobiles = (sheet: CampaignRows) => sheet.rows.map((r) => [r.row, r.mobile]);
const problems = (sheet: CampaignRows) => sheet.problems.map((p) => [p.row, p.reason, p.typed]);

describe('a campaign spreadsheet saved by Excel', () => {
  it('reads every form of a Saudi mobile, keeps Arabic names, and says why each other row cannot be sent', async () => {
    const sheet = await read(
      await excelWorkbook([
        [' MOBILE  Number ', "Parent's name", 'KID'],
        ['0501234567', 'سارة القحطاني', 'ليان'],
        ['+966 50 123 4568', 'Omar', 'Yousef'],
        ['00966501234569', 'نورة', null],
        ['050 123 4570', 'Huda', null],
        [],
        // Typed 0501234571 in a number cell: Excel keeps 501234571.
        [501234571, 'رقم من Excel', null],
        // 00966501234572 typed in a number cell: 9.66501234572E11.
        [9.66501234572e11, 'Exponent', null],
        ['0501234567', 'Twice', null],
        ['12345', 'Short', null],
        [{ formula: 'B2&""', result: '0501234573' }, 'Formula', null],
        [new Date(Date.UTC(2024, 0, 5)), 'Date', null],
        [null, 'No mobile', 'طفل'],
      ]),
    );
    expect(sheet.headerRow).toBe(1);
    expect(sheet.columns).toEqual({ mobile: 'MOBILE  Number', name: "Parent's name", kid: 'KID' });
    expect(sheet.rows).toEqual([
      { row: 2, mobile: '+966501234567', name: 'سارة القحطاني', kid: 'ليان' },
      { row: 3, mobile: '+966501234568', name: 'Omar', kid: 'Yousef' },
      { row: 4, mobile: '+966501234569', name: 'نورة', kid: null },
      { row: 5, mobile: '+966501234570', name: 'Huda', kid: null },
      { row: 7, mobile: '+966501234571', name: 'رقم من Excel', kid: null },
      { row: 8, mobile: '+966501234572', name: 'Exponent', kid: null },
    ]);
    expect(sheet.problems).toEqual([
      { row: 6, typed: '', reason: 'EMPTY', name: null, kid: null },
      { row: 9, typed: '0501234567', reason: 'DUPLICATE', name: 'Twice', kid: null, duplicateOf: 2 },
      { row: 10, typed: '12345', reason: 'INVALID_MOBILE', name: 'Short', kid: null },
      { row: 11, typed: '=B2&""', reason: 'FORMULA', name: 'Formula', kid: null },
      { row: 12, typed: '2024-01-05', reason: 'DATE', name: 'Date', kid: null },
      { row: 13, typed: '', reason: 'EMPTY', name: 'No mobile', kid: 'طفل' },
    ]);
  });
});

describe('a campaign workbook of several sheets, saved sheets first (as Excel and exceljs save them)', () => {
  const workbook = () =>
    excelWorkbook(
      [
        ['Mobile', 'Name'],
        ['0501234567', 'سارة'],
      ],
      [['Mobile'], ['0501234599']],
      [['Notes'], ['call back']],
    );

  it("reads the first sheet only, and leaves no copy of the parents' numbers in the temporary folder", async () => {
    const path = file(await workbook());
    // exceljs copies a sheet stored before the shared strings to the temporary folder, named by tmp
    // as tmp-<pid>-…: this process's copies are told apart from any other program's.
    const copies = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    expect(copies()).toEqual([]);
    const outcome = await readCampaignSheet(path, 'SA');
    expect(outcome.status === 'read' && mobiles(outcome.sheet)).toEqual([[2, '+966501234567']]);
    // A copy is deleted in the background once let go (tmp unlinks it asynchronously).
    await vi.waitFor(() => expect(copies()).toEqual([]), { timeout: 10_000 });
  });

  it('is read whole however long the temporary folder takes to answer', async () => {
    // A deeper temporary folder is slower to resolve: unzipper then ended the workbook's entries
    // while exceljs was still copying a sheet, and the file read as no spreadsheet most times.
    const slow = join(mkdtempSync(join(dir, 'tmp-')), 'a', 'b', 'c');
    mkdirSync(slow, { recursive: true });
    const path = file(await workbook());
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = slow;
    try {
      const outcomes = [];
      for (let i = 0; i < 10; i++) outcomes.push((await readCampaignSheet(path, 'SA')).status);
      expect(outcomes).toEqual(Array(10).fill('read'));
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe('a campaign spreadsheet saved by LibreOffice (shared strings, a date style, shared formulas)', () => {
  const strings = ['رقم الجوال', 'ولي الأمر', 'اسم الطفل', '0501234567', 'سارة', 'ليان', 'عمر', 'ملاحظة'];
  const s = (ref: string, i: number) => `<c r="${ref}" s="0" t="s"><v>${i}</v></c>`;

  it('finds the Arabic header under a blank first row and reads rows as the file numbers them', async () => {
    const sheet = await read(
      await handMadeXlsx(
        [
          '<row r="1" customFormat="false" ht="12.8" hidden="false"><c r="A1" s="0"/></row>',
          `<row r="2" spans="1:3">${s('A2', 0)}${s('B2', 1)}${s('C2', 2)}</row>`,
          `<row r="3" spans="1:3">${s('A3', 3)}${s('B3', 4)}${s('C3', 5)}</row>`,
          `<row r="4" spans="1:3"><c r="A4" s="0" t="n"><v>501234568</v></c>${s('B4', 6)}</row>`,
          '<row r="5" spans="1:3"><c r="A5" s="0"/><c r="B5" s="0"/></row>',
          `<row r="6" spans="1:3"><c r="A6" s="1" t="n"><v>45296</v></c>${s('B6', 6)}</row>`,
          '<row r="7" spans="1:3"><c r="A7" s="0" t="str"><f t="shared" ref="A7:A8" si="0">CONCATENATE("05";"01234569")</f><v>0501234569</v></c></row>',
          '<row r="8" spans="1:3"><c r="A8" s="0" t="str"><f t="shared" si="0"/><v>0501234569</v></c></row>',
          `<row r="9" spans="1:4">${s('A9', 3)}${s('D9', 7)}</row>`,
          '<row r="10" spans="1:3"><c r="A10" s="0"/></row>',
          '<row r="11"/>',
        ].join(''),
        strings,
      ),
    );
    expect(sheet.headerRow).toBe(2);
    expect(sheet.columns).toEqual({ mobile: 'رقم الجوال', name: 'ولي الأمر', kid: 'اسم الطفل' });
    expect(sheet.rows).toEqual([
      { row: 3, mobile: '+966501234567', name: 'سارة', kid: 'ليان' },
      { row: 4, mobile: '+966501234568', name: 'عمر', kid: null },
    ]);
    // The trailing blank rows (10, 11) are the sheet's end, not rows.
    expect(problems(sheet)).toEqual([
      [5, 'EMPTY', ''],
      [6, 'DATE', '2024-01-05'],
      [7, 'FORMULA', '=CONCATENATE("05";"01234569")'],
      [8, 'FORMULA', '=…'],
      [9, 'DUPLICATE', '0501234567'],
    ]);
  });

  it('reads a hand-made file with inline strings and no shared strings', async () => {
    const sheet = await read(
      await handMadeXlsx(
        [
          `<row r="1">${inline('A1', 'الاسم')}${inline('B1', 'جوال')}${inline('C1', 'الطفل')}</row>`,
          `<row r="2">${inline('A2', 'فهد')}${inline('B2', '٠٥٠١٢٣٤٥٦٧')}${inline('C2', 'ريم')}</row>`,
          `<row r="3">${inline('A3', 'Khalid')}${inline('B3', '+9665 0123 4568')}</row>`,
          `<row r="5">${inline('A5', 'Reem')}${inline('B5', 'not a number')}</row>`,
        ].join(''),
      ),
    );
    expect(sheet.columns).toEqual({ mobile: 'جوال', name: 'الاسم', kid: 'الطفل' });
    expect(sheet.rows).toEqual([
      { row: 2, mobile: '+966501234567', name: 'فهد', kid: 'ريم' },
      { row: 3, mobile: '+966501234568', name: 'Khalid', kid: null },
    ]);
    expect(problems(sheet)).toEqual([
      [4, 'EMPTY', ''],
      [5, 'INVALID_MOBILE', 'not a number'],
    ]);
  });
});

describe('a campaign CSV', () => {
  it('reads UTF-8 with a BOM and CRLF, quoted commas, quotes and line breaks, as Excel would show its rows', async () => {
    const sheet = await read(
      '\uFEFFMobile,Name,Kid\r\n' +
        '0501234567,"القحطاني, سارة","ليان\r\nونورة"\r\n' +
        '"+966 50 123 4568",عمر,\r\n' +
        '\r\n' +
        '009665 0123 4569,"Huda ""the great""",\r\n' +
        '0501234567,Twice,\r\n' +
        '=0501234570,Formula,\r\n' +
        ',,\r\n' +
        '\r\n',
    );
    expect(sheet.rows).toEqual([
      { row: 2, mobile: '+966501234567', name: 'القحطاني, سارة', kid: 'ليان\r\nونورة' },
      { row: 3, mobile: '+966501234568', name: 'عمر', kid: null },
      { row: 5, mobile: '+966501234569', name: 'Huda "the great"', kid: null },
    ]);
    expect(sheet.problems).toEqual([
      { row: 4, typed: '', reason: 'EMPTY', name: null, kid: null },
      { row: 6, typed: '0501234567', reason: 'DUPLICATE', name: 'Twice', kid: null, duplicateOf: 2 },
      { row: 7, typed: '=0501234570', reason: 'FORMULA', name: 'Formula', kid: null },
    ]);
  });

  it('reads UTF-8 without a BOM, LF or lone CR line ends, and semicolons where Excel writes them', async () => {
    const sheet = await read('اسم الطفل;الجوال\n"ليان";0501234567\rنورة;050-123-4568');
    expect(sheet.columns).toEqual({ mobile: 'الجوال', name: null, kid: 'اسم الطفل' });
    expect(mobiles(sheet)).toEqual([
      [2, '+966501234567'],
      [3, '+966501234568'],
    ]);
    expect(sheet.rows.map((r) => r.kid)).toEqual(['ليان', 'نورة']);
  });

  it('keeps a doubled quote and a CRLF that fall across the 64 KiB chunks it is read in', async () => {
    const chunk = 64 * 1024;
    // Row 2's doubled quote is split between the first chunk and the second…
    let text = 'Note,Mobile,Name\n"';
    text += `${'x'.repeat(chunk - text.length - '",0501234567,"a"'.length)}",0501234567,"a"`;
    text += '"b\r\nc"\n"';
    // …and row 3's CR ends the second chunk, its LF starts the third.
    text += `${'y'.repeat(2 * chunk - text.length - '",0501234568,n\r'.length)}",0501234568,n\r`;
    text += '\n,0501234569,m\n';
    const sheet = await read(text);
    expect(sheet.rows.map((r) => [r.row, r.name])).toEqual([
      [2, 'a"b\r\nc'],
      [3, 'n'],
      [4, 'm'],
    ]);
    expect(sheet.problems).toEqual([]);
  });

  it("reads mobiles in the branch's country", async () => {
    expect(mobiles(await read('Phone\n0501234567\n', 'AE'))).toEqual([[2, '+971501234567']]);
  });
});

describe('a file that cannot be a campaign', () => {
  it('is refused with a key, whatever its name says, and nothing of it is returned', async () => {
    const docx = new JSZip();
    docx.file('word/document.xml', '<w:document/>');
    const ods = new JSZip();
    ods.file('mimetype', 'application/vnd.oasis.opendocument.spreadsheet');
    ods.file('content.xml', '<office:document-content/>');
    const xlsx = await excelWorkbook([['Mobile'], ['0501234567']]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await refusal(png)).toBe('SHEET_NOT_SPREADSHEET');
    expect(await refusal(await docx.generateAsync({ type: 'nodebuffer' }))).toBe('SHEET_NOT_SPREADSHEET');
    expect(await refusal(await ods.generateAsync({ type: 'nodebuffer' }))).toBe('SHEET_NOT_SPREADSHEET');
    expect(await refusal(xlsx.subarray(0, xlsx.length >> 1))).toBe('SHEET_NOT_SPREADSHEET');
    expect(await refusal(compoundFile(['Workbook', 'SummaryInformation']))).toBe('SHEET_NOT_SPREADSHEET');
    expect(await refusal(compoundFile(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage']))).toBe(
      'SHEET_PASSWORD_PROTECTED',
    );
    // Excel's plain 'CSV' on an Arabic Windows is windows-1256: جوال, a line break, 0501.
    expect(await refusal(Buffer.from([0xcc, 0xe6, 0xc7, 0xe1, 0x0a, 0x30, 0x35, 0x30, 0x31]))).toBe('SHEET_NOT_UTF8');
    expect(await refusal('')).toBe('SHEET_EMPTY');
    expect(await refusal('\uFEFF\r\n\r\n')).toBe('SHEET_EMPTY');
    expect(await refusal('Mobile,Name\r\n')).toBe('SHEET_EMPTY');
    expect(await refusal(await excelWorkbook([['الجوال', 'الاسم']]))).toBe('SHEET_EMPTY');
    expect(await refusal('Name,Email\nSara,sara@example.com\n')).toBe('SHEET_NO_MOBILE_COLUMN');
    expect(await refusal(await excelWorkbook([['الاسم'], ['0501234567']]))).toBe('SHEET_NO_MOBILE_COLUMN');
  });

  it('is refused when it cannot be opened', async () => {
    const folder = join(dir, 'a-folder.xlsx');
    mkdirSync(folder);
    for (const path of [join(dir, 'gone.xlsx'), folder])
      expect(await readCampaignSheet(path, 'SA')).toEqual({ status: 'refused', key: 'FILE_NOT_READABLE' });
  });

  it(`takes ${MAX_CAMPAIGN_ROWS.toLocaleString('en')} rows and stops reading at the next one`, async () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `05${10_000_000 + i}`).join('\n');
    expect((await read(`Mobile\n${rows(MAX_CAMPAIGN_ROWS)}\n\n\n`)).rows).toHaveLength(MAX_CAMPAIGN_ROWS);
    // Bytes that are not UTF-8 two chunks past the row over the limit: read on, they would be SHEET_NOT_UTF8.
    const over = Buffer.concat([
      Buffer.from(`Mobile\n${rows(MAX_CAMPAIGN_ROWS + 1)}\n${'0501234567\n'.repeat(12_000)}`),
      Buffer.from([0xff, 0xfe]),
    ]);
    expect(await refusal(over)).toBe('CAMPAIGN_SHEET_TOO_LARGE');
    // A ceiling, not a verdict on speed: 200,000 numbers are read here, past the 5 s default on a busy machine.
  }, 120_000);

  it.each([
    ['a row numbered 5,000,000', `<row r="5000000">${inline('A5000000', '0501234567')}</row>`],
    ['a cell in the last column (XFD)', `<row r="2">${inline('XFD2', '0501234567')}</row>`],
  ])('is refused for %s before the rows it claims are laid out', async (_what, rowXml) => {
    const bytes = await handMadeXlsx(`<row r="1">${inline('A1', 'Mobile')}</row>${rowXml}`);
    expect(bytes.length).toBeLessThan(16 * 1024);
    const before = process.memoryUsage().heapUsed;
    const key = await refusal(bytes);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    expect(key).toBe('CAMPAIGN_SHEET_TOO_LARGE');
  });

  it('is read when the far row is blank: the end of a sheet, not a row', async () => {
    const sheet = await read(
      await handMadeXlsx(
        `<row r="1">${inline('A1', 'Mobile')}</row><row r="2">${inline('A2', '0501234567')}</row><row r="5000000"/>`,
      ),
    );
    expect(mobiles(sheet)).toEqual([[2, '+966501234567']]);
    expect(sheet.problems).toEqual([]);
  });

  it(`is refused with more than ${MAX_CAMPAIGN_COLUMNS} columns`, async () => {
    expect(await refusal(`Mobile${','.repeat(MAX_CAMPAIGN_COLUMNS)}\n0501234567\n`)).toBe('CAMPAIGN_SHEET_TOO_LARGE');
    expect(await refusal(`Mobile${','.repeat(MAX_CAMPAIGN_COLUMNS - 1)}\n0501234567\n`)).not.toBe(
      'CAMPAIGN_SHEET_TOO_LARGE',
    );
  });

  it('tells the manager why, in English and Arabic, with the limits', () => {
    for (const key of campaignSheetKeys) {
      expect(en[key], key).toBeTypeOf('string');
      expect(ar[key], key).toMatch(/[\u0600-\u06FF]/);
    }
    for (const text of [en.CAMPAIGN_SHEET_TOO_LARGE, ar.CAMPAIGN_SHEET_TOO_LARGE]) {
      expect(text).toContain(MAX_CAMPAIGN_ROWS.toLocaleString('en'));
      expect(text).toContain(String(MAX_CAMPAIGN_COLUMNS));
    }
  });
});
