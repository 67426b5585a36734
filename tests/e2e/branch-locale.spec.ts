import { expect, test, type Page } from '@playwright/test';
import { adminOn, adminToken, api, e2eDatabase, shot } from './helpers';

const words = {
  en: {
    edit: 'Edit',
    save: 'Save',
    country: 'Saudi',
    countryShown: 'Saudi Arabia (SA)',
    failed: 'Failed',
    settings: 'SMS settings refused',
    unknown: 'No answer yet',
  },
  ar: {
    edit: 'تعديل',
    save: 'حفظ',
    country: 'السعودية',
    countryShown: 'السعودية (SA)',
    failed: 'فشلت',
    settings: 'رُفضت إعدادات الرسائل',
    unknown: 'بلا رد بعد',
  },
} as const;

/**
 * Searches a select as a person does and takes the match with Enter once it is the only one offered.
 * (A click on an option of these long lists, filtered as the text is typed, can land while the list
 * is being redrawn and select nothing.)
 */
async function searchAndPick(page: Page, testId: string, typed: string, shown: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText(shown);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(testId)).toContainText(shown);
  // Closed for good before the next select opens: a list still fading out is visible too, and the next
  // search then met two lists (a CI run: two active options, one in each).
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a branch’s time zone is found by typing part of it, its country by name; the outbox says why a text failed`, async ({
    page,
  }) => {
    const w = words[lang];
    const token = await adminToken();
    const tag = `${lang}-${Date.now() % 100000}`;
    const branch = (
      await api('branch/create', { name_en: `Branch ${tag}`, name_ar: `فرع ${tag}`, time_zone: 'UTC' }, token)
    ).data;

    await adminOn(page, lang, 'Branches');
    const row = page.getByRole('row').filter({ hasText: lang === 'en' ? `Branch ${tag}` : `فرع ${tag}` });
    await row.getByRole('button', { name: w.edit }).click();
    await searchAndPick(page, 'branch-time-zone', 'Riyadh', 'Asia/Riyadh');
    await searchAndPick(page, 'branch-country', w.country, w.countryShown);
    await shot(page, `branch-form-${lang}`, { settled: true });
    await page.getByRole('button', { name: w.save }).click();
    await expect(row).toContainText('Asia/Riyadh');
    await shot(page, `branches-${lang}`, { settled: true });
    expect((await api('branch/pagelist', { q: `Branch ${tag}` }, token)).data.rows[0]).toMatchObject({
      id: branch.id,
      time_zone: 'Asia/Riyadh',
      country: 'SA',
    });

    // A refused text and one with no answer, as the gateway left them.
    const db = await e2eDatabase();
    const mobile = `+96655${String(Date.now()).slice(-7)}`;
    await db.query(
      `insert into sms_messages ("to", body, purpose, gateway, status, http_status, error_code) values
        ($1, 'PlayDesk code: ••••••. It expires in 10 minutes.', 'otp', 'twilio', 'failed', 401, '20003'),
        ($1, 'PlayDesk code: ••••••. It expires in 10 minutes.', 'otp', 'twilio', 'unknown', null, null)`,
      [mobile],
    );
    await db.end();
    await page.goto('/#/Promotions?tab=outbox');
    await expect(page.getByTestId('outbox-page')).toContainText(mobile);
    const failed = page.getByRole('row').filter({ hasText: w.failed }).first();
    await expect(failed.getByTestId('outbox-failure')).toContainText(w.settings);
    await expect(failed.getByTestId('outbox-failure')).toContainText('HTTP 401 · 20003');
    await expect(page.getByTestId('outbox-page')).toContainText(w.unknown);
    await shot(page, `outbox-causes-${lang}`, { settled: true });
  });
}
