import { expect, test } from '@playwright/test';
import {
  adminToken,
  chooseLanguage,
  employeeIn,
  flags,
  freshStation,
  roleWith,
  seriousViolations,
  shot,
  signIn,
} from './helpers';

const words = {
  en: "Saving this station's settings and a test print need the update right on Settings.",
  ar: 'يتطلّب حفظ إعدادات هذه المحطة والطباعة التجريبية صلاحية التعديل على الإعدادات.',
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: someone who may open Settings but not change it sees why Save and Test print are off`, async ({
    page,
  }) => {
    const token = await adminToken();
    const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
    const role = await roleWith(token, [`Settings reader ${stamp}`, `قارئ الإعدادات ${stamp}`], {
      Settings: flags('access', 'view'),
    });
    const reader = { login: `0506${stamp}`, password: 'reader-01' };
    await employeeIn(token, role, {
      names: [`Sami ${stamp}`, `سامي ${stamp}`],
      mobile: reader.login,
      password: reader.password,
    });
    await freshStation(page);
    await chooseLanguage(page, lang);
    await signIn(page, reader.login, reader.password);
    await page.goto('/#/Settings');
    await expect(page.getByTestId('printer-save')).toBeDisabled();
    await expect(page.getByTestId('printer-test')).toBeDisabled();
    await expect(page.getByText(words[lang])).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `settings-read-only-${lang}`, { settled: true });
  });
}
