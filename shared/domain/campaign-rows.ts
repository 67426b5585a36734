import { z } from 'zod';
import { campaignSheetKeys } from '../api/keys';
import { toE164 } from './mobile';

/**
 * A promotion campaign's spreadsheet (issue 23): one row a parent, a header row naming the columns in
 * English or Arabic. Only the mobile column is required; each row that cannot be sent is kept with its
 * row number, as the file shows it, and why.
 */

/** Rows a campaign file may have, its header row not counted. */
export const MAX_CAMPAIGN_ROWS = 100_000;
/** Columns a campaign file may use; it reads three, the rest leaves room for a manager's notes. */
export const MAX_CAMPAIGN_COLUMNS = 100;
/** A name is for a message's {name} or {kid}; a longer cell is cut here rather than the row lost. */
export const MAX_CAMPAIGN_TEXT = 100;
/**
 * A campaign's file is kept with it in the file store (spec 7). 100,000 rows with Arabic names come to
 * about 5 MB as a CSV and 3 MB as an .xlsx: twice that leaves room for a manager's extra columns.
 */
export const MAX_CAMPAIGN_FILE_BYTES = 10 * 1024 * 1024;
export const CAMPAIGN_SHEET_EXTENSIONS = ['xlsx', 'csv'] as const;

/** An .xlsx is a zip, whose first entry starts so. */
export const isZip = (head: Uint8Array): boolean =>
  head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** Text, as a CSV is: no control characters but tab and line ends. Looked at in a file's first bytes. */
export const isText = (head: Uint8Array): boolean => !head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20));

export const campaignProblemReasons = ['INVALID_MOBILE', 'DUPLICATE', 'EMPTY', 'FORMULA', 'DATE'] as const;
export type CampaignProblemReason = (typeof campaignProblemReasons)[number];

/** Why a whole file is refused (nothing of it is kept). */
export type CampaignSheetRefusal = (typeof campaignSheetKeys)[number];

const rowNumber = z.number().int().positive();
const cellText = z.string().max(MAX_CAMPAIGN_TEXT).nullable();

export const campaignRowSchema = z.object({
  row: rowNumber,
  /** E.164, read in the branch's country. */
  mobile: z.string().regex(/^\+[1-9][0-9]{6,14}$/),
  name: cellText,
  kid: cellText,
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const campaignProblemSchema = z.object({
  row: rowNumber,
  /** The mobile cell as the file shows it ('' when empty; a formula with its '='). */
  typed: z.string().max(MAX_CAMPAIGN_TEXT),
  reason: z.enum(campaignProblemReasons),
  name: cellText,
  kid: cellText,
  /** DUPLICATE: the earlier row with the same number, the one kept. */
  duplicateOf: rowNumber.optional(),
});
export type CampaignProblem = z.infer<typeof campaignProblemSchema>;

export const campaignRowsSchema = z.object({
  headerRow: rowNumber,
  /** The header cells the columns were found by, as typed. */
  columns: z.object({ mobile: z.string(), name: z.string().nullable(), kid: z.string().nullable() }),
  rows: z.array(campaignRowSchema).max(MAX_CAMPAIGN_ROWS),
  problems: z.array(campaignProblemSchema).max(MAX_CAMPAIGN_ROWS),
});
export type CampaignRows = z.infer<typeof campaignRowsSchema>;

/** How reading a campaign file ended: its rows, or a key saying why nothing of it is kept. */
export const campaignSheetOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('read'), sheet: campaignRowsSchema }),
  z.object({ status: z.literal('refused'), key: z.enum(campaignSheetKeys) }),
]);
export type CampaignSheetOutcome = z.infer<typeof campaignSheetOutcomeSchema>;

/** A cell as a reader hands it over. A formula keeps its text: a mobile must not be one. */
export type SheetCell = string | number | boolean | Date | SheetFormula | null;
export interface SheetFormula {
  formula: string;
  result: string | number | boolean | Date | null;
}

type Role = 'mobile' | 'name' | 'kid';

