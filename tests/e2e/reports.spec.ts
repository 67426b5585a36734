import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  adminOn,
  adminToken,
  api,
  doorStaff,
  e164,
  e2eDatabase,
  employeeIn,
  flags,
  printA4,
  productInStock,
  roleWith,
  sellPlayPass,
  seriousViolations,
  shiftOpen,
  shot,
  supervisorTokens,
} from './helpers';

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a manager opens the dashboard: the four cards, today by hour against last week, rooms, overtime, subscriptions ending, and the three lists`, async ({
    page,
  }) => {
    await soldToday(lang);
    const day = await busyDay(lang);
    await adminOn(page, lang, 'Dashboard');
    const dashboard = page.getByTestId('dashboard-page');
    await expect(dashboard).toBeVisible();
    await expect(page.getByTestId('card-todayRevenue')).toContainText(
      lang === 'en' ? "Today's takings" : 'إيراد اليوم',
    );
    // The same hour last week has its own bar: the chart's summary names last week's takings.
    await expect(page.getByTestId('revenue-by-hour').getByRole('img')).toHaveAttribute(
      'aria-label',
      lang === 'en' ? /the same day last week\D*[1-9]/ : /نفس اليوم من الأسبوع الماضي\D*[1-9]/,
    );
    await expect(page.getByTestId('dashboard-rooms')).toContainText(
      lang === 'en' ? `${day.room[0]}1 of 12` : `${day.room[1]}1 من 12`,
    );
    await expect(page.getByTestId('dashboard-overtime')).not.toContainText(
      lang === 'en' ? 'Forgiven (0 visits)' : 'المعفى (0 زيارة)',
    );
    // Both kids' passes end in three days; each row names the kid and the parent's mobile to call.
    await expect(
      page
        .getByTestId('dashboard-expiring')
        .getByRole('row')
        .filter({ hasText: day.mobile })
        .filter({ hasText: lang === 'en' ? day.kid[0] : day.kid[1] }),
    ).toBeVisible();
    await shot(page, `dashboard-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    // The sign-ins list, every page of it, as a spreadsheet.
    await page.getByRole('tab', { name: lang === 'en' ? 'Sign-ins' : 'تسجيلات الدخول' }).click();
    const download = page.waitForEvent('download');
    await page.getByTestId('login-report-export').click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      lang === 'en' ? [undefined, 'Employee', 'Signed in', 'Signed out'] : [undefined, 'الموظف', 'دخل', 'خرج'],
    );
    expect(sheet.getColumn(1).values).toContain(lang === 'en' ? 'Administrator' : 'مدير النظام');
  });
}

/**
 * What a manager's morning looks like, made through the server as the counter and the door would: a
 * sale at this hour a week ago, a room for 12 with one kid inside, a visit whose overtime a manager
 * forgave, and a subscription that ends in three days. Only time is moved in the database.
 */
async function busyDay(lang: 'en' | 'ar') {
  const token = await adminToken();
  const n = `${Date.now() % 100000}`.padStart(5, '0') + (lang === 'en' ? '1' : '2');
  const db = await e2eDatabase();
  try {
    const { id: productId } = await productInStock(
      token,
      { name_en: `Ball ${n}`, name_ar: `كرة ${n}`, price: 4600 },
      5,
    );
    await shiftOpen(token);
    const lastWeek = await api(
      'sale/sale/create',
      { cart: [{ product: { id: productId, qty: 1 } }], salesData: { payments: { cash: 4600 }, branch_id: 1 } },
      token,
    );
    await db.query(`update sales set created_at = created_at - interval '7 days' where id = $1`, [lastWeek.data.id]);

    const kid: [string, string] = lang === 'en' ? ['Lina', 'لينا'] : ['Omar', 'عمر'];
    const mobile = `0537${n}`;
    const parent = (await api('parent/create', { name_en: 'Maha', name_ar: 'مها', mobile }, token)).data;
    const [inRoom, late] = [
      (await api('kid/create', { parent_id: parent.id, name_en: kid[0], name_ar: kid[1], birth_date: null }, token))
        .data,
      (await api('kid/create', { parent_id: parent.id, name_en: 'Sami', name_ar: 'سامي', birth_date: null }, token))
        .data,
    ];
    const sale = await sellPlayPass(token, { tag: n, kids: [inRoom.id, late.id], overtimePrice: 2500 });
    // Sold 27 days ago, so the 30-day pass ends in three.
    await db.query(
      `update subscriptions set start_date = to_char(current_date - 27, 'YYYY-MM-DD'),
         end_date = to_char(current_date + 2, 'YYYY-MM-DD') where sale_id = $1`,
      [sale.id],
    );
    const visits = await api(
      'parent/kids/checkin',
      { parent_id: parent.id, badge: `D-${n}`, kidsList: [inRoom.id, late.id], branch_id: 1 },
      token,
    );
    expect(visits.message).toBe('CHECKIN_DONE');

    // Sami stayed four hours on a two-hour pass; a manager forgives the overtime at check-out.
    const lateVisit = visits.data.find((v) => v.kid_id === late.id)!;
    await db.query(`update kid_sessions set checkin_at = now() - interval '4 hours' where id = $1`, [lateVisit.id]);
    await api('parent/kids/checkout', { ids: [late.id] }, token);
    const forgiven = await api(
      'kids/session/fee',
      { session_id: lateVisit.id, action: 'forgive', reason: 'Birthday party ran late' },
      token,
    );
    expect(forgiven.status).toBe(true);

    const door = await doorStaff(token, n, lang === 'en' ? ['Nora Saad', 'نورة سعد'] : ['Amal Fahd', 'أمل فهد']);
    const room: [string, string] = [`Climbing wall ${n}`, `جدار التسلق ${n}`];
    const made = await api(
      'room/create',
      { name_en: room[0], name_ar: room[1], branch_id: 1, capacity: 12, supervisor_ids: [door.supervisorId] },
      token,
    );
    const tokens = await supervisorTokens(door);
    await api('room/supervisor/login', { room_id: made.data.id }, tokens.staff, tokens.supervisor);
    const entered = await api(
      'supervisor/checkin',
      { kid_id: inRoom.id, room_id: made.data.id, accept_age: false },
      tokens.staff,
      tokens.supervisor,
    );
    expect(entered.message).toBe('CHECKIN_DONE');
    return { room, kid, mobile: e164(mobile) };
  } finally {
    await db.end();
  }
}

