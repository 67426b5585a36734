import { describe, expect, it } from 'vitest';
import { receiptOf, type ReceiptSource } from '../../../shared/domain/receipt';
import { decodeTaxQr } from '../../../shared/domain/zatca-qr';

const source: ReceiptSource = {
  sale: {
    invoice_no: 41,
    kind: 'invoice',
    original_invoice_no: null,
    created_at: '2026-11-22T15:04:05.123Z',
    gross: 23000,
    discount: 500,
    net: 19565,
    vat: 2935,
    payable: 22500,
    cash: 25000,
    pos: 0,
    pos_reference: null,
    change: 2500,
    lines: [
      { name_en: 'Monthly play', name_ar: 'اللعب الشهري', unit_price: 10000, qty: 2, gross: 20000 },
      { name_en: 'Socks', name_ar: 'جوارب', unit_price: 1500, qty: 2, gross: 3000 },
    ],
  },
  branch: { name_en: 'Main branch', name_ar: 'الفرع الرئيسي', address: 'Riyadh', phone: '0112345678', vat_number: '310122393500003', currency: 'SAR' },
  cashier: { name_en: 'Layla', name_ar: 'ليلى' },
};

describe('the receipt of a sale', () => {
  it('carries the lines, discount, VAT, total, payments and change as sold', () => {
    const receipt = receiptOf(source);
    expect(receipt).toMatchObject({
      kind: 'invoice',
      number: 41,
      refersTo: null,
      totals: { subtotal: 23000, discount: 500, net: 19565, vat: 2935, total: 22500 },
      payments: { cash: 25000, card: 0, change: 2500 },
      seller: { vatNumber: '310122393500003' },
    });
    expect(receipt.lines.map((l) => [l.qty, l.total])).toEqual([
      [2, 20000],
      [2, 3000],
    ]);
  });

  it('its QR holds the seller, VAT number, time, total with VAT and VAT', () => {
    expect(decodeTaxQr(receiptOf(source).qr)).toEqual({
      sellerName: 'الفرع الرئيسي | Main branch',
      vatNumber: '310122393500003',
      timestamp: '2026-11-22T15:04:05Z',
      total: '225.00',
      vatTotal: '29.35',
    });
  });

  it('a credit note refers to the invoice it cancels, with negative amounts', () => {
    const note = receiptOf({ ...source, sale: { ...source.sale, kind: 'credit_note', invoice_no: 42, original_invoice_no: 41, payable: -22500, vat: -2935 } });
    expect(note).toMatchObject({ kind: 'credit_note', refersTo: 41 });
    expect(decodeTaxQr(note.qr)).toMatchObject({ total: '-225.00', vatTotal: '-29.35' });
  });
});
