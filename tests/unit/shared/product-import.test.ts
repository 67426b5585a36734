import { describe, expect, it } from 'vitest';
import { checkProductRows } from '../../../shared/domain/product-import';

describe('checking a products spreadsheet', () => {
  it('accepts good rows in either language of header, with defaults, and reports bad rows by their sheet row', () => {
    const result = checkProductRows([
      ['Name EN', 'الاسم بالعربية', 'Price', 'VAT %', 'Price includes VAT', 'Stock', 'Colour'],
      ['Orange juice', 'عصير برتقال', 7.5, 15, 'yes', 40, 'orange'],
      ['Socks', 'جوارب', '15', '', 'no', '', ''],
      [null, null, null, null, null, null, null],
      ['', 'بلا اسم', 5, 15, 'yes', 1, ''],
      ['Cake', 'كعكة', 'ten', 15, 'maybe', -3, ''],
      ['Water', 'ماء', 1.999, 15, 'yes', 1, ''],
    ]);
    expect(result.accepted).toEqual([
      { name_en: 'Orange juice', name_ar: 'عصير برتقال', price: 750, vat_percent: 15, included: 1, stock: 40 },
      { name_en: 'Socks', name_ar: 'جوارب', price: 1500, vat_percent: 15, included: 2, stock: 0 },
    ]);
    expect(result.rejected).toEqual([
      { row: 5, errors: [{ path: 'name_en', message: 'FIELD_TOO_SHORT' }] },
      {
        row: 6,
        errors: [
          { path: 'price', message: 'FIELD_INVALID' },
          { path: 'included', message: 'FIELD_INVALID' },
          { path: 'stock', message: 'FIELD_TOO_SMALL' },
        ],
      },
      { row: 7, errors: [{ path: 'price', message: 'FIELD_INVALID' }] },
    ]);
    expect(result.unknownColumns).toEqual(['Colour']);
  });

  it('an empty sheet has nothing to import', () => {
    expect(checkProductRows([])).toEqual({ accepted: [], rejected: [], unknownColumns: [] });
  });
});
