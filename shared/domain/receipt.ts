import { z } from 'zod';
import { encodeTaxQr, qrAmount } from './zatca-qr';

/**
 * What a parent takes home, in one model for both the A4 invoice and the thermal receipt: the
 * seller, the number and date, the cashier, the lines, discount, VAT, total, how it was paid and the
 * change, the cancelled invoice a credit note refers to, and the tax-invoice QR. Amounts stay in
 * minor units; each renderer formats them.
 */
export interface ReceiptSource {
  sale: {
    invoice_no: number;
    kind: 'invoice' | 'credit_note';
    original_invoice_no: number | null;
    created_at: string;
    gross: number;
    discount: number;
    net: number;
    vat: number;
    payable: number;
    cash: number;
    pos: number;
    pos_reference: string | null;
    change: number;
    lines: { name_en: string; name_ar: string; unit_price: number; qty: number; gross: number }[];
  };
  branch: {
    name_en: string;
    name_ar: string;
    address: string | null;
    phone: string | null;
    vat_number: string | null;
    currency: string;
    time_zone: string;
  };
  cashier: { name_en: string; name_ar: string };
}

const money = z.number().int();
/** What a receipt or an A4 invoice prints, as `sale/receipt/:id` answers it. */
export const receiptSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.number().int(),
  /** For a credit note: the invoice it cancels. */
  refersTo: z.number().int().nullable(),
  issuedAt: z.string(),
  /** The branch's IANA zone: the date and time printed are the branch's, not UTC's or the station's. */
  timeZone: z.string(),
  currency: z.string(),
  seller: z.object({
    name_en: z.string(),
    name_ar: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  cashier: z.object({ name_en: z.string(), name_ar: z.string() }),
  lines: z.array(
    z.object({ name_en: z.string(), name_ar: z.string(), qty: z.number().int(), unitPrice: money, total: money }),
  ),
  totals: z.object({ subtotal: money, discount: money, net: money, vat: money, total: money }),
  payments: z.object({ cash: money, card: money, cardReference: z.string().nullable(), change: money }),
  /** ZATCA phase 1 QR payload (base64 TLV). */
  qr: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export function receiptOf({ sale, branch, cashier }: ReceiptSource): Receipt {
  return {
    kind: sale.kind,
    number: sale.invoice_no,
    refersTo: sale.kind === 'credit_note' ? sale.original_invoice_no : null,
    issuedAt: sale.created_at,
    timeZone: branch.time_zone,
    currency: branch.currency,
    seller: {
      name_en: branch.name_en,
      name_ar: branch.name_ar,
      address: branch.address,
      phone: branch.phone,
      vatNumber: branch.vat_number,
    },
    cashier,
    lines: sale.lines.map((l) => ({
      name_en: l.name_en,
      name_ar: l.name_ar,
      qty: l.qty,
      unitPrice: l.unit_price,
      total: l.gross,
    })),
    totals: { subtotal: sale.gross, discount: sale.discount, net: sale.net, vat: sale.vat, total: sale.payable },
    payments: { cash: sale.cash, card: sale.pos, cardReference: sale.pos_reference, change: sale.change },
    qr: encodeTaxQr({
      // The Arabic name is the registered one; the English follows for readers of either.
      sellerName: branch.name_ar === branch.name_en ? branch.name_ar : `${branch.name_ar} | ${branch.name_en}`,
      vatNumber: branch.vat_number ?? '',
      timestamp: new Date(sale.created_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      total: qrAmount(sale.payable),
      vatTotal: qrAmount(sale.vat),
    }),
  };
}
