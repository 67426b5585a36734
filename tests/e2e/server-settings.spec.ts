import { expect, test, type Page } from '@playwright/test';
import type { UpdateStatus } from '../../shared/ipc';
import packageJson from '../../package.json' with { type: 'json' };
import { adminOn, seriousViolations, shot } from './helpers';

/**
 * The desktop shell, as far as the page can tell: only app info differs from browser mode here, and
 * the update (electron-updater's, which browser mode has none of) stands at `update`; `push` then sends
 * the page the station's next update push.
 */
async function asDesktop(page: Page, serverUrl: string, update: UpdateStatus = { state: 'current' }) {
  let push: (status: UpdateStatus) => void = () => {};
  // The bridge's own page id query follows the path.
  await page.routeWebSocket(/\/bridge(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    push = (status) => ws.send(JSON.stringify({ kind: 'event', event: { type: 'update-status', status } }));
    ws.onMessage((raw) => {
      const call = JSON.parse(String(raw)) as { id: number; channel: string };
      const answer = (result: unknown) => ws.send(JSON.stringify({ kind: 'result', id: call.id, result }));
      if (call.channel === 'pos:app-info') answer({ version: 'e2e', shell: 'electron', serverUrl });
      else if (call.channel === 'pos:update-status') answer(update);
      else server.send(raw);
    });
  });
  return { push: (status: UpdateStatus) => push(status) };
}

const insecure = {
  en: 'A server on another computer must start with https://',
  ar: 'يجب أن يبدأ عنوان الخادم على جهاز آخر',
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: in the desktop app, a remote server on another computer must use https, and the screen says why`, async ({
    page,
  }) => {
    await asDesktop(page, '');
    await adminOn(page, lang, 'Settings');
    await expect(page.getByTestId('server-url')).toBeHidden();
    await page.getByTestId('server-mode').getByRole('radio').nth(1).check();
    await page.getByTestId('server-url').fill('http://192.168.1.20:4100');
    await page.getByTestId('server-save').click();
    await expect(page.getByText(insecure[lang])).toBeVisible();
    // Nothing was saved: the station is still on its own server and still signed in (leaving the
    // unsaved address is asked first, and granted).
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('server-url')).toBeHidden();
    await page.getByTestId('server-mode').getByRole('radio').nth(1).check();
    await page.getByTestId('server-url').fill('http://192.168.1.20:4100');
    await page.getByTestId('server-url').blur();
    await expect(page.getByText(insecure[lang])).toBeVisible();
    await shot(page, `server-settings-${lang}`, { settled: true });
  });
}

const found = {
  en: 'A PlayDesk server, version 0.1.0, reached without TLS',
  ar: 'خادم PlayDesk، الإصدار 0.1.0',
} as const;
const about = {
  en: {
    web: 'In the browser, PlayDesk is updated with its server.',
    downloading: 'Downloading version 0.2.0…',
    ready: 'Version 0.2.0 is ready: it installs when PlayDesk closes.',
  },
  ar: {
    web: 'في المتصفح، يُحدَّث PlayDesk مع خادمه.',
    downloading: 'جارٍ تنزيل الإصدار 0.2.0…',
    ready: 'الإصدار 0.2.0 جاهز: يُثبَّت عند إغلاق PlayDesk.',
  },
} as const;
const nothing = { en: 'Nothing answers at this address', ar: 'لا شيء يستجيب على هذا العنوان' } as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: in the browser, Settings says which server the station uses and Test connection says what answers there`, async ({
    page,
  }) => {
    await adminOn(page, lang, 'Settings');
    await expect(page.getByTestId('server-in-use')).toContainText(/http:\/\/127\.0\.0\.1:\d+/);
    await expect(page.getByTestId('server-web-help')).toBeVisible();
    await page.getByTestId('server-test').click();
    await expect(page.getByTestId('server-probe')).toContainText(found[lang]);
    await shot(page, `server-test-web-${lang}`, { settled: true });
    // About: the station's version and the server's (both this build's here); browser mode has no updater.
    await expect(page.getByTestId('about-station')).toHaveText(packageJson.version);
    await expect(page.getByTestId('about-server')).toHaveText(packageJson.version);
    await expect(page.getByTestId('about-update')).toHaveText(about[lang].web);
    await expect(page.getByTestId('update-check')).toBeDisabled();
  });

  test(`${lang}: in the desktop app, Test connection asks the remote address typed and says nothing answers there`, async ({
    page,
  }) => {
    await asDesktop(page, 'http://127.0.0.1:4100');
    await adminOn(page, lang, 'Settings');
    await page.getByTestId('server-mode').getByRole('radio').nth(1).check();
    await page.getByTestId('server-url').fill('http://127.0.0.1:1');
    await page.getByTestId('server-test').click();
    await expect(page.getByTestId('server-probe')).toContainText(nothing[lang]);
    await shot(page, `server-test-desktop-${lang}`, { settled: true });
  });

  test(`${lang}: in the desktop app, About says how far the update has come and that it installs when PlayDesk closes`, async ({
    page,
  }) => {
    const station = await asDesktop(page, 'http://127.0.0.1:4100', {
      state: 'downloading',
      version: '0.2.0',
      percent: 42.7,
    });
    await adminOn(page, lang, 'Settings');
    await expect(page.getByTestId('about-station')).toHaveText('e2e');
    await expect(page.getByTestId('about-server')).toHaveText(packageJson.version);
    await expect(page.getByTestId('about-update')).toHaveText(about[lang].downloading);
    await expect(page.getByTestId('about-progress')).toContainText('42%');
    await expect(page.getByTestId('update-check')).toBeDisabled();
    await page.getByTestId('about-card').scrollIntoViewIfNeeded();
    await shot(page, `about-downloading-${lang}`, { settled: true });
    station.push({ state: 'ready', version: '0.2.0' });
    await expect(page.getByTestId('about-update')).toHaveText(about[lang].ready);
    await shot(page, `about-desktop-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
