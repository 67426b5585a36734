import { expect, test } from '@playwright/test';
import { e2eAdmin, e2eServerURL } from '../../playwright.config';
import { choose, chooseLanguage, freshStation, shot, signIn, signOut } from './helpers';

/**
 * An administrator makes a front-desk-only role and an employee who holds it; that employee then sees
 * only the front desk, and the server refuses the rest.
 */

test('a front-desk-only role: made by the administrator, seen and enforced for its employee (Arabic and English)', async ({
  page,
}) => {
  await freshStation(page);
  await chooseLanguage(page, 'ar');
  await signIn(page, e2eAdmin.login, e2eAdmin.password);

  // The role, with only the front desk ticked.
  await page.goto('/#/Roles');
  await page.getByTestId('role-add').click();
  const roleForm = page.getByTestId('role-form');
  await roleForm.getByTestId('name-en').fill('Front desk');
  await roleForm.getByTestId('name-ar').fill('موظف الاستقبال');
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('اختر شاشة واحدة على الأقل أو امنح صلاحية المدير.')).toBeVisible();
  for (const flag of ['view', 'create', 'update']) await page.getByTestId(`flag-FrontDesk-${flag}`).check();
  await expect(page.getByTestId('flag-FrontDesk-access')).toBeChecked(); // a right implies access
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByTestId('roles-page').getByRole('cell', { name: 'موظف الاستقبال' })).toBeVisible();
  await shot(page, 'roles-ar');

  // The employee who holds it.
  await page.goto('/#/Employees');
  await page.getByTestId('employee-add').click();
  const employeeForm = page.getByTestId('employee-form');
  await employeeForm.getByTestId('name-en').fill('Layla Nasser');
  await employeeForm.getByTestId('name-ar').fill('ليلى ناصر');
  await page.getByTestId('employee-mobile').fill('0501112233');
  await choose(page, 'employee-role', 'موظف الاستقبال');
  await choose(page, 'employee-branch', 'الفرع الرئيسي');
  await page.getByTestId('employee-password').fill('front-1');
  await page.getByTestId('employee-confirm').fill('front-1');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByTestId('employee-form')).toHaveCount(0);
  // Other stories add employees too: the list is searched, as a manager with a long list would.
  await page.getByTestId('employees-page').getByRole('searchbox').fill('ليلى');
  await page.getByTestId('employees-page').getByRole('searchbox').press('Enter');
  await expect(page.getByRole('cell', { name: 'ليلى ناصر' })).toBeVisible();
  await shot(page, 'employees-ar');

  // Her profile: attach a scanned ID to her files.
  await page.getByRole('cell', { name: 'ليلى ناصر' }).click();
  await expect(page.getByTestId('employee-profile')).toBeVisible();
  await page.getByRole('tab', { name: 'الملفات' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('file-upload').click();
  await (
    await chooser
  ).setFiles({ name: 'iqama.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%scan') });
  await expect(page.getByText(/^iqama-[a-z0-9]{10}\.pdf$/)).toBeVisible();
  await shot(page, 'employee-files-ar');
  await signOut(page);

  // Signed in as her, in English: the menu holds the front desk only.
  await chooseLanguage(page, 'en');
  await signIn(page, '0501112233', 'front-1');
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Front desk')).toBeVisible();
  for (const hidden of ['Employees', 'Roles and privileges', 'Branches', 'Sales', 'Reports'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('header-branch')).toHaveText(/Main branch/);
  await page.goto('/#/Employees');
  await expect(page.getByTestId('employees-page')).toHaveCount(0);
  await shot(page, 'front-desk-employee-en');
  await signOut(page);

  // And the server refuses what the menu hides.
  const login = await (
    await fetch(`${e2eServerURL}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: '0501112233', password: 'front-1' }),
    })
  ).json();
  for (const path of ['/user/pagelist', '/priviledge/role/list', '/branch/pagelist']) {
    const res = await fetch(`${e2eServerURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.accessToken}` },
      body: '{}',
    });
    expect(res.status, path).toBe(403);
    expect((await res.json()).message).toBe('NOT_AUTHORISED');
  }
});
