import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminOn, adminToken, api, seriousViolations, shot } from './helpers';

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a manager opens the dashboard: the four cards, today by hour, rooms, overtime, subscriptions ending, and the three lists`, async ({
    page,
  }) => {
    await soldToday(lang);
    await adminOn(page, lang, 'Dashboard');
    const dashboard = page.getByTestId('dashboard-page');
    await expect(dashboard).toBeVisible();
    await expect(page.getByTestId('card-todayRevenue')).toContainText(
      lang === 'en' ? "Today's takings" : 'إيراد اليوم',
    );
    await expect(page.getByTestId('revenue-by-hour')).toBeVisible();
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

/** A product only this story sells, sold three times today at the main branch: one of them in two. */
async function soldToday(lang: 'en' | 'ar') {
  const token = await adminToken();
  const tag = `${lang}${Date.now() % 100000}`;
  const product = (
    await api(
      'product/create',
      { name_en: `Kite ${tag}`, name_ar: `طائرة ورقية ${tag}`, price: 2300, tax_id: 1, included: 1 },
      token,
    )
  ).data;
  await api('product/addstock', { id: product.id, qty: 20 }, token);
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
