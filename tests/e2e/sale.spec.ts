import { expect, test } from '@playwright/test';
import { e2eAdmin, e2eServerURL } from '../../playwright.config';
import { chooseLanguage, freshStation, shot, signIn } from './helpers';

/** A product with a coupon, paid in cash at the till, then found in the invoice list and cancelled. */
test('Arabic: sell with a coupon and cash, see the invoice, cancel it by a credit note', async ({ page }) => {
  // Stock and a coupon, put in through the server as a back office would.
  const post = async (path: string, body: unknown, token?: string) =>
    (
      await fetch(`${e2eServerURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
  const token = (await post('/user/login', { login: e2eAdmin.login, password: e2eAdmin.password })).data.accessToken;
  const product = (await post('/product/create', { name_en: 'Trampoline socks', name_ar: 'جوارب الترامبولين', price: 2000, tax_id: 1, included: 1 }, token)).data;
  await post('/product/addstock', { id: product.id, qty: 5 }, token);
  await post('/coupon/create', { code: 'E2E20', type: 'amount', value: 500 }, token);

  await freshStation(page);
  await chooseLanguage(page, 'ar');
  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  await page.goto('/#/Sales');
  await page.getByTestId('cart-branch').click();
  await page.locator('.ant-select-dropdown:visible').getByText('الفرع الرئيسي', { exact: true }).click();
  await page.getByTestId('cart-search').locator('input').fill('الترامبولين');
  await page.getByTestId('cart-search').locator('input').press('Enter'); // Enter adds the first match, as a scanner would
  await page.getByTestId(`cart-add-${product.id}`).click();
  await expect(page.getByTestId('cart-payable')).toHaveText(/^\W*40\.00\s*ر\.س\.\W*$/);
  await page.getByTestId('coupon-code').fill('E2E20');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('cart-payable')).toHaveText(/^\W*35\.00\s*ر\.س\.\W*$/);
  await page.locator('input[data-testid=pay-cash], [data-testid=pay-cash] input').first().fill('50');
  await expect(page.getByTestId('cart-change')).toHaveText(/الباقي: \W*15\.00\s*ر\.س\./);
  await page.getByTestId('cart-complete').click();
  await expect(page.getByText(/تمت عملية البيع: فاتورة رقم \d+/)).toBeVisible();
  await shot(page, 'sale-done-ar');

  await page.goto('/#/Invoices');
  const row = page.getByRole('row').filter({ hasText: /35\.00/ }).first();
  await expect(row).toContainText('مدفوعة');
  await row.getByTestId('invoice-cancel').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(page.getByText('تم إلغاء الفاتورة.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'إشعار دائن' })).toContainText(/-35\.00/);
  await expect(page.getByRole('row').filter({ hasText: 'ملغاة' })).toHaveCount(1);
  await shot(page, 'invoices-cancelled-ar');

  // The stock came back: five received, two sold, two returned.
  const list = await post('/product/pagelist', { q: 'Trampoline' }, token);
  expect(list.data.rows[0].stock).toBe(5);
});
