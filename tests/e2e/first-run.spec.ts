import { expect, test } from '@playwright/test';
import { firstRunURL } from '../../playwright.config';
import { shot } from './helpers';

test.use({ baseURL: firstRunURL });

test('a new installation asks for the first administrator, in Arabic, and signs them in', async ({ page }) => {
  await page.goto('/');
  if ((await page.locator('html').getAttribute('lang')) !== 'ar') await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('first-run-form')).toBeVisible();
  await expect(page.getByTestId('login-form')).toHaveCount(0);
  await shot(page, 'first-run-ar');

  await page.getByTestId('first-run-name-en').fill('Huda');
  await page.getByTestId('first-run-name-ar').fill('هدى');
  await page.getByTestId('first-run-login').fill('owner@centre.test');
  await page.getByTestId('first-run-password').fill('owner-pass');
  await page.getByTestId('first-run-confirm').fill('owner-pass-typo');
  await page.getByTestId('first-run-submit').click();
  await expect(page.getByText('كلمتا المرور غير متطابقتين.')).toBeVisible();

  await page.getByTestId('first-run-confirm').fill('owner-pass');
  await page.getByTestId('first-run-submit').click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveText('هدى');
});
