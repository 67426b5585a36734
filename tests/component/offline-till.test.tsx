import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseOf } from '../../shared/api/catalogue';
import type { Receipt } from '../../shared/domain/receipt';
import type { OfflineStatus } from '../../shared/offline-status';
import type { BridgeArg } from '../../shared/ipc';
import { OfflineIndicator } from '../../renderer/app/shell/offline-indicator';
import { CartPage } from '../../renderer/features/sales/cart-page';
import SalesRoutes from '../../renderer/features/sales/sales-routes';
import { OfflineReview } from '../../renderer/features/dashboard/offline-review';
import { FrontDeskPage } from '../../renderer/features/front-desk/front-desk-page';
import { SalesReport } from '../../renderer/features/reports/sales-report';
import { ShiftPage } from '../../renderer/features/sales/shift-page';
import { formatTime } from '../../renderer/components/format/dates';
import { answerSaying, FakeBridge, refuse } from './fake-bridge';
import { family, juice, juiceSale, tillReads } from './fixtures';
import { cashier, renderWithProviders } from './render';

/** Today at 14:05 on the station's clock: the link was lost then. */
const lostAt = (() => {
  const d = new Date();
  d.setHours(14, 5, 0, 0);
  return d.toISOString();
})();
const status = (s: Partial<OfflineStatus>): OfflineStatus => ({
  link: 'online',
  since: null,
  waiting: 0,
  stuck: 0,
  numbersLeft: 40,
  catalogueAt: null,
  ...s,
});
const offline = (waiting: number) => status({ link: 'offline', since: lostAt, waiting });
const indicator = () => screen.getByTestId('offline-indicator').textContent;
/** RTK Query tells the screen of a cache change on the next frame (its auto-batching), not at once. */
const seen = (text: string) => waitFor(() => expect(indicator()).toBe(text));

describe('the offline indicator in the header', () => {
  it('says since when the station is offline and how many sales wait, then the queue draining, then all sent', async () => {
    const bridge = new FakeBridge({}, { 'pos:offline-status': () => offline(3) });
    await renderWithProviders(<OfflineIndicator />, { bridge });
    await seen('Offline since 14:05 · 3 sales waiting');

    act(() => bridge.emit({ type: 'offline-status', status: offline(4) }));
    await seen('Offline since 14:05 · 4 sales waiting');
    act(() => bridge.emit({ type: 'offline-status', status: status({ waiting: 2 }) }));
    await seen('Back online · sending 2 sales…');
    act(() => bridge.emit({ type: 'offline-status', status: status({ waiting: 1 }) }));
    await seen('Back online · sending 1 sale…');
    act(() => bridge.emit({ type: 'offline-status', status: status({ waiting: 0 }) }));
    await seen('All offline sales sent');
  });

  it('says nothing while online with an empty queue', async () => {
    const bridge = new FakeBridge();
    const { store } = await renderWithProviders(<OfflineIndicator />, { bridge });
    await waitFor(() => expect(store.getState().api.queries['offlineStatus(undefined)']?.status).toBe('fulfilled'));
    expect(indicator()).toBe('');
  });

  it('warns of sales the server refused, kept on the station, and does not call them sent', async () => {
    const bridge = new FakeBridge({}, { 'pos:offline-status': () => status({ waiting: 3, stuck: 1 }) });
    await renderWithProviders(<OfflineIndicator />, { bridge });
    await waitFor(() =>
      expect(indicator()).toBe(
        'Back online · sending 2 sales…1 offline sale was refused by the server: it is kept on this station',
      ),
    );
    act(() => bridge.emit({ type: 'offline-status', status: status({ waiting: 2, stuck: 2 }) }));
    await seen('2 offline sales were refused by the server: they are kept on this station');
  });

  it('in Arabic, with Arabic plurals', async () => {
    const bridge = new FakeBridge({}, { 'pos:offline-status': () => offline(1) });
    await renderWithProviders(<OfflineIndicator />, { bridge, language: 'ar' });
    await waitFor(() =>
      expect(indicator()).toBe(`دون اتصال منذ ${formatTime(lostAt, 'ar')} · عملية بيع واحدة بانتظار الإرسال`),
    );
    act(() => bridge.emit({ type: 'offline-status', status: status({ waiting: 2, stuck: 2 }) }));
    await seen('رفض الخادم عمليتي بيع تمتا دون اتصال: وهما محفوظتان في هذه المحطة');
  });
});

/** A juice sold while the server is unreachable: the station's answer, a sale with a negative id. */
const keptOffline: ResponseOf<'sale/sale/create'> = { ...juiceSale(1, 2000), id: -3, parent_id: 11 };

