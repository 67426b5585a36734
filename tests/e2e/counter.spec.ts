import { expect, test, type Page } from '@playwright/test';
import {
  adminOn,
  adminToken,
  api,
  chooseLanguage,
  dialogOpened,
  e164,
  employeeIn,
  flags,
  freshStation,
  roleWith,
  selectOption,
  shiftOpen,
  shot,
  signIn,
  signOut,
} from './helpers';

/** The counter explains itself: what is disabled says why, the station knows its branch, kids' entry and exit have their own words. */

const mainBranch = { en: 'Main branch', ar: 'الفرع الرئيسي' } as const;

/** A family with two kids on a two-hour package, put in through the server. */
async function family(tag: string) {
  const token = await adminToken();
  const mobile = `0544${String(Date.now()).slice(-6)}`;
  const parent = (await api('parent/create', { name_en: `Huda ${tag}`, name_ar: `هدى ${tag}`, mobile }, token)).data;
  const kid = (await api('kid/create', { parent_id: parent.id, name_en: 'Yousef', name_ar: 'يوسف' }, token)).data;
  const pass = (
    await api(
      'package/create',
      {
        name_en: `Hour ${tag}`,
        name_ar: `ساعة ${tag}`,
        price: 3000,
        tax_id: 1,
        included: 1,
        validity_days: 30,
        daily_limits: 2,
        margin_minutes: '10,5',
        overtime_price: 2000,
      },
      token,
    )
  ).data;
  await shiftOpen(token);
  await api(
    'sale/sale/create',
    {
      cart: [{ package: { id: pass.id }, kids: [kid.id] }],
      salesData: { payments: { cash: 3000 }, branch_id: 1 },
      parentInfo: { parent_id: parent.id },
    },
    token,
  );
  return { token, mobile, parent, kid, pass };
}

/** An employee of the main branch holding a new role with these rights; signs in with PASSWORD. */
const PASSWORD = 'staff-01';
async function employee(names: [string, string], features: Parameters<typeof roleWith>[2]) {
  const admin = await adminToken();
  const role = await roleWith(admin, names, features);
  const mobile = `0566${String(Date.now()).slice(-6)}`;
  await employeeIn(admin, role, { names: [`${names[0]} user`, `${names[1]} موظف`], mobile, password: PASSWORD });
  return mobile;
}

async function findFamily(page: Page, mobile: string) {
  await page.getByTestId('desk-search').locator('input').fill(mobile);
  await expect(page.locator('[data-testid^=desk-parent-]').first()).toBeVisible();
  await page.getByTestId('desk-search').locator('input').press('Enter');
  await expect(page.getByTestId('parent-panel')).toContainText(e164(mobile));
}

/** This station's branch, as an administrator sets it in Settings (null: none chosen). */
async function stationBranch(page: Page, lang: 'en' | 'ar', branch: boolean) {
  await page.goto('/#/Settings');
  if (branch) {
    await page.getByTestId('station-branch').click();
    await selectOption(page, mainBranch[lang]);
  } else {
    // The clear icon shows only when a branch is set.
    await page.getByTestId('station-branch').hover();
    const clear = page.getByTestId('station-branch').locator('.ant-select-clear');
    if ((await clear.count()) > 0) await clear.click();
  }
  await page.getByTestId('station-save').click();
  await expect(page.locator('.ant-notification-notice-success').last()).toBeVisible();
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: with no branch the front desk says why it waits; the station's branch from Settings makes the badge check in; a kid checked out is ticked again`, async ({
    page,
  }) => {
    const { mobile, kid } = await family(`why-${lang}`);
    await adminOn(page, lang, 'Settings');
    await stationBranch(page, lang, false);
    await page.goto('/#/FrontDesk');
    await findFamily(page, mobile);
    await expect(page.getByTestId('desk-checkin')).toBeDisabled();
    await expect(page.getByTestId('desk-checkin-why')).toHaveText(lang === 'en' ? /branch/ : /فرع/);
    // The scanner's Enter with nowhere to check in says why instead of doing nothing.
    await page.getByTestId('desk-badge').fill(`W-${lang}`);
    await page.getByTestId('desk-badge').press('Enter');
    await expect(page.locator('.ant-notification-notice-warning')).toContainText(lang === 'en' ? /branch/ : /فرع/);
    await shot(page, `desk-why-${lang}`);

    await stationBranch(page, lang, true);
    await page.goto('/#/FrontDesk');
    await findFamily(page, mobile);
    await expect(page.getByTestId(`desk-kid-${kid.id}`)).toBeChecked();
    await page.getByTestId('desk-badge').fill(`ST-${lang}`);
    await page.getByTestId('desk-badge').press('Enter');
    await expect(page.getByTestId(`desk-checkout-${kid.id}`)).toBeVisible();
    // Checked out again, the kid is ticked for the next check-in.
    await page.getByTestId(`desk-checkout-${kid.id}`).click();
    await expect(page.getByTestId(`desk-kid-${kid.id}`)).toBeChecked();
    await expect(page.getByTestId('desk-checkin')).toContainText('(1)');
    await stationBranch(page, lang, false);
  });
}

