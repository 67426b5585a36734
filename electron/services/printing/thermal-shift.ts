import type { ShiftSummary } from '../../../shared/api/cashup';
import { formatMoney } from '../../../shared/domain/money';
import { localDateTime } from '../../../shared/domain/time-zone';
import { amountRow, both, centred, drawOnPaper, rule, type PaperPicture, type PaperWidth } from './thermal-receipt';

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
