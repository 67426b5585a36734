import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { smsMessages } from '../../server/db/schema';
import { addDays } from '../../shared/domain/subscription';
import { dayIn, processTimeZone } from '../../shared/domain/time-zone';

let server: TestServer;
let admin: string;
let cashier: string;
let failingSms: TestServer;
// The first branch names no zone, so its days are the server's (this process's).
const today = dayIn(processTimeZone());

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0541111111', {
    Sales: { access: true, view: true, create: true, update: false, delete: false },
    Invoices: { access: true, view: true, create: false, update: true, delete: false },
    FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    Subscriptions: { access: true, view: true, create: false, update: true, delete: false },
  });
  await server.openShift(cashier);
});
afterAll(async () => {
  await server.close();
  await failingSms?.close();
});

type Kid = { id: number; parent_id: number; name_en: string };
type Sub = { id: number; kid_id: number; status: string; start_date: string; end_date: string; freeze_days: number };
type Sale = {
  id: number;
  invoice_no: number;
  parent_id: number | null;
  payable: number;
  lines: { qty: number; package_id: number | null; kid_ids: number[] | null }[];
  subscriptions: Sub[];
};

let mobiles = 0;
async function family(kidCount: number, on = server, token = admin) {
  const parent = await on.post<{ id: number; mobile: string }>(
    '/parent/create',
    { name_en: `Parent ${++mobiles}`, name_ar: 'ولي أمر', mobile: `05599${String(mobiles).padStart(5, '0')}` },
    token,
  );
  expect(parent.body.message).toBe('OK');
  const kids: Kid[] = [];
  for (let i = 0; i < kidCount; i++)
    kids.push(
      (
        await on.post<Kid>(
          '/kid/create',
          { parent_id: parent.body.data.id, name_en: `Kid ${i}`, name_ar: `طفل ${i}` },
          token,
        )
      ).body.data,
    );
  return { parent: parent.body.data, kids };
}

async function pkg(validity_days: number, price = 10000, on = server, token = admin) {
  return (
    await on.post<{ id: number }>(
      '/package/create',
      {
        name_en: `Pass ${validity_days}`,
        name_ar: 'باقة',
        price,
        tax_id: 1,
        included: 1,
        validity_days,
        daily_limits: 2,
        margin_minutes: '10,5',
      },
      token,
    )
  ).body.data.id;
}

const sellPackage = (
  packageId: number,
  kidIds: number[],
  cash: number,
  path = '/sale/sale/create',
  on = server,
  token = cashier,
) =>
  on.post<Sale>(
    path,
    { cart: [{ package: { id: packageId }, kids: kidIds }], salesData: { payments: { cash }, branch_id: 1 } },
    token,
  );

const subsOf = async (kidId: number) =>
  (await server.post<Sub[]>('/profile/kid/subscription', { id: kidId }, cashier)).body.data;

