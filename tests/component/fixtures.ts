import type { ResponseOf } from '../../shared/api/catalogue';
import { TAX_EXCLUDED } from '../../shared/domain/money';
import type { ApiTable } from './fake-bridge';

export const juice: ResponseOf<'sale/product/list'>[number] = {
  id: 7,
  name_en: 'Orange juice',
  name_ar: 'عصير برتقال',
  image: 'juice.png',
  price: 1000,
  tax_id: 1,
  included: TAX_EXCLUDED,
  branch_id: null,
  stock: 12,
};

export const station: ResponseOf<'branch/station'> = {
  id: 1,
  name_en: 'Riyadh Park',
  name_ar: 'رياض بارك',
  address: null,
  phone: null,
  vat_number: '300000000000003',
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  country: 'SA',
  counts_cash: false,
};

/** What the till reads as it opens: VAT 15 %, one branch, one product, no package, no shift open. */
export const tillReads: ApiTable = {
  'tax/list': [{ id: 1, name_en: 'VAT', name_ar: 'ضريبة', rate_bp: 1500 }],
  'branch/list': [{ id: 1, name_en: station.name_en, name_ar: station.name_ar }],
  'branch/station': station,
  'sale/product/list': [juice],
  'sale/package/list': [],
  'cashup/current': null,
};

/** The server's answer to a sale of `qty` juices paid `cash` (minor units). */
export function juiceSale(qty: number, cash: number): ResponseOf<'sale/sale/create'> {
  const net = 1000 * qty;
  const vat = 150 * qty;
  return {
    id: 501,
    branch_id: 1,
    invoice_no: 42,
    kind: 'invoice',
    original_id: null,
    original_invoice_no: null,
    cancelled_at: null,
    cashier_id: 1,
    coupon_id: null,
    parent_id: null,
    gross: net + vat,
    discount: 0,
    net,
    vat,
    payable: net + vat,
    cash,
    pos: 0,
    pos_reference: null,
    change: cash - (net + vat),
    created_at: '2026-11-26T10:00:00.000Z',
    lines: [
      {
        product_id: juice.id,
        package_id: null,
        kid_ids: null,
        name_en: juice.name_en,
        name_ar: juice.name_ar,
        unit_price: 1000,
        qty,
        rate_bp: 1500,
        included: TAX_EXCLUDED,
        net,
        vat,
        gross: net + vat,
        discount: 0,
      },
    ],
    subscriptions: [],
  };
}
