import type { ShiftSummary } from '../../../shared/api/cashup';
import { formatMoney } from '../../../shared/domain/money';
import { localDateTime } from '../../../shared/domain/time-zone';
import {
  amountRow,
  both,
  centred,
  drawOnPaper,
  rule,
  type Ink,
  type PaperPicture,
  type PaperWidth,
} from './thermal-receipt';

/**
 * A shift's X report (open) or Z report (closed) for the receipt printer, English and Arabic on each
 * line as the receipts are: the float, sales and credit notes by cash and card, the cash expected in
 * the drawer and, once closed, what was counted and the difference.
 */
export function drawShiftReport(shift: ShiftSummary, paper: PaperWidth): PaperPicture {
  const money = (minor: number) => formatMoney(minor, 'en', shift.branch.currency);
  const at = (iso: string) => localDateTime(iso, shift.branch.time_zone);
  const closed = shift.closed_at !== null;
  return drawOnPaper(paper, (ink, size) => {
    centred(ink, shift.branch.name_ar, size(28), true, true);
    centred(ink, shift.branch.name_en, size(22), true);
    rule(ink);
    both(
      ink,
      closed ? 'Z report · shift closed' : 'X report · shift open',
      closed ? 'تقرير Z · وردية مغلقة' : 'تقرير X · وردية مفتوحة',
      size(24),
      true,
    );
    both(ink, `Shift No. ${shift.id}`, `وردية رقم ${shift.id}`, size(20));
    both(ink, shift.cashier.name_en, shift.cashier.name_ar, size(20));
    both(ink, `Opened ${at(shift.opened_at)}`, 'الفتح', size(20));
    both(
      ink,
      closed ? `Closed ${at(shift.closed_at!)}` : `Read ${at(shift.as_of)}`,
      closed ? 'الإغلاق' : 'القراءة',
      size(20),
    );
    rule(ink);
    amountRow(ink, 'Opening float', 'العهدة', money(shift.opening_float), size(22));
    both(ink, `Sales: ${shift.invoices.count}`, `المبيعات: ${shift.invoices.count}`, size(22), true);
    amountRow(ink, 'Cash', 'نقداً', money(shift.invoices.cash), size(22));
    amountRow(ink, 'Card', 'بطاقة', money(shift.invoices.card), size(22));
    both(
      ink,
      `Credit notes: ${shift.creditNotes.count}`,
      `الإشعارات الدائنة: ${shift.creditNotes.count}`,
      size(22),
      true,
    );
    amountRow(ink, 'Cash', 'نقداً', money(shift.creditNotes.cash), size(22));
    amountRow(ink, 'Card', 'بطاقة', money(shift.creditNotes.card), size(22));
    drawRefunds(ink, shift, money, size);
    rule(ink);
    amountRow(ink, 'Discounts', 'الخصومات', money(shift.discount), size(22));
    amountRow(ink, 'VAT', 'الضريبة', money(shift.vat), size(22));
    amountRow(ink, 'Card total', 'إجمالي البطاقات', money(shift.invoices.card + shift.creditNotes.card), size(22));
    amountRow(ink, 'Cash expected', 'النقد المتوقع', money(shift.expected_cash), size(26), true);
    if (shift.counted_cash !== null && shift.difference !== null) {
      amountRow(ink, 'Cash counted', 'النقد المعدود', money(shift.counted_cash), size(26), true);
      amountRow(
        ink,
        shift.difference < 0 ? 'Short' : shift.difference > 0 ? 'Over' : 'Difference',
        shift.difference < 0 ? 'عجز' : shift.difference > 0 ? 'زيادة' : 'الفرق',
        money(shift.difference),
        size(26),
        true,
      );
    }
    rule(ink);
  });
}

/** Where each refund this drawer paid came from: the invoice, its seller and shift, and who cancelled it. */
function drawRefunds(ink: Ink, shift: ShiftSummary, money: (minor: number) => string, size: (n: number) => number) {
  if (!shift.refunds.length) return;
  rule(ink);
  both(ink, 'Refunds paid by this drawer', 'المبالغ المردودة من هذا الدرج', size(22), true);
  both(
    ink,
    "Paid by the canceller's open shift, else by the sale's shift if still open.",
    'تُرد من وردية من ألغى الفاتورة، وإلا فمن وردية البيع ما دامت مفتوحة.',
    size(18),
  );
  for (const r of shift.refunds) {
    const shiftEn = r.sold_in_shift === null ? '' : `, shift ${r.sold_in_shift}`;
    const shiftAr = r.sold_in_shift === null ? '' : `، وردية ${r.sold_in_shift}`;
    both(ink, `Credit note #${r.credit_note_no}`, `إشعار دائن ${r.credit_note_no}`, size(20), true);
    both(
      ink,
      `Invoice #${r.invoice_no} by ${r.sold_by.name_en}${shiftEn}; cancelled by ${r.refunded_by.name_en}`,
      `فاتورة ${r.invoice_no} باعها ${r.sold_by.name_ar}${shiftAr}؛ ألغاها ${r.refunded_by.name_ar}`,
      size(18),
    );
    if (r.cash) amountRow(ink, 'Cash', 'نقداً', money(r.cash), size(20));
    if (r.card) amountRow(ink, 'Card', 'بطاقة', money(r.card), size(20));
  }
}
