import { describe, expect, it } from 'vitest';
import { encodeTaxQr, qrAmount } from '../../../shared/domain/zatca-qr';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';

describe('the simplified tax invoice QR (ZATCA phase 1)', () => {
  const fields = {
    sellerName: 'مركز اللعب — الفرع الرئيسي',
    vatNumber: '310122393500003',
    timestamp: '2026-11-22T18:30:00Z',
    total: '115.00',
    vatTotal: '15.00',
  };

  it('decodes back to its five fields, Arabic seller name included', () => {
    expect(decodeTaxQr(encodeTaxQr(fields))).toEqual(fields);
  });

  it('is tag, length in bytes, UTF-8 value, in order 1 to 5', () => {
    const bytes = Buffer.from(encodeTaxQr({ ...fields, sellerName: 'Bobs Records' }), 'base64');
    expect([...bytes.subarray(0, 14)]).toEqual([1, 12, ...Buffer.from('Bobs Records')]);
    expect(bytes[14]).toBe(2);
    expect(bytes[15]).toBe(15);
    const arabic = Buffer.from(encodeTaxQr(fields), 'base64');
    expect(arabic[1]).toBe(Buffer.byteLength(fields.sellerName));
  });

  it('matches the reference encoding of the ZATCA guide’s example', () => {
    // Seller "Bobs Records", VAT 310122393500003, 2022-04-25T15:30:00Z, total 1000.00, VAT 150.00.
    expect(
      encodeTaxQr({
        sellerName: 'Bobs Records',
        vatNumber: '310122393500003',
        timestamp: '2022-04-25T15:30:00Z',
        total: '1000.00',
        vatTotal: '150.00',
      }),
    ).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('cuts a seller name over 255 bytes at a character boundary', () => {
    const long = 'ب'.repeat(200);
    const decoded = decodeTaxQr(encodeTaxQr({ ...fields, sellerName: long }));
    expect(Buffer.byteLength(decoded.sellerName)).toBeLessThanOrEqual(255);
    expect(long.startsWith(decoded.sellerName)).toBe(true);
    expect(decoded.vatNumber).toBe(fields.vatNumber);
  });

  it('writes amounts with two decimals', () => {
    expect([qrAmount(11500), qrAmount(5), qrAmount(0), qrAmount(-2850)]).toEqual(['115.00', '0.05', '0.00', '-28.50']);
  });
});