/** A product only this story sells, sold three times today at the main branch: one of them in two. */
async function soldToday(lang: 'en' | 'ar') {
  const token = await adminToken();
  const tag = `${lang}${Date.now() % 100000}`;
  const product = await productInStock(
    token,
    { name_en: `Kite ${tag}`, name_ar: `طائرة ورقية ${tag}`, price: 2300 },
    20,
  );
  await shiftOpen(token);
  for (const qty of [1, 2])
    expect(
      (
        await api(
          'sale/sale/create',
          { cart: [{ product: { id: product.id, qty } }], salesData: { payments: { cash: 2300 * qty }, branch_id: 1 } },
          token,
        )
      ).message,
    ).toBe('SALES_COMPLETED');
  return { tag, name: lang === 'en' ? `Kite ${tag}` : `طائرة ورقية ${tag}` };
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a manager reads the sales report, runs a custom report by product, saves it and exports it to a spreadsheet`, async ({
    page,
  }) => {
    const { name } = await soldToday(lang);
    await adminOn(page, lang, 'Reports');
    await expect(page.getByTestId('sales-report')).toBeVisible();
    const productRow = page.getByTestId('sales-by-product').getByRole('row').filter({ hasText: name });
    await expect(productRow).toContainText('69.00');
    await expect(page.getByTestId('sales-chart')).toBeVisible();
    await shot(page, `reports-sales-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The custom report: rows by product, the sales count and the total, saved under a name.
    await page.getByRole('tab', { name: lang === 'en' ? 'Custom report' : 'تقرير مخصص' }).click();
    const dimensions = page.getByTestId('custom-dimensions');
    await dimensions.locator('.ant-select-selection-item-remove').first().click();
    await dimensions.click();
    await page.keyboard.type(lang === 'en' ? 'Product' : 'المنتج');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('custom-run').click();
    const row = page.getByTestId('custom-table').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('69.00');
    await page.getByTestId('custom-name').fill(lang === 'en' ? 'Products this month' : 'المنتجات هذا الشهر');
    await page.getByTestId('custom-save').click();
    await page.getByTestId('custom-saved').click();
    await expect(
      page
        .locator('.ant-select-item-option')
        .filter({ hasText: lang === 'en' ? 'Products this month' : 'المنتجات هذا الشهر' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await shot(page, `reports-custom-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Exported: the spreadsheet opened, its header and the product's cells as numbers.
    const download = page.waitForEvent('download');
    await page.getByTestId('custom-table-export').click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft ?? false).toBe(lang === 'ar');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      lang === 'en' ? 'Product' : 'المنتج',
      lang === 'en' ? 'Sales' : 'المبيعات',
      lang === 'en' ? 'Total with VAT' : 'الإجمالي مع الضريبة',
    ]);
    const cells = sheet.getSheetValues().find((r) => Array.isArray(r) && r[1] === name) as unknown[];
    expect(cells.slice(1)).toEqual([name, 2, 69]);

    // The other tabs look right too.
    await page.getByRole('tab', { name: lang === 'en' ? 'Subscriptions' : 'الاشتراكات' }).click();
    await expect(page.getByTestId('subscriptions-report')).toBeVisible();
    await shot(page, `reports-subscriptions-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: lang === 'en' ? 'Cash-ups' : 'تسويات الصندوق' }).click();
    await expect(page.getByTestId('shifts-report')).toBeVisible();
    // Settled first: while the list loads its export button turns from disabled to enabled, a colour
    // transition that axe would measure half-way (it once found that button's text too faint).
    await shot(page, `reports-cashups-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a manager reads the user summary: a cashier's sales and credit note apart and her short cash-up, exported and printed on A4`, async ({
    page,
  }) => {
    const admin = await adminToken();
    const n = `${Date.now() % 100000}`.padStart(5, '0') + (lang === 'en' ? '1' : '2');
    const name = lang === 'en' ? `Rana ${n}` : `رنا ${n}`;
    const role = await roleWith(admin, [`Till ${n}`, `صندوق ${n}`], {
      Sales: flags('access', 'view', 'create'),
      Invoices: flags('access', 'view', 'update'),
    });
    await employeeIn(admin, role, { names: [`Rana ${n}`, `رنا ${n}`], mobile: `0536${n}`, password: 'till-01' });
    const cashier = (await api('user/login', { login: `0536${n}`, password: 'till-01' })).data.accessToken;
    const toy = await productInStock(admin, { name_en: `Top ${n}`, name_ar: `بلبل ${n}`, price: 2300 }, 5);
    // Float 100.00; two sales in cash (46.00 and 23.00), the second cancelled; 141.00 counted of 146.00.
    const shift = await api('cashup/open', { opening_float: 10000, branch_id: null }, cashier);
    expect(shift.status).toBe(true);
    const sell = (qty: number) =>
      api(
        'sale/sale/create',
        { cart: [{ product: { id: toy.id, qty } }], salesData: { payments: { cash: 2300 * qty } } },
        cashier,
      );
    expect((await sell(2)).message).toBe('SALES_COMPLETED');
    const cancelled = await sell(1);
    expect((await api('sale/cancelinvoice', { id: cancelled.data.id }, cashier)).message).toBe('INVOICE_CANCELLED');
    expect((await api('cashup/close', { id: shift.data.id, counted_cash: 14100 }, cashier)).status).toBe(true);

    await adminOn(page, lang, 'Reports');
    await page.getByRole('tab', { name: lang === 'en' ? 'User summary' : 'ملخص الموظفين' }).click();
    const row = page.getByTestId('user-summary-table').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('69.00');
    await expect(row).toContainText('23.00');
    await expect(row).toContainText('5.00');
    await expect(page.getByTestId('user-summary-notes')).toContainText(
      lang === 'en' ? "on that branch's own calendar days" : 'بحسب أيام ذلك الفرع',
    );
    await shot(page, `reports-users-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The spreadsheet: her row as numbers, credit notes apart and negative, money in riyals.
    const download = page.waitForEvent('download');
    await page.getByTestId('user-summary-export').click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft ?? false).toBe(lang === 'ar');
    expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual(
      lang === 'en'
        ? [
            'Employee',
            'Sign-ins: Count',
            'Sign-ins: Hours',
            'Sales: Count',
            'Sales: Amount',
            'Credit notes: Count',
            'Credit notes: Amount',
          ]
        : [
            'الموظف',
            'تسجيلات الدخول: العدد',
            'تسجيلات الدخول: الساعات',
            'المبيعات: العدد',
            'المبيعات: المبلغ',
            'الإشعارات الدائنة: العدد',
            'الإشعارات الدائنة: المبلغ',
          ],
    );
    const cells = sheet.getSheetValues().find((r) => Array.isArray(r) && r[1] === name) as unknown[];
    // Name; one sign-in, no time yet; 2 sales 69.00; 1 credit note −23.00; no kids; no overtime; 1 shift, short 5.00.
    expect(cells.slice(1)).toEqual([name, 1, 0, 2, 69, 1, -23, 0, 0, 0, 0, 0, 0, 1, 1, -5]);

    // Printed on A4: the table and what each column counts, without the buttons.
    await printA4(page, `reports-users-a4-${lang}`);
    const printed = execFileSync('pdftotext', [
      '-layout',
      `test-results/screens/reports-users-a4-${lang}.pdf`,
      '-',
    ]).toString();
    expect(printed).toContain('69.00');
    expect(printed).toContain(lang === 'en' ? '-SAR 23.00' : '-23.00');
    if (lang === 'en') {
      expect(printed).toContain(name);
      expect(printed).toContain('what the employee did at the branch chosen');
      expect(printed).not.toContain('Export to Excel');
    }
  });
}
