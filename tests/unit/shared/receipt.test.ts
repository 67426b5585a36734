import { describe, expect, it } from 'vitest';
import { receiptOf } from '../../../shared/domain/receipt';
import { receiptSource } from '../../fixtures/receipt-source';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';

const source = receiptSource();

describe('the receipt of a sale', () => {
  it('carries the lines, discount, VAT, total, payments and change as sold', () => {
    const receipt = receiptOf(source);
    expect(receipt).toMatchObject({
      kind: 'invoice',
      number: 57,
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

  it('carries what both the A4 and the thermal receipt show: the branch phone and the card terminal reference', () => {
    const receipt = receiptOf(receiptSource({ cash: 0, pos: 22500, change: 0, pos_reference: 'RRN 604123' }));
    expect(receipt.seller.phone).toBe('0112345678');
    expect(receipt.payments).toMatchObject({ card: 22500, cardReference: 'RRN 604123' });
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
    const note = receiptOf(
      receiptSource({ kind: 'credit_note', invoice_no: 58, original_invoice_no: 57, payable: -22500, vat: -2935 }),
    );
    expect(note).toMatchObject({ kind: 'credit_note', refersTo: 57 });
    expect(decodeTaxQr(note.qr)).toMatchObject({ total: '-225.00', vatTotal: '-29.35' });
  });
});
