import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eAdmin, e2eServerURL, e2eStackDir } from '../../playwright.config';
import {
  adminOn,
  adminToken,
  api,
  dialogOpened,
  e164,
  printA4,
  productInStock,
  selectOption,
  shiftOpen,
  shot,
  tillInMainBranch,
} from './helpers';

const words = {
  en: {
    done: /Sale completed: invoice #(\d+)/,
    creditNoteFor: (no: string) => `Credit note for invoice #${no}`,
    change: /Change: .*35\.00/,
    paid: 'Paid',
    cancelledToast: 'Invoice cancelled.',
    cancelled: 'Cancelled',
    statusCancelled: 'Cancelled',
  },
  ar: {
    done: /تمت عملية البيع: فاتورة رقم (\d+)/,
    creditNoteFor: (no: string) => `إشعار دائن للفاتورة رقم ${no}`,
    change: /الباقي: .*35\.00/,
    paid: 'مدفوعة',
    cancelledToast: 'تم إلغاء الفاتورة.',
    cancelled: 'ملغاة',
    statusCancelled: 'ملغى',
  },
} as const;

/**
 * The till in each language: a package for two kids and a product with a coupon, paid in cash; the
 * invoice in the list; cancelled by a credit note, which also cancels the two subscriptions.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: sell a package to two kids and a product with a coupon, then cancel the invoice`, async ({ page }) => {
    const w = words[lang];
    const tag = `${lang}${Date.now() % 100000}`;
    // The catalogue and the family, put in through the server as a back office and front desk would.
    const token = await adminToken();
    await api(
      'branch/update',
      {
        id: 1,
        name_en: 'Main branch',
        name_ar: 'الفرع الرئيسي',
        vat_number: '310122393500003',
        address: 'Olaya St, Riyadh',
        phone: '0112345678',
      },
      token,
    );
    await productInStock(token, { name_en: `Socks ${tag}`, name_ar: `جوارب ${tag}`, price: 2000 }, 5);
    const pass = (
      await api(
        'package/create',
        {
          name_en: `Monthly ${tag}`,
          name_ar: `شهري ${tag}`,
          price: 10000,
          tax_id: 1,
          included: 1,
          validity_days: 30,
          daily_limits: 2,
          margin_minutes: '10',
        },
        token,
      )
    ).data;
    await api('coupon/create', { code: `C${tag}`.toUpperCase(), type: 'amount', value: 500 }, token);
    const mobile = `0577${String(Date.now()).slice(-6)}`;
    const parent = (await api('parent/create', { name_en: `Huda ${tag}`, name_ar: `هدى ${tag}`, mobile }, token)).data;
    for (const [en, ar] of [
      ['Omar', 'عمر'],
      ['Layla', 'ليلى'],
    ] as const)
      await api('kid/create', { parent_id: parent.id, name_en: en, name_ar: ar, vip: en === 'Layla' }, token);

    // The administrator sells at the till: in cash, through their open shift.
    await shiftOpen(token);
    await adminOn(page, lang, 'Sales');
    await tillInMainBranch(page, lang);

    // The parent, found by mobile as the cashier types it.
    await page.getByTestId('cart-parent').click();
    await page.keyboard.type(mobile.slice(0, 7));
    await selectOption(page, e164(mobile));

    // The package, for both kids: one line, quantity two.
    await page.getByTestId('cart-tab-packages').click();
    await page.getByTestId(`cart-package-${pass.id}`).click();
    await page.getByTestId(`cart-kids-${pass.id}`).click();
    await selectOption(page, lang === 'en' ? 'Omar' : 'عمر');
    await selectOption(page, lang === 'en' ? 'Layla' : 'ليلى');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`cart-qty-${pass.id}`)).toHaveText('2');

    // The product, by name and Enter, as a scanner would add it.
    await page.getByRole('tab').first().click();
    await page.getByTestId('cart-search').locator('input').fill(tag);
    await page.getByTestId('cart-search').locator('input').press('Enter');
    await expect(page.getByTestId('cart-payable')).toContainText('220.00');
    await page.getByTestId('coupon-code').fill(`C${tag}`.toUpperCase());
    await page.getByTestId('coupon-apply').click();
    await expect(page.getByTestId('cart-payable')).toContainText('215.00');
    await shot(page, `cart-package-${lang}`, { settled: true });
    await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('250');
    await expect(page.getByTestId('cart-change')).toHaveText(w.change);
    await page.getByTestId('cart-complete').click();
    await expect(page.getByText(w.done)).toBeVisible();
    const invoiceNo = (await page.getByText(w.done).textContent())!.match(w.done)![1]!;
    await expect(page.getByRole('listitem').filter({ hasText: lang === 'en' ? 'Omar' : 'عمر' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: lang === 'en' ? 'Layla' : 'ليلى' })).toBeVisible();
    await shot(page, `sale-done-${lang}`, { settled: true });

    // The A4 invoice, as the print dialog would print it: a PDF, turned into a picture to look at.
    await page.getByTestId('sale-print').click();
    await expect(page.getByTestId('invoice-total')).toContainText('215.00');
    await expect(page.getByTestId('invoice-qr')).toBeVisible();
    await printA4(page, `invoice-a4-${lang}`);
    // Each language leads from its own side: English at the left, Arabic at the right, on either page.
    for (const pair of await page.locator('.a4-head, .a4-both').all()) {
      const en = (await pair.locator(':scope > [dir=ltr]').boundingBox())!;
      const ar = (await pair.locator(':scope > [lang=ar]').boundingBox())!;
      expect(ar.x).toBeGreaterThan(en.x);
    }
    // In the browser, Print A4 opens the browser's own print dialog (which also saves PDFs).
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-print-dialog', 'opened');
    });
    await page.getByTestId('invoice-print').click();
    await expect(page.locator('body')).toHaveAttribute('data-print-dialog', 'opened');
    await expect(page.getByTestId('invoice-pdf')).toHaveCount(0);

    await page.goto('/#/Invoices');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `#${invoiceNo}`, exact: true }) })
      .filter({ hasText: w.paid });
    await expect(row).toHaveCount(1);
    const stat = (id: string) => page.getByTestId(id).locator('.ant-statistic-content-value');
    const invoicesBefore = Number(await stat('invoices-count').textContent());
    const notesBefore = Number(await stat('invoices-credit-notes').textContent());
    await row.getByTestId('invoice-cancel').click();
    await dialogOpened(page);
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByText(w.cancelledToast)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: w.creditNoteFor(invoiceNo) })).toContainText(/-.*215\.00/);
    // One count each, never negative: the credit note adds a credit note, not an invoice.
    await expect(stat('invoices-credit-notes')).toHaveText(String(notesBefore + 1));
    await expect(stat('invoices-count')).toHaveText(String(invoicesBefore));
    await expect(
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: `#${invoiceNo}`, exact: true }) })
        .filter({ hasText: w.cancelled }),
    ).toHaveCount(1);
    await shot(page, `invoices-cancelled-${lang}`, { settled: true });

    // The subscriptions went with the invoice; the stock came back.
    await page.goto('/#/Subscriptions');
    await page.getByRole('searchbox').fill(mobile);
    await page.getByRole('searchbox').press('Enter');
    await expect(page.getByRole('row').filter({ hasText: w.statusCancelled })).toHaveCount(2);
    await shot(page, `subscriptions-${lang}`, { settled: true });
    const list = await api('product/pagelist', { q: `Socks ${tag}` }, token);
    expect(list.data.rows[0]?.stock).toBe(5);
  });
}

/**
 * A sale sent whose answer never came, left by a station that stopped. Written as the station keeps it
 * (its data folder), then shown by the till: finishing sends it under its first key, so the server
 * answers with the invoice it had already made; dropping gives it up.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the till finishes a sale left unanswered before a restart, once, or drops it`, async ({ page }) => {
    const w = words[lang];
    const token = await adminToken();
    const tag = `${lang}p${Date.now() % 100000}`;
    const product = await productInStock(token, { name_en: `Cup ${tag}`, name_ar: `كوب ${tag}`, price: 1500 }, 5);
    const body = {
      cart: [{ product: { id: product.id, qty: 1 } }],
      salesData: { payments: { cash: 2000 }, branch_id: 1 },
    };
    const key = randomUUID();
    await shiftOpen(token);
    // The server recorded it; the answer was lost on the way back to the till.
    const recorded = await fetch(`${e2eServerURL}/sale/sale/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const invoiceNo = ((await recorded.json()) as { data: { invoice_no: number } }).data.invoice_no;
    const adminId = (await api('user/login', { login: e2eAdmin.login, password: e2eAdmin.password })).data.user.id;
    const stationDir = join(e2eStackDir, 'station');
    const leavePending = (key: string) => {
      mkdirSync(stationDir, { recursive: true });
      writeFileSync(
        join(stationDir, 'pending-commands.json'),
        JSON.stringify([{ name: 'sale/sale/create', userId: adminId, key, body, since: new Date().toISOString() }]),
      );
    };
    leavePending(key);

    await adminOn(page, lang, 'Sales');
    await expect(page.getByTestId('pending-sale')).toBeVisible();
    await expect(page.getByTestId('pending-sale')).toContainText('20.00');
    await shot(page, `pending-sale-${lang}`, { settled: true });
    await page.getByTestId('pending-finish').click();
    await expect(page.getByText(w.done)).toHaveText(w.done);
    expect((await page.getByText(w.done).textContent())!.match(w.done)![1]).toBe(String(invoiceNo));
    await expect(page.getByTestId('pending-sale')).toHaveCount(0);
    const stock = async () => (await api('product/pagelist', { q: `Cup ${tag}` }, token)).data.rows[0]?.stock;
    expect(await stock()).toBe(4);

    leavePending(randomUUID());
    await page.reload();
    await page.getByTestId('pending-drop').click();
    await dialogOpened(page);
    await page.getByTestId('pending-drop-confirm').click();
    await expect(page.getByTestId('pending-sale')).toHaveCount(0);
    expect(await stock()).toBe(4);
  });
}
