import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShiftSummary } from '../../../../shared/api/cashup';
import { formatMoney } from '../../format/money';
import { formatDateTime } from '../../format/dates';
import { formatCount } from '../../format/numbers';
import { localName } from '../../format/names';
import '../printing/a4-page.css';
import './shift.css';

/**
 * A shift's X report (open) or Z report (closed) as an A4 sheet in the page's language: the float,
 * sales and credit notes by cash and card, what the drawer should hold and, once closed, what was
 * counted and the difference (short in red).
 */
export function ShiftSheet({ shift }: { shift: ShiftSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (n: number) => formatMoney(n, lang, shift.branch.currency);
  const at = (iso: string) => formatDateTime(iso, lang, 'medium', shift.branch.time_zone);
  const closed = shift.closed_at !== null;
  const row = (label: string, value: string, testId?: string, strong = false) => (
    <tr className={strong ? 'shift-strong' : undefined}>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
  return (
    <article className="a4-page shift-sheet" data-testid={closed ? 'z-report' : 'x-report'}>
      <header className="shift-head">
        <h2>{t(closed ? 'shift.zTitle' : 'shift.xTitle')}</h2>
        <div>{localName(shift.branch, lang)}</div>
        <div>
          {t('shift.number', { id: shift.id })} · {localName(shift.cashier, lang)}
        </div>
        <div>
          {t('shift.opened')}: {at(shift.opened_at)}
        </div>
        <div>
          {closed ? `${t('shift.closed')}: ${at(shift.closed_at!)}` : `${t('shift.readAt')}: ${at(shift.as_of)}`}
        </div>
      </header>
      <table className="shift-table">
        <tbody>
          {row(t('shift.float'), money(shift.opening_float), 'shift-float')}
          {row(
            t('shift.sales', { count: shift.invoices.count, n: formatCount(shift.invoices.count, lang) }),
            money(shift.invoices.total),
            'shift-sales',
          )}
          {row(t('shift.cash'), money(shift.invoices.cash))}
          {row(t('shift.card'), money(shift.invoices.card))}
          {row(
            t('shift.creditNotes', { count: shift.creditNotes.count, n: formatCount(shift.creditNotes.count, lang) }),
            money(shift.creditNotes.total),
            'shift-credit-notes',
          )}
          {row(t('shift.cash'), money(shift.creditNotes.cash))}
          {row(t('shift.card'), money(shift.creditNotes.card))}
          {row(t('shift.discounts'), money(shift.discount))}
          {row(t('shift.vat'), money(shift.vat))}
          {row(t('shift.cardTotal'), money(shift.invoices.card + shift.creditNotes.card), 'shift-card-total')}
          {row(t('shift.expected'), money(shift.expected_cash), 'shift-expected', true)}
          {shift.counted_cash !== null && row(t('shift.counted'), money(shift.counted_cash), 'shift-counted', true)}
        </tbody>
      </table>
      <Refunds shift={shift} money={money} />
      {shift.difference !== null && (
        <p className="shift-difference" data-testid="shift-difference">
          <Tag color={shift.difference < 0 ? 'red' : shift.difference > 0 ? 'orange' : 'green'}>
            {shift.difference < 0
              ? t('shift.short', { amount: money(-shift.difference) })
              : shift.difference > 0
                ? t('shift.over', { amount: money(shift.difference) })
                : t('shift.balanced')}
          </Tag>
        </p>
      )}
    </article>
  );
}

/** Where each refund this drawer paid came from: its invoice, who sold it (in which shift) and who cancelled it. */
function Refunds({ shift, money }: { shift: ShiftSummary; money: (n: number) => string }) {
  const { t, i18n } = useTranslation();
  if (!shift.refunds.length) return null;
  const lang = i18n.language;
  return (
    <section className="shift-refunds" data-testid="shift-refunds">
      <h2>{t('shift.refundsTitle')}</h2>
      <p>{t('shift.refundsRule')}</p>
      <table className="shift-table">
        <tbody>
          {shift.refunds.map((r) => (
            <tr key={r.credit_note_no} data-testid="shift-refund">
              <th scope="row">
                {t(r.sold_in_shift === null ? 'shift.refundOutsideShift' : 'shift.refund', {
                  note: r.credit_note_no,
                  invoice: r.invoice_no,
                  seller: localName(r.sold_by, lang),
                  shift: r.sold_in_shift,
                  by: localName(r.refunded_by, lang),
                })}
              </th>
              <td>
                {[
                  r.cash ? `${money(r.cash)} ${t('shift.cash')}` : '',
                  r.card ? `${money(r.card)} ${t('shift.card')}` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
