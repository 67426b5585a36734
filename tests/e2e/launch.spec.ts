import { expect, test } from '@playwright/test';
import { seriousViolations, shot } from './helpers';

/**
 * Browser mode hands the station's pass only to the browser that opened the launcher's one-time
 * address (the other stories' browsers are given it from the launcher's owner-only file).
 */
test('a browser the launcher did not open gets no station: a page in English and Arabic says to open the address the launcher printed', async ({
  browser,
}) => {
  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await stranger.newPage();
    const answer = await page.goto('/');
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Open PlayDesk from its launcher' })).toBeVisible();
    await expect(page.getByText('Open the address the launcher printed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'افتح PlayDesk من نافذة التشغيل' })).toBeVisible();
    await expect(page.getByText('افتح العنوان الذي طبعته نافذة التشغيل')).toBeVisible();
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    expect(await stranger.cookies()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'launch-refused');
  } finally {
    await stranger.close();
  }
});