test('the till says why Complete is disabled (English and Arabic)', async ({ page }) => {
  const token = await adminToken();
  const product = (
    await api(
      'product/create',
      { name_en: 'Juice why', name_ar: 'عصير لماذا', price: 500, tax_id: 1, included: 1 },
      token,
    )
  ).data;
  await api('product/addstock', { id: product.id, qty: 5 }, token);
  for (const lang of ['en', 'ar'] as const) {
    await adminOn(page, lang, 'Settings');
    await stationBranch(page, lang, false);
    await page.goto('/#/Sales');
    await page.getByTestId('cart-search').locator('input').fill('Juice why');
    await page.getByTestId(`cart-add-${product.id}`).click();
    await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('5');
    await expect(page.getByTestId('cart-complete')).toBeDisabled();
    await expect(page.getByTestId('cart-complete-why')).toBeVisible();
    await expect(page.getByTestId('cart-complete-why')).toHaveText(lang === 'en' ? /branch/ : /فرع/);
    await shot(page, `till-why-${lang}`);
  }
});

test('Arabic: a kid enters and leaves in words of their own, not the sign-in words; 80 mm reads right; Send code says what was sent', async ({
  page,
}) => {
  const { mobile } = await family('words');
  await adminOn(page, 'ar', 'FrontDesk');
  const signOutText = (await page.getByTestId('logout-button').textContent())!.trim();
  const tab = (await page.getByRole('tab').first().textContent())!.trim();
  expect(tab).not.toContain('تسجيل');
  await page.getByTestId('desk-branch').click();
  await selectOption(page, mainBranch.ar);
  await findFamily(page, mobile);
  await expect(page.getByTestId('desk-checkin')).not.toContainText('تسجيل');
  await page.getByTestId('otp-send').click();
  // What was done, with the mobile's end only.
  await expect(page.locator('.ant-notification-notice')).toContainText(mobile.slice(-3));
  await expect(page.locator('.ant-notification-notice')).not.toContainText(mobile.slice(1));
  await shot(page, 'desk-words-ar');
  await page.getByTestId('desk-badge').fill('AR-W');
  await page.getByTestId('desk-badge').press('Enter');
  const out = page.locator('[data-testid^=desk-checkout-]').first();
  await expect(out).toBeVisible();
  expect((await out.textContent())!.trim()).not.toBe(signOutText);
  await expect(out).not.toContainText('تسجيل');

  await page.goto('/#/Settings');
  // The paper size reads number then unit, each isolated (never "mm 80").
  await expect(page.getByTestId('printer-paper')).toContainText('80 مم');
  await shot(page, 'settings-paper-ar', { settled: true });

  await page.goto('/#/Packages');
  await page.getByTestId('package-add').click();
  // Measured once the dialog has finished zooming in: mid-animation its parts are scaled, not laid out.
  await expect(page.locator('[class*="-appear"]:visible, [class*="-enter"]:visible')).toHaveCount(0);
  const form = await page.getByTestId('package-form').boundingBox();
  const tax = await page
    .getByTestId('package-form')
    .locator('.ant-form-item')
    .filter({ hasText: 'نسبة' })
    .locator('.ant-select')
    .boundingBox();
  expect(tax!.width).toBeGreaterThan(form!.width * 0.4);
  await shot(page, 'package-form-ar', { settled: true });
});