/** Header cells compared without case, spaces, punctuation, Arabic diacritics or hamza forms. */
function headerKey(cell: string): string {
  return cell
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const HEADERS = new Map<string, Role>(
  (
    [
      [
        'mobile',
        [
          'mobile',
          'mobile number',
          'mobile no',
          'phone',
          'phone number',
          'phone no',
          'cell',
          'cell phone',
          'telephone',
          'tel',
          'parent mobile',
          "parent's mobile",
          'جوال',
          'الجوال',
          'رقم الجوال',
          'جوال ولي الأمر',
          'رقم جوال ولي الأمر',
          'هاتف',
          'الهاتف',
          'رقم الهاتف',
          'موبايل',
          'الموبايل',
          'رقم الموبايل',
          'محمول',
          'المحمول',
        ],
      ],
      [
        'name',
        [
          'name',
          'parent',
          'parent name',
          "parent's name",
          'guardian',
          'guardian name',
          'full name',
          'customer',
          'customer name',
          'الاسم',
          'اسم',
          'ولي الأمر',
          'اسم ولي الأمر',
          'العميل',
          'اسم العميل',
        ],
      ],
      [
        'kid',
        [
          'kid',
          'kid name',
          "kid's name",
          'child',
          'child name',
          "child's name",
          'اسم الطفل',
          'الطفل',
          'طفل',
          'اسم الطفلة',
          'الطفلة',
          'اسم الابن',
        ],
      ],
    ] as const
  ).flatMap(([role, names]) => names.map((name) => [headerKey(name), role] as const)),
);

/**
 * Takes a file's rows one by one, in order, and keeps only what is returned: the rows to send, the
 * problems, and the numbers seen (for duplicates). A reader stops as soon as `add` answers a refusal.
 */
export class CampaignRowsCollector {
  private headerRow = 0;
  private columns: Record<Role, number> = { mobile: -1, name: -1, kid: -1 };
  private headers: Record<Role, string | null> = { mobile: null, name: null, kid: null };
  private readonly rows: CampaignRow[] = [];
  private readonly problems: CampaignProblem[] = [];
  private readonly seen = new Map<string, number>();
  /** Blank rows since the last row with something in it: shown as EMPTY only if a row follows them. */
  private blankFrom = 0;
  private blankTo = 0;
  private lastRow = 0;

  constructor(private readonly country: string) {}

  /**
   * One row of the file: its number as the file shows it, how many cells it spans, and its cells
   * (read during the call only, so a reader can hand over its own buffers).
   */
  add(row: number, width: number, cellAt: (index: number) => SheetCell): CampaignSheetRefusal | null {
    if (width > MAX_CAMPAIGN_COLUMNS) return 'CAMPAIGN_SHEET_TOO_LARGE';
    // An .xlsx leaves its empty rows out: the rows skipped since the last one are blank.
    if (row > this.lastRow + 1) this.blank(this.lastRow + 1, row - 1);
    this.lastRow = row;
    let blank = true;
    for (let i = 0; i < width && blank; i++) blank = isBlank(cellAt(i));
    if (blank) {
      this.blank(row, row);
      return null;
    }
    // By the row's number, not by a count: a file may claim row 5,000,000 with nothing before it.
    if (row > Math.max(this.headerRow, 1) + MAX_CAMPAIGN_ROWS) return 'CAMPAIGN_SHEET_TOO_LARGE';
    if (this.headerRow === 0) return this.readHeader(row, width, cellAt);
    if (this.blankFrom > 0) {
      for (let r = this.blankFrom; r <= this.blankTo; r++)
        this.problems.push({ row: r, typed: '', reason: 'EMPTY', name: null, kid: null });
      this.blankFrom = 0;
    }
    this.readRow(row, cellAt);
    return null;
  }

  private blank(from: number, to: number): void {
    if (this.headerRow === 0) return;
    if (this.blankFrom === 0) this.blankFrom = from;
    this.blankTo = to;
  }

  /** What was read; trailing blank rows are left out, as a sheet's end is not a row. */
  finish(): CampaignRows | CampaignSheetRefusal {
    if (this.headerRow === 0 || this.rows.length + this.problems.length === 0) return 'SHEET_EMPTY';
    return {
      headerRow: this.headerRow,
      columns: { mobile: this.headers.mobile ?? '', name: this.headers.name, kid: this.headers.kid },
      rows: this.rows,
      problems: this.problems,
    };
  }

  private readHeader(row: number, width: number, cellAt: (index: number) => SheetCell): CampaignSheetRefusal | null {
    for (let i = 0; i < width; i++) {
      const typed = textOf(cellAt(i));
      const role = typed === null ? undefined : HEADERS.get(headerKey(typed));
      // The leftmost column of a kind wins: a second 'Phone' is a manager's note, not another campaign.
      if (role && this.columns[role] < 0) {
        this.columns[role] = i;
        this.headers[role] = typed;
      }
    }
    if (this.columns.mobile < 0) return 'SHEET_NO_MOBILE_COLUMN';
    this.headerRow = row;
    return null;
  }

  private readRow(row: number, cellAt: (index: number) => SheetCell): void {
    const name = this.columns.name < 0 ? null : textOf(cellAt(this.columns.name));
    const kid = this.columns.kid < 0 ? null : textOf(cellAt(this.columns.kid));
    const cell = cellAt(this.columns.mobile);
    const read = mobileOf(cell, this.country);
    if (typeof read !== 'string') {
      this.problems.push({ row, typed: typedOf(cell), reason: read.reason, name, kid });
      return;
    }
    const first = this.seen.get(read);
    if (first !== undefined) {
      this.problems.push({ row, typed: typedOf(cell), reason: 'DUPLICATE', name, kid, duplicateOf: first });
      return;
    }
    this.seen.set(read, row);
    this.rows.push({ row, mobile: read, name, kid });
  }
}

/**
 * A mobile cell as E.164, or why it is not one. Excel keeps a typed 0501234567 as the number
 * 501234567 (or 9.66501234567E11 for 00966…): its digits are the number without its leading zeros,
 * which the branch's country reads back.
 */
function mobileOf(cell: SheetCell, country: string): string | { reason: CampaignProblemReason } {
  if (isBlank(cell)) return { reason: 'EMPTY' };
  if (cell instanceof Date) return { reason: 'DATE' };
  if (isFormula(cell) || (typeof cell === 'string' && cell.trimStart().startsWith('='))) return { reason: 'FORMULA' };
  const typed =
    typeof cell === 'number' && Number.isSafeInteger(cell) && cell > 0
      ? String(cell)
      : typeof cell === 'string' && cell.length <= 40
        ? cell
        : null;
  return (typed === null ? null : toE164(typed, country)) ?? { reason: 'INVALID_MOBILE' };
}

function isFormula(cell: SheetCell): cell is SheetFormula {
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date);
}

function isBlank(cell: SheetCell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

/** A name cell as text: a formula by its result, a date as its day. */
function textOf(cell: SheetCell): string | null {
  if (isFormula(cell)) return textOf(cell.result);
  if (cell === null) return null;
  const text = (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).trim();
  return text === '' ? null : text.slice(0, MAX_CAMPAIGN_TEXT);
}

/** The mobile cell as the file shows it, for the manager to find and fix. */
function typedOf(cell: SheetCell): string {
  const text = isFormula(cell) ? `=${cell.formula.replace(/^=/, '')}` : (textOf(cell) ?? '');
  return text.slice(0, MAX_CAMPAIGN_TEXT);
}
