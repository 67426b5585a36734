import { expect, test } from '@playwright/test';
import { adminOn, adminToken, api, selectOption, shiftOpen } from './helpers';

test('en: a check-in made at another station appears in the checked-in list without a reload', async ({ page }) => {
  const token = await adminToken();
  const mobile = `0534${String(Date.now()).slice(-6)}`;
  const parent = (await api('parent/create', { name_en: 'Sara Live', name_ar: 'سارة', mobile }, token)).data;
  const kid = (await api('kid/create', { parent_id: parent.id, name_en: 'Omar', name_ar: 'عمر' }, token)).data;
  const pass = (
    await api(
      'package/create',
      {
        name_en: 'Live hour',
        name_ar: 'ساعة',
        price: 1000,
        tax_id: 1,
        included: 1,
        validity_days: 30,
        daily_limits: 1,
        margin_minutes: '10',
      },
      token,
    )
  ).data;
  await shiftOpen(token);
  await api(
    'sale/sale/create',
    { cart: [{ package: { id: pass.id }, kids: [kid.id] }], salesData: { payments: { cash: 1000 }, branch_id: 1 } },
    token,
  );

  await adminOn(page, 'en', 'FrontDesk');
  await page.getByTestId('desk-branch').click();
  await selectOption(page, 'Main branch');
  await page.getByTestId('desk-tab-inside').click();
  await page.getByTestId('checked-in').getByRole('searchbox').fill(mobile);
  await page.getByTestId('checked-in').getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('checked-in')).toContainText(/Inside now: 0/);

  // The other station: its check-in reaches this page as visits_changed, and the list loads again.
  const done = await api(
    'parent/kids/checkin',
    { parent_id: parent.id, badge: 'LIVE-1', kidsList: [kid.id], branch_id: 1 },
    token,
  );
  expect(done.message).toBe('CHECKIN_DONE');
  await expect(page.getByRole('row').filter({ hasText: 'LIVE-1' })).toBeVisible();
  await expect(page.getByTestId('checked-in')).toContainText(/Inside now: 1/);
});
