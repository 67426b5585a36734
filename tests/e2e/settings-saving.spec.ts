import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { adminOn, selectOption, seriousViolations, shot, signIn } from './helpers';
import { e2eAdmin } from '../../playwright.config';

const words = {
  en: {
    branch: 'Main branch',
    unsaved: 'Not saved',
    leave: 'Leave without saving?',
    dashboard: 'Dashboard',
    settings: 'Settings',
    empty: 'No backups in this folder yet',
    checked: 'Checked',
    restore: 'Restore this backup?',
  },
  ar: {
    branch: 'الفرع الرئيسي',
    unsaved: 'غير محفوظ',
    leave: 'المغادرة دون حفظ؟',
    dashboard: 'لوحة المعلومات',
    settings: 'الإعدادات',
    empty: 'لا توجد نسخ في هذا المجلد بعد',
    checked: 'مفحوصة',
    restore: 'استعادة هذه النسخة؟',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: each Settings card saves itself with its own Save, as the idle lock does; leaving with a change unsaved asks, by keyboard too`, async ({
    page,
  }) => {
    // A backup is checked in a scratch PostgreSQL cluster and restored, and the station signs in again:
    // on a busy machine that alone took most of the default minute. The limit only ends a run that hangs.
    test.setTimeout(180_000);
    const w = words[lang];
    await adminOn(page, lang, 'Settings');
    const station = page.locator('.ant-card').filter({ has: page.getByTestId('station-branch') });

    // The station's branch is kept by the station card's own Save, right under it.
    await page.getByTestId('station-branch').hover();
    const clear = page.getByTestId('station-branch').locator('.ant-select-clear');
    if ((await clear.count()) > 0) {
      await clear.click();
      await page.getByTestId('station-save').click();
      await expect(station.getByTestId('card-unsaved')).toHaveCount(0);
    }
    await page.getByTestId('station-branch').click();
    await selectOption(page, w.branch);
    await expect(station.getByTestId('card-unsaved')).toHaveText(w.unsaved);
    await page.getByTestId('station-save').click();
    await expect(page.locator('.ant-notification-notice-success').last()).toBeVisible();
    await expect(station.getByTestId('card-unsaved')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('station-branch')).toContainText(w.branch);

    // Reached through the menu, as a user does (Back then returns to the page before it).
    const menu = (name: string) => page.getByTestId('side-menu').getByRole('menuitem', { name });
    await menu(w.dashboard).click();
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await menu(w.settings).click();
    await expect(page.getByTestId('idle-minutes')).toBeVisible();

    // A change left unsaved: the menu asks first; Stay has the focus, so Enter stays and keeps it.
    const idleMinutes = await page.getByTestId('idle-minutes').inputValue();
    await page.getByTestId('idle-minutes').fill('25');
    await expect(page.getByTestId('idle-card').getByTestId('card-unsaved')).toBeVisible();
    await menu(w.dashboard).click();
    const ask = page.getByRole('dialog').filter({ hasText: w.leave });
    await expect(ask).toBeVisible();
    await expect(ask.getByTestId('leave-stay')).toBeFocused();
    await shot(page, `settings-leave-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(page.getByTestId('idle-minutes')).toHaveValue('25');

    // Back asks too; Tab to Leave and Enter leaves, and nothing was saved.
    await page.goBack();
    await expect(ask).toBeVisible();
    // Tab from where the dialog puts the focus (Stay): pressed before it lands, it moves the page's focus.
    await expect(ask.getByTestId('leave-stay')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ask.getByTestId('leave-confirm')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('dashboard-page')).toBeVisible();
    await page.goto('/#/Settings');
    await expect(page.getByTestId('idle-minutes')).toHaveValue(idleMinutes);

    // Backups of the station's own database: a folder typed (browser mode), then Back up now; the
    // backup, checked in a scratch cluster, is listed. Restore asks first, naming its date.
    const backups = page.getByTestId('backups-card');
    await page.getByTestId('backups-folder').fill(mkdtempSync(join(tmpdir(), 'playdesk-e2e-backups-')));
    await page.getByTestId('backups-save').click();
    await expect(backups.getByText(w.empty)).toBeVisible();
    await page.getByTestId('backups-run').click();
    await expect(backups.getByTestId('backups-item')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByTestId('backups-last')).toContainText(w.checked);
    await expect(page.getByTestId('backups-run')).toBeEnabled();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
    await backups.screenshot({ path: `test-results/screens/settings-backups-${lang}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await backups.getByTestId('backups-restore').click();
    const confirm = page.getByRole('dialog').filter({ hasText: w.restore });
    await expect(confirm).toBeVisible();
    await shot(page, `settings-backups-restore-${lang}`, { settled: true });
    await confirm
      .locator('.ant-modal-container, .ant-modal-content')
      .first()
      .screenshot({
        path: `test-results/screens/settings-backups-restore-dialog-${lang}.png`,
      });
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'إلغاء' }).click();
    await expect(confirm).toBeHidden();
    // Restored (the data as it was a moment ago): the station signs out, and signing in finds it whole.
    await backups.getByTestId('backups-restore').click();
    await page.getByTestId('backups-restore-ok').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await signIn(page, e2eAdmin.login, e2eAdmin.password);
    await page.goto('/#/Settings');
    await expect(page.getByTestId('backups-card').getByTestId('backups-item')).toHaveCount(1);
    // An error of the page goes to the station's renderer log, without the e-mail address it names.
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('e2e boom for parent@example.com'))));
    // Export diagnostics: in the browser the zip downloads, with the versions, settings and failed requests.
    const download = page.waitForEvent('download');
    await page.getByTestId('diagnostics-export').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^playdesk-diagnostics-[\d-]+\.zip$/);
    const zip = unzipSync(readFileSync(await saved.path()));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['versions.json', 'settings.json', 'failed-requests.json']),
    );
    const rendererLog = strFromU8(zip['logs/renderer.log'] ?? new Uint8Array());
    expect(rendererLog).toContain('rejection: Error: e2e boom for [email]');
    expect(rendererLog).not.toContain('parent@example.com');
    expect(JSON.parse(strFromU8(zip['versions.json']!))).toMatchObject({
      shell: 'web',
      serverMode: 'embedded',
      server: { version: expect.any(String) },
    });
    await expect(page.getByTestId('diagnostics-export')).toBeEnabled();
    await page.getByTestId('diagnostics-card').scrollIntoViewIfNeeded();
    await shot(page, `settings-diagnostics-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Closing the window with a change unsaved: the browser asks.
    await page.getByTestId('idle-minutes').fill('30');
    await expect(page.getByTestId('idle-card').getByTestId('card-unsaved')).toBeVisible();
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    expect((await question).type()).toBe('beforeunload');
  });
}