describe('parents and kids', () => {
  it('registers a parent once per mobile and finds them by mobile, name or identification number', async () => {
    const made = await server.post<{ id: number }>(
      '/parent/create',
      { name_en: 'Sara Ahmed', name_ar: 'سارة أحمد', mobile: '050 123 4567', identification_number: 'ID-778899' },
      cashier,
    );
    expect(made.body.data).toMatchObject({ mobile: '+966501234567', branch_id: 1 });
    expect(
      (await server.post('/parent/create', { name_en: 'Other', name_ar: 'آخر', mobile: '0501234567' }, cashier)).body
        .message,
    ).toBe('EXISTS');
    await server.post(
      '/kid/create',
      { parent_id: made.body.data.id, name_en: 'Lina', name_ar: 'لينا', medical_notes: 'Nut allergy', vip: true },
      cashier,
    );
    for (const query of ['050123', 'sara', 'أحمد', 'sar ahm', 'id-7788']) {
      const found = await server.post<{ id: number; kids: Kid[] }[]>('/parent/search', { query }, cashier);
      expect(found.body.data.map((p) => p.id)).toContain(made.body.data.id);
    }
    const [hit] = (
      await server.post<{ kids: { name_en: string; medical_notes: string; vip: boolean }[] }[]>(
        '/parent/search',
        { query: '0501234567' },
        cashier,
      )
    ).body.data;
    expect(hit!.kids).toEqual([expect.objectContaining({ name_en: 'Lina', medical_notes: 'Nut allergy', vip: true })]);
    expect((await server.post<unknown[]>('/parent/search', { query: '%' }, cashier)).body.data).toEqual([]);
  });

  it('updates, lists and removes kids; unknown ones are NOT_FOUND', async () => {
    const { parent, kids } = await family(2);
    const updated = await server.post<Kid & { banned: boolean }>(
      '/kid/update',
      { id: kids[0]!.id, name_en: 'Renamed', name_ar: 'جديد', banned: true },
      // Banning takes the right that lets a banned kid in (families.test › a kid’s ban).
      admin,
    );
    expect(updated.body.data).toMatchObject({ name_en: 'Renamed', banned: true, parent_id: parent.id });
    expect((await server.post('/kid/delete', { id: kids[1]!.id }, admin)).body.message).toBe('OK');
    expect(
      (await server.post<Kid[]>('/parent/kids', { parent_id: parent.id }, cashier)).body.data.map((k) => k.id),
    ).toEqual([kids[0]!.id]);
    expect((await server.post('/kid/delete', { id: kids[1]!.id }, admin)).body.message).toBe('NOT_FOUND');
    expect((await server.post('/kid/delete', { id: kids[0]!.id }, cashier)).body.message).toBe('NOT_AUTHORISED');
    expect(
      (await server.post('/kid/create', { parent_id: 999999, name_en: 'X', name_ar: 'س' }, cashier)).body.message,
    ).toBe('NOT_FOUND');
    expect((await server.post('/parent/info', { id: 999999 }, cashier)).body.message).toBe('NOT_FOUND');
  });
});