const offlineReceipt: Receipt = {
  kind: 'invoice',
  number: 42,
  refersTo: null,
  issuedAt: '2026-11-26T11:05:00.000Z',
  timeZone: 'Asia/Riyadh',
  currency: 'SAR',
  seller: { name_en: 'Riyadh Park', name_ar: 'رياض بارك', address: null, phone: null, vatNumber: '300000000000003' },
  cashier: { name_en: cashier.name_en, name_ar: cashier.name_ar },
  lines: [{ name_en: juice.name_en, name_ar: juice.name_ar, qty: 1, unitPrice: 1000, total: 1150 }],
  totals: { subtotal: 1150, discount: 0, net: 1000, vat: 150, total: 1150 },
  payments: { cash: 2000, card: 0, cardReference: null, change: 850 },
  qr: 'AQtSaXlhZGggUGFyaw==',
};

describe('a sale the station kept offline', () => {
  it('says it was sold offline with its receipt number, prints with its negative id, and waits to text it', async () => {
    const user = userEvent.setup();
    const printed: BridgeArg<'pos:print-receipt'>[] = [];
    const bridge = new FakeBridge(
      { ...tillReads, 'sale/sale/create': answerSaying('SALE_KEPT_OFFLINE', keptOffline) },
      {
        'pos:print-receipt': (arg) => {
          printed.push(arg);
          return { status: 'printed' };
        },
      },
    );
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge });
    const item = (await screen.findByText(juice.name_en)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Cash' }), '20');
    await user.click(screen.getByRole('button', { name: /Complete sale/ }));

    expect(await screen.findByText('Sold offline: receipt #42')).toBeTruthy();
    // The station's own words for it, as the toast.
    expect(
      await screen.findByText(
        'Sold offline. The receipt keeps its number; the sale is sent to the server when it is back.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('sale-offline').textContent).toMatch(
      /Give change: SAR\s8\.50The receipt keeps this number\. The sale is kept on this station and sent to the server when it is back\./,
    );

    await user.click(screen.getByRole('button', { name: /Print receipt/ }));
    await waitFor(() => expect(printed).toEqual([{ saleId: -3, drawer: false }]));
    expect(screen.getByTestId('sale-print').getAttribute('href')).toBe('#/Sales/-3/print');

    const text = screen.getByRole('button', { name: /Text the invoice/ });
    expect(text.hasAttribute('disabled')).toBe(true);
    expect(text.getAttribute('aria-describedby')).toBe('sale-send-why');
    expect(document.getElementById('sale-send-why')!.textContent).toBe(
      'Texting the invoice needs the server: send it from Invoices once this sale has reached it.',
    );
    expect(bridge.bodiesOf('invoice/send')).toEqual([]);
  });

  it('draws its A4 invoice from the station’s queue, never asking the server', async () => {
    const asked: number[] = [];
    const bridge = new FakeBridge(
      {},
      {
        'pos:offline-receipt': ({ id }) => {
          asked.push(id);
          return offlineReceipt;
        },
      },
    );
    await renderWithProviders(<SalesRoutes />, { bridge, route: '/-3/print' });
    expect(await screen.findByTestId('invoice-a4')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toMatch(/11\.50/);
    expect(screen.getByText('#42')).toBeTruthy();
    expect(asked).toEqual([-3]);
    // No sale/receipt/:id call: the FakeBridge would fail the test on one it was not told to answer.
  });

  it('says where its invoice is once the server has recorded it', async () => {
    const bridge = new FakeBridge({}, { 'pos:offline-receipt': () => null });
    await renderWithProviders(<SalesRoutes />, { bridge, route: '/-3/print' });
    expect(await screen.findByText('This sale has reached the server: open its invoice under Invoices.')).toBeTruthy();
  });
});

type ReviewRow = ResponseOf<'offline/review'>[number];
const reviewRow = (sale_id: number, invoice_no: number, notes: ReviewRow['notes']): ReviewRow => ({
  sale_id,
  branch_id: 1,
  invoice_no,
  station_id: '6f1c2a9e-0b7d-4c1e-9a57-3d2f8e4b1c00',
  cashier_id: 4,
  sold_at: '2026-11-26T11:05:00.000Z',
  recorded_at: '2026-11-26T12:30:00.000Z',
  payable: 2300,
  notes,
});
const note = (kind: ReviewRow['notes'][number]['kind'], n: Partial<ReviewRow['notes'][number]> = {}) => ({
  kind,
  product_id: null,
  package_id: null,
  kid_id: null,
  printed: null,
  current: null,
  ...n,
});
const everyNote = [
  note('STOCK_BELOW_ZERO', { product_id: 7 }),
  note('PRICE_CHANGED', { product_id: 7, printed: 1000, current: 1200 }),
  note('PRODUCT_DELETED', { product_id: 8 }),
  note('PACKAGE_DELETED', { package_id: 3 }),
  note('SUBSCRIPTION_CHANGED', { kid_id: 21, package_id: 3 }),
  note('NUMBER_TAKEN', { printed: 57, current: 61 }),
  note('NO_SHIFT'),
  note('CASHIER_GONE'),
];

describe('the manager’s review of offline sales', () => {
  it('lists each sale with its notes in words, and Mark reviewed takes it off the list', async () => {
    const user = userEvent.setup();
    let rows = [reviewRow(900, 57, everyNote), reviewRow(901, 58, [note('NO_SHIFT')])];
    const bridge = new FakeBridge({
      'offline/review': () => rows,
      'offline/review/done': (body) => {
        const saleId = Number(body.sale_id);
        rows = rows.filter((r) => r.sale_id !== saleId);
        return { sale_id: saleId, reviewed_at: '2026-11-26T13:00:00.000Z' };
      },
    });
    await renderWithProviders(<OfflineReview count={2} currency="SAR" />, { bridge });
    expect(screen.getByTestId('offline-review-card').textContent).toMatch(/^2 offline sales to review/);
    await user.click(screen.getByRole('button', { name: 'Review' }));

    const notes = await screen.findAllByTestId('offline-review-notes');
    expect([...notes[0]!.querySelectorAll('li')].map((li) => li.textContent!.replace(/\s+/g, ' '))).toEqual([
      'Stock of product #7 went below zero: the goods were handed over.',
      'Price changed since the sale: printed SAR 10.00, now SAR 12.00.',
      'Product #8 was deleted meanwhile; the line is recorded as printed.',
      'Package #3 was deleted meanwhile; the line is recorded as printed.',
      "Kid #21's subscriptions changed after the sale.",
      "Printed as invoice #57, recorded as #61: the printed number was no longer this station's.",
      'Cash was taken while the cashier had no open shift to count it in.',
      'The cashier who sold it was deleted meanwhile.',
    ]);
    const list = screen.getByTestId('offline-review-list');
    expect(within(list).getByText('#57')).toBeTruthy();
    expect(within(list).getAllByText('6f1c2a9e')).toHaveLength(2);

    await user.click(screen.getByTestId('offline-review-done-900'));
    expect(await screen.findByText('Marked as reviewed.')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByText('#57')).toBeNull());
    expect(bridge.bodiesOf('offline/review/done')).toEqual([{ sale_id: 900 }]);

    await user.click(screen.getByTestId('offline-review-done-901'));
    expect(await screen.findByText('No offline sales left to review.')).toBeTruthy();
  });

  it('in Arabic', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({
      'offline/review': [reviewRow(900, 57, [note('NUMBER_TAKEN', { printed: 57, current: 61 }), note('NO_SHIFT')])],
    });
    await renderWithProviders(<OfflineReview count={1} currency="SAR" />, { bridge, language: 'ar' });
    expect(screen.getByTestId('offline-review-card').textContent).toMatch(/^عملية بيع واحدة تمت دون اتصال للمراجعة/);
    await user.click(screen.getByRole('button', { name: 'مراجعة' }));
    const notes = await screen.findByTestId('offline-review-notes');
    expect([...notes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'طُبعت برقم الفاتورة 57 وسُجّلت برقم 61: لم يعد الرقم المطبوع لهذه المحطة.',
      'قُبض النقد ولم تكن لدى الكاشير وردية مفتوحة تُحسب فيها.',
    ]);
    expect(screen.getByRole('button', { name: /تعليم كمُراجعة/ })).toBeTruthy();
  });

  it('shows nothing when no sale waits for review, and the list without Mark reviewed to whom may only read', async () => {
    const empty = await renderWithProviders(<OfflineReview count={0} currency="SAR" />);
    expect(empty.queryByTestId('offline-review-card')).toBeNull();
    empty.unmount();

    const user = userEvent.setup();
    const reader = {
      ...cashier,
      role: 'manager',
      privilege: {
        id: 3,
        name_en: 'Reader',
        name_ar: 'قارئ',
        admin_access: false,
        features: { Invoices: { access: true, view: true, create: false, update: false, delete: false } },
      },
    };
    const bridge = new FakeBridge({ 'offline/review': [reviewRow(900, 57, [note('NO_SHIFT')])] });
    await renderWithProviders(<OfflineReview count={1} currency="SAR" />, { bridge, user: reader });
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByTestId('offline-review-notes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark reviewed/ })).toBeNull();
  });
});

