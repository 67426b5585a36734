import { expect, test } from '@playwright/test';
import { adminOn, seriousViolations, shot } from './helpers';

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a manager opens the dashboard: the four cards, today by hour, rooms, overtime, subscriptions ending, and the three lists`, async ({
    page,
  }) => {
    await adminOn(page, lang, 'Dashboard');
    const dashboard = page.getByTestId('dashboard-page');
    await expect(dashboard).toBeVisible();
    await expect(page.getByTestId('card-todayRevenue')).toContainText(
      lang === 'en' ? "Today's takings" : 'إيراد اليوم',
    );
    await expect(page.getByTestId('revenue-by-hour')).toBeVisible();
    await shot(page, `dashboard-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