describe('selling a package', () => {
  it('sells one subscription per kid, priced per kid, starting today', async () => {
    const { parent, kids } = await family(2);
    const monthly = await pkg(30, 11500);
    const sale = await sellPackage(
      monthly,
      kids.map((k) => k.id),
      23000,
    );
    expect(sale.body.message).toBe('SALES_COMPLETED');
    expect(sale.body.data).toMatchObject({ payable: 23000, parent_id: parent.id });
    expect(sale.body.data.lines).toEqual([
      expect.objectContaining({ package_id: monthly, qty: 2, kid_ids: kids.map((k) => k.id) }),
    ]);
    expect(sale.body.data.subscriptions).toEqual(
      kids.map((k) =>
        expect.objectContaining({ kid_id: k.id, status: 'ACTIVE', start_date: today, end_date: addDays(today, 29) }),
      ),
    );
    const listed = await server.post<{ id: number; subscription: { status: string; end_date: string } | null }[]>(
      '/sale/kidslist',
      { parent_ids: [parent.id] },
      cashier,
    );
    expect(listed.body.data.map((k) => k.subscription)).toEqual([
      expect.objectContaining({ status: 'ACTIVE', end_date: addDays(today, 29) }),
      expect.objectContaining({ status: 'ACTIVE', end_date: addDays(today, 29) }),
    ]);
  });

  it('NO_KID_SELECTED for a package without kids, and for a subscription sale without a package', async () => {
    const weekly = await pkg(7);
    expect((await sellPackage(weekly, [], 10000)).body.message).toBe('NO_KID_SELECTED');
    const noKids = await server.post(
      '/sale/sale/create',
      { cart: [{ package: { id: weekly } }], salesData: { payments: { cash: 10000 } } },
      cashier,
    );
    expect(noKids.body).toMatchObject({
      message: 'NO_KID_SELECTED',
      errors: [{ path: 'cart.0.kids', message: 'NO_KID_SELECTED' }],
    });
    const product = (
      await server.post<{ id: number }>(
        '/product/create',
        { name_en: 'Sock', name_ar: 'جورب', price: 500, tax_id: 1, included: 1 },
        admin,
      )
    ).body.data.id;
    await server.post('/product/addstock', { id: product, qty: 5 }, admin);
    const productsOnly = await server.post(
      '/sale/subscription/create',
      { cart: [{ product: { id: product, qty: 1 } }], salesData: { payments: { cash: 500 } } },
      cashier,
    );
    expect(productsOnly.body.message).toBe('NO_KID_SELECTED');
    const both = await server.post(
      '/sale/sale/create',
      {
        cart: [{ product: { id: product, qty: 1 }, package: { id: weekly }, kids: [1] }],
        salesData: { payments: { cash: 500 } },
      },
      cashier,
    );
    expect(both.body.message).toBe('VALIDATION_FAILED');
    const { kids } = await family(1);
    expect((await sellPackage(weekly, [kids[0]!.id, kids[0]!.id], 20000)).body.message).toBe('VALIDATION_FAILED');
    expect((await sellPackage(weekly, [999999], 10000)).body.message).toBe('NOT_FOUND');
  });

  it('a second subscription for a kid waits until the first ends (also via /sale/subscription/create)', async () => {
    const { kids } = await family(1);
    const weekly = await pkg(7);
    await sellPackage(weekly, [kids[0]!.id], 10000);
    const second = await sellPackage(weekly, [kids[0]!.id], 10000, '/sale/subscription/create');
    expect(second.body.message).toBe('SALES_COMPLETED');
    expect(second.body.data.subscriptions).toEqual([
      expect.objectContaining({ status: 'WAITING', start_date: addDays(today, 7), end_date: addDays(today, 13) }),
    ]);
  });

  it('keeps a subscription sale once under its own name: a retry answers it, the key on the other sale endpoint is refused', async () => {
    const { kids } = await family(1);
    const weekly = await pkg(7);
    const body = { cart: [{ package: { id: weekly }, kids: [kids[0]!.id] }], salesData: { payments: { cash: 10000 } } };
    const headers = { 'Idempotency-Key': `subscription-${kids[0]!.id}` };
    const send = (path: string) => server.post<Sale>(path, body, cashier, undefined, headers);
    const first = await send('/sale/subscription/create');
    expect(first.body.message).toBe('SALES_COMPLETED');
    const retry = await send('/sale/subscription/create');
    expect(retry.body.data.id).toBe(first.body.data.id);
    // The same key and request on /sale/sale/create names another command, not a replay of this one.
    const elsewhere = await send('/sale/sale/create');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await subsOf(kids[0]!.id)).toHaveLength(1);
  });

  it('two tills selling to the same kid at once lay the subscriptions end to end', async () => {
    const { kids } = await family(1);
    const weekly = await pkg(7);
    const results = await Promise.all(Array.from({ length: 4 }, () => sellPackage(weekly, [kids[0]!.id], 10000)));
    expect(results.map((r) => r.body.message)).toEqual(Array(4).fill('SALES_COMPLETED'));
    const periods = (await subsOf(kids[0]!.id)).map((s) => s.start_date).sort();
    expect(periods).toEqual([0, 7, 14, 21].map((d) => addDays(today, d)));
  });
});