describe('what needs the server, refused by a station cut from it', () => {
  const needsServer = {
    en: 'This needs the PlayDesk server, which cannot be reached now. Selling products and packages goes on offline; check-in, one-time codes, coupons, cash-up and reports wait until the server is back.',
    ar: 'يتطلب هذا خادم PlayDesk، وهو غير متاح الآن. يستمر بيع المنتجات والباقات دون اتصال؛ أما تسجيل الدخول ورموز التحقق والقسائم وإقفال الصندوق والتقارير فتنتظر عودة الخادم.',
  };

  const searchFor = { en: 'Mobile, name or ID number', ar: 'الجوال أو الاسم أو رقم الهوية' };
  for (const language of ['en', 'ar'] as const)
    it(`a check-in says why (${language})`, async () => {
      const user = userEvent.setup();
      const bridge = new FakeBridge({
        'branch/list': tillReads['branch/list'],
        'parent/search': [family],
        'sale/kidslist': [],
        'kids/checkedinlist': { rows: [], total: 0, page: 1, perPage: 50 },
        'settings/sms/status': { codes: true },
        'parent/kids/checkin': refuse('NEEDS_SERVER'),
      });
      await renderWithProviders(<FrontDeskPage />, { bridge, language });
      await user.type(screen.getByPlaceholderText(searchFor[language]), '0500{Enter}');
      const panel = within(await screen.findByTestId('parent-panel'));
      await user.type(panel.getByTestId('desk-badge'), 'B-9{Enter}');
      expect(await screen.findByText(needsServer[language])).toBeTruthy();
    });

  it('a coupon says why, and the cart stays as it was', async () => {
    const user = userEvent.setup();
    const bridge = new FakeBridge({ ...tillReads, 'sale/coupon': refuse('NEEDS_SERVER') });
    await renderWithProviders(<CartPage overtimeKids={[]} />, { bridge });
    const item = (await screen.findByText(juice.name_en)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Add' }));
    await user.type(screen.getByTestId('coupon-code'), 'SPRING');
    await user.click(screen.getByTestId('coupon-apply'));
    expect(await screen.findByText(needsServer.en)).toBeTruthy();
    expect(screen.getByTestId('cart-payable').textContent!.replace(/\s+/g, ' ')).toBe('SAR 11.50');
  });

  it('closing the shift says the offline sales must reach the server first', async () => {
    const user = userEvent.setup();
    const named = { id: 1, name_en: 'Amal', name_ar: 'أمل' };
    const money = { count: 0, cash: 0, card: 0, total: 0 };
    const shift: ResponseOf<'cashup/current'> = {
      id: 9,
      branch: { ...named, currency: 'SAR', time_zone: 'Asia/Riyadh' },
      cashier: named,
      opened_at: '2026-11-26T08:00:00.000Z',
      closed_at: null,
      opening_float: 0,
      invoices: money,
      creditNotes: money,
      discount: 0,
      vat: 0,
      refunds: [],
      expected_cash: 0,
      counted_cash: null,
      difference: null,
      as_of: '2026-11-26T12:00:00.000Z',
    };
    const bridge = new FakeBridge({ 'cashup/current': shift, 'cashup/close': refuse('OFFLINE_SALES_WAITING') });
    await renderWithProviders(<ShiftPage />, { bridge });
    await user.type(await screen.findByTestId('shift-counted'), '0');
    await user.click(screen.getByTestId('shift-close'));
    // The confirmation's own button (the card's, which opened it, has the same words).
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Close the shift' }));
    expect(
      await screen.findByText(
        'This station still has sales made offline to send. The shift can be closed once they have reached the server.',
      ),
    ).toBeTruthy();
    expect(bridge.bodiesOf('cashup/close')).toEqual([{ id: 9, counted_cash: 0 }]);
  });

  it('a report says why instead of an empty table', async () => {
    const bridge = new FakeBridge({ 'report/sales': refuse('NEEDS_SERVER') });
    await renderWithProviders(
      <SalesReport scope={{ dates: { from: '2026-11-01', to: '2026-11-26' }, branchId: null }} />,
      {
        bridge,
      },
    );
    expect((await screen.findByTestId('read-refusal')).textContent).toBe(needsServer.en);
  });
});
