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

type FoundFamily = ResponseOf<'parent/search'>[number];
type FoundKid = FoundFamily['kids'][number];
const kid = (id: number, name_en: string, name_ar: string): FoundKid => ({
  id,
  parent_id: 11,
  name_en,
  name_ar,
  birth_date: '2019-04-02',
  gender: null,
  medical_notes: null,
  banned: false,
  vip: false,
  room_id: null,
  image: null,
  session: null,
});

/** A mother with two kids, both out. */
export const family: FoundFamily = {
  id: 11,
  name_en: 'Sara Ahmed',
  name_ar: 'سارة أحمد',
  mobile: '+966500000011',
  email: null,
  identification_id: null,
  identification_number: null,
  nationality_id: null,
  branch_id: 1,
  promotions_opt_out: false,
  created_at: '2026-01-05T09:00:00.000Z',
  kids: [kid(21, 'Lina', 'لينا'), kid(22, 'Omar', 'عمر')],
};

type SupervisorState = ResponseOf<'room/supervisor'>;
type Room = ResponseOf<'room/supervisor/roomlist'>[number];
const room = (id: number, name_en: string, name_ar: string, inside: number): Room => ({
  id,
  name_en,
  name_ar,
  branch_id: 1,
  capacity: 10,
  min_age: null,
  max_age: null,
  inside,
  supervisors: [],
});
export const jungle = room(3, 'Jungle gym', 'صالة الأدغال', 0);
export const lego = room(4, 'Lego corner', 'ركن الليغو', 2);

/** Hala at the door, logged into `inRoom` (null: none yet), with `kids` inside it. */
export function supervisorAt(inRoom: Room | null, kids: SupervisorState['kids'] = []): SupervisorState {
  return {
    supervisor: { id: 5, name_en: 'Hala', name_ar: 'هالة' },
    expires_at: '2026-11-26T20:00:00.000Z',
    room: inRoom && { ...inRoom, inside: kids.length, time_zone: 'Asia/Riyadh' },
    kids,
  };
}

/** Lina, inside the premises with band B-17, as the room lists her once she is in. */
export const linaInRoom: SupervisorState['kids'][number] = {
  visit_id: 70,
  kid_id: 21,
  kid_name_en: 'Lina',
  kid_name_ar: 'لينا',
  parent_id: 11,
  parent_name_en: 'Sara Ahmed',
  parent_name_ar: 'سارة أحمد',
  mobile: '+966500000011',
  image: null,
  birth_date: '2019-04-02',
  medical_notes: null,
  banned: false,
  vip: false,
  badge: 'B-17',
  room_checkin_at: '2026-11-26T10:05:00.000Z',
  session_id: 60,
  checkin_at: '2026-11-26T10:00:00.000Z',
  daily_limits: 2,
  margin_minutes: '15',
};
