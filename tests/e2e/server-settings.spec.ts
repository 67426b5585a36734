import { expect, test, type Page } from '@playwright/test';
import { adminOn, shot } from './helpers';

/** The desktop shell, as far as the page can tell: only app info differs from browser mode here. */
async function asDesktop(page: Page, serverUrl: string) {
  // The bridge's own page id query follows the path.
  await page.routeWebSocket(/\/bridge(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const call = JSON.parse(String(raw)) as { id: number; channel: string };
      if (call.channel !== 'pos:app-info') server.send(raw);
      else
        ws.send(
          JSON.stringify({ kind: 'result', id: call.id, result: { version: 'e2e', shell: 'electron', serverUrl } }),
        );
    });
  });
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
}
