import { z } from 'zod';
import { parseAtEdge } from '../api/validation';
import type { FieldError } from '../api/envelope';
import { TAX_EXCLUDED, TAX_INCLUDED } from './money';

/**
 * A products spreadsheet: one row a product, a header row naming the columns in English or Arabic.
 * Prices are typed in riyals (7.50) and kept in halalas.
 */
const HEADERS: Record<string, keyof ProductImportRow> = {
  'name en': 'name_en',
  'name (english)': 'name_en',
  'الاسم بالإنجليزية': 'name_en',
  'name ar': 'name_ar',
  'name (arabic)': 'name_ar',
  'الاسم بالعربية': 'name_ar',
  price: 'price',
  السعر: 'price',
  'vat %': 'vat_percent',
  vat: 'vat_percent',
  'الضريبة %': 'vat_percent',
  'price includes vat': 'included',
  'شامل الضريبة': 'included',
  stock: 'stock',
  المخزون: 'stock',
};

const yes = new Set(['yes', 'y', 'true', '1', 'included', 'نعم', 'شامل']);
const no = new Set(['no', 'n', 'false', '0', '2', 'excluded', 'لا', 'غير شامل']);

export const productImportRow = z.object({
  name_en: z.string().trim().min(1).max(120),
  name_ar: z.string().trim().min(1).max(120),
  /** Halalas. */
  price: z.number().int().min(0).max(1_000_000_000),
  vat_percent: z.number().min(0).max(100),
  included: z.union([z.literal(TAX_INCLUDED), z.literal(TAX_EXCLUDED)]),
  stock: z.number().int().min(0).max(1_000_000),
});
export type ProductImportRow = z.infer<typeof productImportRow>;

export interface ImportCheck {
  accepted: ProductImportRow[];
  /** `row` is the sheet's row number, as the manager sees it in Excel. */
  rejected: { row: number; errors: FieldError[] }[];
  /** Header cells that name no known column (likely a typo). */
  unknownColumns: string[];
}

/** Checks every row of a sheet (header first) and splits it into accepted and rejected rows. */
export function checkProductRows(sheet: readonly (readonly unknown[])[]): ImportCheck {
  const [header = [], ...rows] = sheet;
  const columns = header.map(
    (cell) =>
      HEADERS[
        String(cell ?? '')
          .trim()
          .toLowerCase()
      ] ?? null,
  );
  const unknownColumns = header.filter((_, i) => columns[i] === null).map((c) => String(c ?? ''));
  const result: ImportCheck = { accepted: [], rejected: [], unknownColumns };
  rows.forEach((cells, index) => {
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === '')) return;
    const raw: Record<string, unknown> = {};
    columns.forEach((key, i) => {
      if (key) raw[key] = cells[i];
    });
    const parsed = parseAtEdge(productImportRow, {
      name_en: text(raw.name_en),
      name_ar: text(raw.name_ar),
      price: money(raw.price),
      vat_percent:
        raw.vat_percent === undefined || raw.vat_percent === null || raw.vat_percent === ''
          ? 15
          : number(raw.vat_percent),
      included:
        raw.included === undefined || raw.included === null || raw.included === ''
          ? TAX_INCLUDED
          : taxMode(raw.included),
      stock: raw.stock === undefined || raw.stock === null || raw.stock === '' ? 0 : number(raw.stock),
    });
    if (parsed.ok) result.accepted.push(parsed.data);
    else result.rejected.push({ row: index + 2, errors: parsed.errors });
  });
  return result;
}

function text(value: unknown): unknown {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : value;
}

function number(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return value;
  const n = Number(value.replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : value;
}

/** 7.5 riyals → 750 halalas; more than two decimals is a typo, not a price. */
function money(value: unknown): unknown {
  const n = number(value);
  if (typeof n !== 'number') return n;
  const minor = Math.round(n * 100);
  return Math.abs(minor - n * 100) < 1e-6 ? minor : n;
}

function taxMode(value: unknown): unknown {
  const v = String(value).trim().toLowerCase();
  if (yes.has(v)) return TAX_INCLUDED;
  if (no.has(v)) return TAX_EXCLUDED;
  return value;
}
