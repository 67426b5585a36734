import { expect, test } from '@playwright/test';
import { adminToken, api, chooseLanguage, flags, freshStation, shot, signIn, signOut } from './helpers';

/**
 * A branch manager who may edit roles is offered only the rights they hold: the others are shown
 * greyed out, administrator access cannot be switched on, and the role they hold has no edit button.
 */
test('the roles screen offers a branch manager only the rights they hold (English and Arabic)', async ({ page }) => {
  const admin = await adminToken();
  const role = await api(
    'priviledge/role/create',
    {
      name_en: 'Shift lead',
      name_ar: 'مشرف الوردية',
      features: { Roles: flags('access', 'view', 'create', 'update'), FrontDesk: flags('access', 'view', 'create') },
    },
    admin,
  );
  expect(role.status).toBe(true);
  const registered = await api(
    'user/register',
    {
      name_en: 'Omar Saleh',
      name_ar: 'عمر صالح',
      mobile: '0507770001',
      priviledge_id: role.data.id,
      branch_id: 1,
      password: 'lead-01',
      confirm_password: 'lead-01',
    },
    admin,
  );
  expect(registered.status).toBe(true);

  await freshStation(page);
  for (const lang of ['en', 'ar'] as const) {
    await chooseLanguage(page, lang);
    await signIn(page, '0507770001', 'lead-01');
    await page.goto('/#/Roles');
    // Found by name, as a manager with many roles would: other stories' roles can push it to page 2.
    const name = lang === 'en' ? 'Shift lead' : 'مشرف الوردية';
    await page.getByTestId('roles-page').getByRole('searchbox').fill(name);
    await page.getByTestId('roles-page').getByRole('searchbox').press('Enter');
    const own = page.getByRole('row').filter({ hasText: name });
    await expect(own).toBeVisible();
    await expect(own.getByRole('button')).toHaveCount(0);

    await page.getByTestId('role-add').click();
    await expect(page.getByTestId('role-own-rights')).toBeVisible();
    await expect(page.getByTestId('role-admin-access')).toBeDisabled();
    for (const flag of ['access', 'view', 'create'])
      await expect(page.getByTestId(`flag-FrontDesk-${flag}`)).toBeEnabled();
    for (const flag of ['update', 'delete']) await expect(page.getByTestId(`flag-FrontDesk-${flag}`)).toBeDisabled();
    await expect(page.getByTestId('flag-Sales-access')).toBeDisabled();
    await expect(page.getByTestId('flag-Roles-delete')).toBeDisabled();
    await page.getByTestId('flag-FrontDesk-view').check();
    await expect(page.getByTestId('flag-FrontDesk-access')).toBeChecked();
    await shot(page, `role-form-manager-${lang}`, { settled: true });
    await page.keyboard.press('Escape');
    await signOut(page);
  }
});