describe('freezing, resuming and cancelling subscriptions', () => {
  it('FREEZE_DAYS_NOT_VALID for a bad number; freezing moves the end and the waiting one follows; resuming gives days back', async () => {
    const { kids } = await family(1);
    const weekly = await pkg(7);
    const first = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data.subscriptions[0]!;
    const second = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data.subscriptions[0]!;
    for (const freeze_days of [0, -3, 2.5, 'five', 181]) {
      const bad = await server.patch('/subscription/freeze', { id: first.id, freeze_days }, cashier);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('FREEZE_DAYS_NOT_VALID');
    }
    const frozen = await server.patch<Sub>('/subscription/freeze', { id: first.id, freeze_days: 5 }, cashier);
    expect(frozen.body.data).toMatchObject({ status: 'FREEZED', end_date: addDays(today, 11), freeze_days: 5 });
    expect((await subsOf(kids[0]!.id)).find((s) => s.id === second.id)).toMatchObject({
      status: 'WAITING',
      start_date: addDays(today, 12),
    });
    expect((await server.patch('/subscription/freeze', { id: second.id, freeze_days: 3 }, cashier)).body).toMatchObject(
      { message: 'VALIDATION_FAILED', errors: [{ path: 'id' }] },
    );
    const resumed = await server.patch<Sub>('/subscription/freeze', { id: first.id }, cashier);
    expect(resumed.body.data).toMatchObject({ status: 'ACTIVE', end_date: addDays(today, 6), freeze_days: 0 });
    expect((await subsOf(kids[0]!.id)).find((s) => s.id === second.id)).toMatchObject({
      start_date: addDays(today, 7),
    });
    expect(
      (await server.patch('/subscription/freeze', { id: first.id, freeze_days: null }, cashier)).body.message,
    ).toBe('VALIDATION_FAILED');
    expect((await server.patch('/subscription/freeze', { id: 999999, freeze_days: 2 }, cashier)).body.message).toBe(
      'NOT_FOUND',
    );
  });

  it('/subscription/delete by id or by sale; the waiting one starts today', async () => {
    const { kids } = await family(2);
    const weekly = await pkg(7);
    const first = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data;
    const second = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data;
    expect((await server.post('/subscription/delete', { id: first.subscriptions[0]!.id }, cashier)).body.message).toBe(
      'NOT_AUTHORISED',
    );
    expect((await server.post('/subscription/delete', {}, admin)).body.message).toBe('VALIDATION_FAILED');
    expect((await server.post('/subscription/delete', { id: first.subscriptions[0]!.id }, admin)).body.message).toBe(
      'OK',
    );
    expect((await server.post('/subscription/delete', { id: first.subscriptions[0]!.id }, admin)).body.message).toBe(
      'NOT_FOUND',
    );
    const after = await subsOf(kids[0]!.id);
    expect(after.find((s) => s.id === first.subscriptions[0]!.id)?.status).toBe('CANCELLED');
    expect(after.find((s) => s.id === second.subscriptions[0]!.id)).toMatchObject({
      status: 'ACTIVE',
      start_date: today,
      end_date: addDays(today, 6),
    });
    const pair = (
      await sellPackage(
        weekly,
        kids.map((k) => k.id),
        20000,
      )
    ).body.data;
    expect((await server.post('/subscription/delete', { sale_id: pair.id }, admin)).body.message).toBe('OK');
    expect((await subsOf(kids[1]!.id)).map((s) => s.status)).toEqual(['CANCELLED']);
  });

  it('the Subscriptions list finds them by kid or parent mobile, with today’s status', async () => {
    const { parent, kids } = await family(1);
    await sellPackage(await pkg(30), [kids[0]!.id], 10000);
    const page = await server.post<{ rows: (Sub & { kid_name_en: string; invoice_no: number })[]; total: number }>(
      '/subscription/pagelist',
      { q: parent.mobile },
      cashier,
    );
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.rows[0]).toMatchObject({ kid_id: kids[0]!.id, kid_name_en: 'Kid 0', status: 'ACTIVE' });
  });
});

