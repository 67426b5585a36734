import { expect, test } from '@playwright/test';
import { adminOn, adminToken, api, e164 } from './helpers';

test('en: the header search empties when you leave the page, so it never looks like a filter on the next one; Enter still opens a family', async ({
  page,
}) => {
  const token = await adminToken();
  const mobile = `0562${String(Date.now()).slice(-6)}`;
  await api('parent/create', { name_en: 'Layla', name_ar: 'ليلى', mobile }, token);
  await adminOn(page, 'en', 'Products');
  const search = page.getByTestId('global-search').locator('input');

  await search.fill('Layla');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).not.toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('side-menu').getByRole('menuitem', { name: 'Packages' }).click();
  await expect(page.getByTestId('packages-page')).toBeVisible();
  await expect(search).toHaveValue('');

  // Leaving by the browser's Back, too.
  await search.fill('Layla');
  await page.goBack();
  await expect(page.getByTestId('products-page')).toBeVisible();
  await expect(search).toHaveValue('');

  // Keyboard only: type, arrow down to the family, Enter opens it on the front desk.
  await search.click();
  await page.keyboard.type(mobile);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toContainText(e164(mobile));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('parent-panel')).toContainText(e164(mobile));
  await expect(search).toHaveValue('');
});