test('packages show the overtime margin as minutes per hour (English and Arabic)', async ({ page }) => {
  const { pass } = await family('margin');
  await adminOn(page, 'en', 'Packages');
  const row = (lang: 'en' | 'ar') =>
    page.getByRole('row').filter({ hasText: lang === 'en' ? pass.name_en : pass.name_ar });
  await expect(row('en')).toContainText('Hour 1: 10 minutes, then 5 minutes each hour after');
  await shot(page, 'packages-margin-en', { settled: true });
  await chooseLanguage(page, 'ar');
  await expect(row('ar')).toContainText('الساعة 1: 10 دقائق، ثم 5 دقائق لكل ساعة بعدها');
  await shot(page, 'packages-margin-ar', { settled: true });
});

test('each user lands on the first screen their role works in; the menu shows only screens that exist', async ({
  page,
}) => {
  const mobile = await employee(['Cashier land', 'كاشير الهبوط'], {
    FrontDesk: flags('access', 'view', 'create'),
    Sales: flags('access', 'view', 'create'),
  });

  await freshStation(page);
  for (const lang of ['en', 'ar'] as const) {
    await chooseLanguage(page, lang);
    await signIn(page, mobile, PASSWORD);
    await expect(page.getByTestId('front-desk')).toBeVisible();
    await shot(page, `landing-cashier-${lang}`, { settled: true });
    await signOut(page);
  }
  // A manager lands on the dashboard (from the station's start page, not the cashier's last address).
  await page.goto('/');
  await chooseLanguage(page, 'en');
  await signIn(page, 'admin@playdesk.test', 'e2e-admin-pass');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  const menu = page.getByTestId('side-menu');
  // An entry's name is its icon's and its label's ("message Chat").
  await expect(menu.getByRole('menuitem', { name: /(^|\s)Home$/ })).toHaveCount(0);
  // Chat ships with issue 24: the administrator (every right) has it.
  await expect(menu.getByRole('menuitem', { name: /(^|\s)Chat$/ })).toHaveCount(1);
  await page.goto('/#/Rooms');
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await page.getByTestId('side-menu').locator('.pd-brand').click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await shot(page, 'landing-admin-en', { settled: true });
});

test('the roles form selects a whole row or column with one box, keyboard too, leaving what the user may not grant', async ({
  page,
}) => {
  const mobile = await employee(['Row lead', 'مشرف الصفوف'], {
    Roles: flags('access', 'view', 'create', 'update'),
    FrontDesk: flags('access', 'view', 'create'),
  });

  await freshStation(page);
  for (const lang of ['en', 'ar'] as const) {
    await chooseLanguage(page, lang);
    await signIn(page, mobile, PASSWORD);
    await page.goto('/#/Roles');
    await page.getByTestId('role-add').click();
    await dialogOpened(page);
    // A row: every right of the front desk this manager holds, and nothing they do not.
    await page.getByTestId('row-all-FrontDesk').focus();
    await page.keyboard.press('Space');
    for (const flag of ['access', 'view', 'create'])
      await expect(page.getByTestId(`flag-FrontDesk-${flag}`)).toBeChecked();
    for (const flag of ['update', 'delete']) await expect(page.getByTestId(`flag-FrontDesk-${flag}`)).not.toBeChecked();
    await expect(page.getByTestId('row-all-FrontDesk')).toBeChecked();
    // A column: "view" wherever they may give it.
    await page.getByTestId('column-all-view').check();
    await expect(page.getByTestId('flag-Roles-view')).toBeChecked();
    await expect(page.getByTestId('flag-Sales-view')).not.toBeChecked();
    await expect(page.getByTestId('row-all-Sales')).toBeDisabled();
    await shot(page, `role-select-all-${lang}`, { settled: true });
    await page.getByTestId('column-all-view').uncheck();
    await expect(page.getByTestId('flag-Roles-view')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await signOut(page);
  }
  // An administrator's column box ticks the whole column.
  await signIn(page, 'admin@playdesk.test', 'e2e-admin-pass');
  await page.goto('/#/Roles');
  await page.getByTestId('role-add').click();
  await dialogOpened(page);
  await page.getByTestId('column-all-delete').check();
  await expect(page.getByTestId('flag-Settings-delete')).toBeChecked();
  await expect(page.getByTestId('flag-Sales-access')).toBeChecked();
  await shot(page, 'role-select-all-admin-en', { settled: true });
});