describe('cancelling and deleting an invoice with subscriptions', () => {
  it('a credit note cancels the subscriptions it sold; a second cancel is ALREADY_CANCELLED', async () => {
    const { kids } = await family(2);
    const sale = (
      await sellPackage(
        await pkg(30),
        kids.map((k) => k.id),
        20000,
      )
    ).body.data;
    const note = await server.post<Sale & { original_invoice_no: number; payable: number }>(
      '/sale/cancelinvoice',
      { id: sale.id },
      cashier,
    );
    expect(note.body.message).toBe('INVOICE_CANCELLED');
    expect(note.body.data).toMatchObject({ original_invoice_no: sale.invoice_no, payable: -20000 });
    expect(note.body.data.subscriptions.map((s) => s.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await server.post('/sale/cancelinvoice', { id: sale.id }, cashier)).body.message).toBe('ALREADY_CANCELLED');
  });

  it('/sale/delete and /particular/delete void by credit note and need the delete right', async () => {
    const { kids } = await family(1);
    const weekly = await pkg(7);
    const a = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data;
    const b = (await sellPackage(weekly, [kids[0]!.id], 10000)).body.data;
    expect((await server.post('/sale/delete', { id: a.id }, cashier)).body.message).toBe('NOT_AUTHORISED');
    const deleted = await server.post<{ kind: string; original_id: number }>('/sale/delete', { id: a.id }, admin);
    expect(deleted.body).toMatchObject({
      message: 'INVOICE_CANCELLED',
      data: { kind: 'credit_note', original_id: a.id },
    });
    expect((await server.post('/sale/delete', { id: a.id }, admin)).body.message).toBe('ALREADY_CANCELLED');
    expect((await server.post('/particular/delete', { sale_id: b.id }, admin)).body.message).toBe('INVOICE_CANCELLED');
    expect((await server.post('/particular/delete', { sale_id: b.id }, admin)).body.message).toBe('ALREADY_CANCELLED');
    expect((await subsOf(kids[0]!.id)).map((s) => s.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});

describe('sending an invoice by SMS', () => {
  it('texts the parent’s mobile through the outbox (MESSAGE_SENT), in English and Arabic', async () => {
    const { parent, kids } = await family(1);
    const sale = (await sellPackage(await pkg(7, 4500), [kids[0]!.id], 5000)).body.data;
    const sent = await server.post<{ to: string }>('/invoice/send', { id: sale.id }, cashier);
    expect(sent.body).toMatchObject({ message: 'MESSAGE_SENT', data: { to: parent.mobile } });
    const [sms] = await server.database.db.select().from(smsMessages).where(eq(smsMessages.to, parent.mobile));
    expect(sms).toMatchObject({ purpose: 'invoice', gateway: 'outbox', status: 'stored' });
    expect(sms!.body).toContain(`#${sale.invoice_no}`);
    expect(sms!.body).toContain('45.00');
    expect(sms!.body).toContain(`فاتورة رقم ${sale.invoice_no}`);
  });

  it('MOBILE_NUMBER_MISSING for a walk-in without a mobile; the walk-in’s mobile otherwise', async () => {
    const product = (
      await server.post<{ id: number }>(
        '/product/create',
        { name_en: 'Cup', name_ar: 'كوب', price: 300, tax_id: 1, included: 1 },
        admin,
      )
    ).body.data.id;
    await server.post('/product/addstock', { id: product, qty: 5 }, admin);
    const walkIn = (
      await server.post<Sale>(
        '/sale/sale/create',
        { cart: [{ product: { id: product, qty: 1 } }], salesData: { payments: { cash: 300 } } },
        cashier,
      )
    ).body.data;
    expect((await server.post('/invoice/send', { id: walkIn.id }, cashier)).body.message).toBe('MOBILE_NUMBER_MISSING');
    const withMobile = (
      await server.post<Sale>(
        '/sale/sale/create',
        {
          cart: [{ product: { id: product, qty: 1 } }],
          salesData: { payments: { cash: 300 } },
          parentInfo: { mobile: '0567770000' },
        },
        cashier,
      )
    ).body.data;
    expect((await server.post('/invoice/send', { id: withMobile.id }, cashier)).body).toMatchObject({
      message: 'MESSAGE_SENT',
      data: { to: '+966567770000' },
    });
  });

  it('SMS_NOT_SENT when the gateway fails, and the message is kept as failed', async () => {
    failingSms = await startTestServer({
      sms: { name: 'provider', deliver: () => Promise.reject(new Error('connection refused')) },
    });
    const token = (await failingSms.login()).accessToken;
    const { kids } = await family(1, failingSms, token);
    const packageId = await pkg(7, 1000, failingSms, token);
    await failingSms.openShift(token, 1);
    const sale = (await sellPackage(packageId, [kids[0]!.id], 1000, '/sale/sale/create', failingSms, token)).body.data;
    expect(sale.id).toBeGreaterThan(0);
    const res = await failingSms.post('/invoice/send', { id: sale.id }, token);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('SMS_NOT_SENT');
    expect((await failingSms.database.db.select().from(smsMessages)).map((m) => m.status)).toEqual(['failed']);
  });
});
