import { formatMoney } from '../../../shared/domain/money';
import { dayIn } from '../../../shared/domain/time-zone';

interface InvoiceFacts {
  invoice_no: number;
  kind: 'invoice' | 'credit_note';
  payable: number;
  created_at: Date | string;
}

/** The invoice SMS, in English then Arabic: the parent's phone shows whichever they read. */
export function invoiceText(
  sale: InvoiceFacts,
  branch: { name_en: string; name_ar: string; currency: string; time_zone: string },
): string {
  const day = dayIn(branch.time_zone, new Date(sale.created_at));
  const note = sale.kind === 'credit_note';
  return [
    `${branch.name_en}: ${note ? 'credit note' : 'invoice'} #${sale.invoice_no} of ${day}, total ${endSentence(formatMoney(sale.payable, 'en', branch.currency))} Thank you!`,
    `${branch.name_ar}: ${note ? 'إشعار دائن' : 'فاتورة'} رقم ${sale.invoice_no} بتاريخ ${day}، الإجمالي ${endSentence(formatMoney(sale.payable, 'ar', branch.currency))} شكراً لزيارتكم!`,
  ].join('\n');
}

/**
 * A sentence ending in the amount: its full stop, unless the amount already ends in one, as the
 * Arabic riyal's abbreviation does ("ر.س." and a direction mark): a second would read "ر.س..".
 */
function endSentence(amount: string): string {
  return /\.[\u200e\u200f]*$/.test(amount) ? amount : `${amount}.`;
}
