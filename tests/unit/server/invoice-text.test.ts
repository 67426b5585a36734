import { describe, expect, it } from 'vitest';
import { invoiceText } from '../../../server/modules/sales/invoice-text';

const sale = { invoice_no: 7, kind: 'invoice' as const, payable: 1250, created_at: '2026-03-01T10:00:00Z' };
const branch = { name_en: 'Main', name_ar: 'الرئيسي', time_zone: 'Asia/Riyadh' };
/** The text with the direction marks a phone does not show taken out. */
const shown = (text: string) => text.replace(/[\u200e\u200f]/g, '');

describe('the invoice text message', () => {
  it('ends the Arabic total in riyals with one full stop, not “ر.س..”', () => {
    const arabic = shown(invoiceText(sale, { ...branch, currency: 'SAR' }).split('\n')[1]!);
    expect(arabic).toContain('ر.س. شكراً لزيارتكم!');
    expect(arabic).not.toContain('..');
  });

  it('a currency whose sign has no full stop still ends its sentence with one, in both languages', () => {
    const [english, arabic] = invoiceText(sale, { ...branch, currency: 'GBP' })
      .split('\n')
      .map(shown);
    expect(english).toContain('£12.50. Thank you!');
    expect(arabic).toMatch(/12\.50\sUK£\. شكراً لزيارتكم!$/);
  });
});
