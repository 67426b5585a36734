import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { DEFAULT_IDLE_SECONDS } from '../../shared/domain/idle';
import { adminOn, adminToken, api, shot } from './helpers';

/** A station's session belongs to the page that signed in, and an untouched station locks. */
test('a new browser, or a new tab, lands on sign-in; a reload of the signed-in tab stays signed in', async ({
  page,
  browser,
  context,
}) => {
  await adminOn(page, 'en', 'Settings');
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const otherBrowser = await browser.newContext();
  try {
    const stranger = await otherBrowser.newPage();
    await stranger.goto('/');
    await expect(stranger.getByTestId('login-form')).toBeVisible();
  } finally {
    await otherBrowser.close();
  }
  const newTab = await context.newPage();
  await newTab.goto('/');
  await expect(newTab.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('app-shell')).toBeVisible();
});

const locked = { en: 'Station locked', ar: 'المحطة مقفلة' } as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a station left untouched for the chain's idle time locks, and only the user's password unlocks it`, async ({
    page,
  }) => {
    const token = await adminToken();
    // A short idle time for this test, set as a manager would; every other test runs on the default.
    expect((await api('settings/chain/update', { idle_seconds: 5 }, token)).status).toBe(true);
    try {
      await adminOn(page, lang, 'Settings');
      await expect(page.getByTestId('idle-lock')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 2, name: locked[lang] })).toBeVisible();
      await expect(page.getByTestId('lock-password')).toBeFocused();
      // The app behind is out of reach: the keyboard cannot leave the lock.
      for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveCount(1);
      expect(
        await page.evaluate(() =>
          document.querySelector('[data-testid="idle-lock"]')?.contains(document.activeElement),
        ),
      ).toBe(true);
      await page.getByTestId('lock-password').fill('not-the-password');
      await page.getByTestId('lock-unlock').click();
      await expect(page.getByTestId('lock-error')).toBeVisible();
      await expect(page.getByTestId('idle-lock')).toBeVisible();
      await shot(page, `idle-lock-${lang}`);
      await page.getByTestId('lock-password').fill(e2eAdmin.password);
      await page.getByTestId('lock-password').press('Enter');
      await expect(page.getByTestId('idle-lock')).toBeHidden();
      await expect(page.getByTestId('app-shell')).toBeVisible();
      // Left again: locked again, and "someone else" signs this user out.
      await expect(page.getByTestId('idle-lock')).toBeVisible({ timeout: 15_000 });
      await page.getByTestId('lock-switch-user').click();
      await expect(page.getByTestId('login-form')).toBeVisible();
    } finally {
      await api('settings/chain/update', { idle_seconds: DEFAULT_IDLE_SECONDS }, token);
    }
  });
}

test('a manager sets the idle time in Settings, for the whole chain', async ({ page }) => {
  await adminOn(page, 'ar', 'Settings');
  await page.getByTestId('idle-minutes').fill('15');
  await page.getByTestId('idle-save').click();
  await expect.poll(async () => (await api('settings/chain', {}, await adminToken())).data.idle_seconds).toBe(900);
  await shot(page, 'idle-setting-ar', { settled: true });
  await api('settings/chain/update', { idle_seconds: DEFAULT_IDLE_SECONDS }, await adminToken());
});
