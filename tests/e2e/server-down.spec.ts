import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import type { BridgeEvent } from '../../shared/ipc';
import { WEB_BRIDGE_PATH } from '../../shared/bridge-wire';
import { chooseLanguage, freshStation, seriousViolations, shot, signIn } from './helpers';

/**
 * Issue 27, point 4: while the station's own server restarts, every screen says so. Browser mode runs
 * no supervisor (its server lives in the station's process), so the station's `server-down` and
 * `server-up` are put on the page's bridge socket here, passed through otherwise; the supervisor that
 * sends them is tested under Node (tests/server/server-recovery.test.ts).
 */
async function stationTellsThePage(page: Page): Promise<(event: BridgeEvent) => void> {
  let toPage: (event: BridgeEvent) => void = () => {};
  await page.routeWebSocket(new RegExp(`${WEB_BRIDGE_PATH}\\b`), (ws) => {
    ws.connectToServer();
    toPage = (event) => ws.send(JSON.stringify({ kind: 'event', event }));
  });
  return (event) => toPage(event);
}

test('a banner over the screen while the station’s server restarts, gone once it is back, in English and Arabic', async ({
  page,
}) => {
  const tell = await stationTellsThePage(page);
  await freshStation(page);
  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  const banner = page.getByTestId('server-down');
  for (const [lang, words] of [
    ['en', "PlayDesk's server stopped and is restarting."],
    ['ar', 'توقّف خادم PlayDesk ويُعاد تشغيله الآن.'],
  ] as const) {
    await chooseLanguage(page, lang);
    tell({ type: 'server-down' });
    await expect(banner).toContainText(words);
    await expect(page.getByRole('alert')).toBeVisible();
    await shot(page, `server-down-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    tell({ type: 'server-up' });
    await expect(banner).toHaveCount(0);
  }
  await expect(page.getByTestId('app-shell')).toBeVisible();
});
