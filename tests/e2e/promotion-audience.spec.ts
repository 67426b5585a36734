import { expect, test, type Page } from '@playwright/test';
import { adminOn, adminToken, api, e164, seriousViolations, sellPlayPass, shot } from './helpers';

/**
 * Issue 23's campaign from PlayDesk's own families, and its STOP list, in both languages: a family whose
 * week pass ends within 7 days is listed with its names in the screen's language; a STOP list file marks
 * their number (and a stranger's), and the list built again leaves them out.
 */
const words = {
  en: { parent: 'Maha Audience', kid: 'Faris', optedOut: 'left out' },
  ar: { parent: 'مها الجمهور', kid: 'فارس', optedOut: 'لا تريد العروض' },
} as const;

let token: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  token = await adminToken();
});

async function settledShot(page: Page, name: string) {
  await shot(page, name, { settled: true });
  expect(await seriousViolations(page)).toEqual([]);
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a list built from families whose pass ends soon, then a STOP list that leaves them out`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const w = words[lang];
    // Numbers of this run: 058…/059… no other test uses.
    const p = `${lang === 'en' ? 8 : 9}${String(Date.now() % 100000).padStart(5, '0')}`;
    const mobile = `05${p}21`;
    const stranger = `05${p}22`;
    const parent = (await api('parent/create', { name_en: words.en.parent, name_ar: words.ar.parent, mobile }, token))
      .data;
    const kid = (await api('kid/create', { parent_id: parent.id, name_en: words.en.kid, name_ar: words.ar.kid }, token))
      .data;
    await sellPlayPass(token, { tag: `audience${p}`, kids: [kid.id], parentId: parent.id, validityDays: 7 });

    await adminOn(page, lang, 'Promotions?tab=campaign');
    const builder = page.getByTestId('promotion-audience');
    await expect(builder).toBeVisible();
    await page.getByTestId('audience-days').fill('7');
    await settledShot(page, `promotion-audience-form-${lang}`);
    await page.getByTestId('audience-build').click();

    const rows = page.getByTestId('campaign-rows');
    const ours = rows.locator('tbody tr', { hasText: e164(mobile) });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(w.parent);
    await expect(ours).toContainText(w.kid);
    await expect(page.getByTestId('campaign-file')).toContainText('7');
    await settledShot(page, `promotion-audience-rows-${lang}`);

    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('stop-list-import').click();
    await (
      await chooser
    ).setFiles({
      name: 'stop.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Mobile\r\n${mobile}\r\n${stranger}\r\nnot a number\r\n`, 'utf8'),
    });
    await expect(page.getByTestId('stop-list-count')).toContainText('2');
    await settledShot(page, `promotion-stop-list-confirm-${lang}`);
    await page.getByTestId('stop-list-confirm').click();
    const result = page.getByTestId('stop-list-result');
    await expect(result).toContainText('2');
    await expect(result).toContainText('1');

    // Built again, the list leaves the family out and says so.
    await page.getByTestId('audience-build').click();
    await expect(page.getByTestId('campaign-file')).toContainText(w.optedOut);
    await expect(rows.locator('tbody tr', { hasText: e164(mobile) })).toHaveCount(0);
    await settledShot(page, `promotion-stop-list-done-${lang}`);
  });
}
