import { expect, test, type Locator } from '@playwright/test';
import { adminOn, adminToken, api, e164, selectOption, sellPlayPass, seriousViolations, shot } from './helpers';

const NOT_DRAWN = 'not drawn yet';

/**
 * Whether `text` (a phone, a badge) is drawn left to right where it appears inside `scope`: its first
 * character left of its last, as the eye reads it, whatever the characters in the DOM are. Read once it
 * is drawn: a list that is being laid out or re-rendered (the header search's dropdown) has its text in
 * the page with no box yet, where every character's left is 0.
 */
async function drawnLeftToRight(scope: Locator, text: string) {
  await expect(scope).toContainText(text);
  let verdict: boolean | string = NOT_DRAWN;
  await expect
    .poll(
      async () =>
        (verdict = await scope.evaluate(
          (root, [wanted, notDrawn]) => {
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const at = node.textContent!.indexOf(wanted);
              if (at < 0) continue;
              const box = (i: number) => {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                return range.getBoundingClientRect();
              };
              const [first, last] = [box(at), box(at + wanted.length - 1)];
              if (first.width === 0 || last.width === 0) return notDrawn;
              return first.left < last.left;
            }
            return `"${wanted}" is not in one piece of text`;
          },
          [text, NOT_DRAWN] as const,
        )),
    )
    .not.toBe(NOT_DRAWN);
  return verdict;
}

test('ar: a phone number reads +9665… left to right on the family header, the search results, Inside now, the header search and the kid profile', async ({
  page,
}) => {
  const token = await adminToken();
  const mobile = `0561${String(Date.now()).slice(-6)}`;
  const parent = (await api('parent/create', { name_en: 'Huda', name_ar: 'هدى', mobile }, token)).data;
  const kid = (await api('kid/create', { parent_id: parent.id, name_en: 'Omar', name_ar: 'عمر' }, token)).data;
  // A badge beginning with a sign (a hyphen), which an Arabic line would otherwise move to its end.
  const badge = `-${mobile.slice(-6)}`;
  await sellPlayPass(token, { tag: `bidi${mobile}`, kids: [kid.id], parentId: parent.id });
  await api('parent/kids/checkin', { parent_id: parent.id, badge, kidsList: [kid.id], branch_id: 1 }, token);
  const phone = e164(mobile);

  await adminOn(page, 'ar', 'FrontDesk');
  await page.getByTestId('desk-branch').click();
  await selectOption(page, 'الفرع الرئيسي');
  await page.getByTestId('desk-search').locator('input').fill(mobile);
  const result = page.getByTestId(`desk-parent-${parent.id}`);
  expect(await drawnLeftToRight(result, phone)).toBe(true);
  await page.getByTestId('desk-search').locator('input').press('Enter');
  const header = page.getByTestId('parent-panel').locator('.ant-card-head');
  expect(await drawnLeftToRight(header, phone)).toBe(true);
  expect(await drawnLeftToRight(page.getByTestId('parent-panel').locator('.ant-card-body'), badge)).toBe(true);
  await shot(page, 'phone-family-ar', { settled: true });

  await page.getByTestId('desk-tab-inside').click();
  await page.getByTestId('checked-in').getByRole('searchbox').fill(mobile);
  await page.getByTestId('checked-in').getByRole('searchbox').press('Enter');
  // Other families' kids inside may be called Omar too, and stay listed until the search has answered.
  const row = page.getByRole('row').filter({ hasText: 'عمر' }).filter({ hasText: phone });
  expect(await drawnLeftToRight(row, phone)).toBe(true);
  expect(await drawnLeftToRight(row, badge)).toBe(true);
  await shot(page, 'phone-inside-ar', { settled: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('global-search').locator('input').fill(mobile);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: phone });
  expect(await drawnLeftToRight(option, phone)).toBe(true);

  await page.goto(`/#/FrontDesk/${kid.id}`);
  expect(await drawnLeftToRight(page.getByTestId('kid-profile'), phone)).toBe(true);
});
