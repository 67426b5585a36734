import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { chooseLanguage, freshStation, shot, signIn } from './helpers';

/** Each screen is code of its own, fetched on first use: what a cashier sees while it comes, or if it cannot. */
for (const lang of ['en', 'ar'] as const) {
  test.describe(`screens that load on demand (${lang})`, () => {
    test('a screen whose code is slow shows that it is opening, then opens', async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/roles-page-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await freshStation(page);
      await chooseLanguage(page, lang);
      await signIn(page, e2eAdmin.login, e2eAdmin.password);
      await page.goto('/#/Roles');
      await expect(page.getByTestId('screen-loading')).toBeVisible();
      await expect(page.getByTestId('screen-loading')).toHaveAttribute('role', 'status');
      await shot(page, `screen-loading-${lang}`);
      release();
      await expect(page.getByTestId('roles-page')).toBeVisible();
      await expect(page.getByTestId('screen-loading')).toHaveCount(0);
    });

    test('a screen whose code cannot be fetched says so in words and offers a reload', async ({ page }) => {
      await page.route(/\/assets\/roles-page-[^/]+\.js$/, (route) => route.abort());
      await freshStation(page);
      await chooseLanguage(page, lang);
      await signIn(page, e2eAdmin.login, e2eAdmin.password);
      await page.goto('/#/Roles');
      const failed = page.getByTestId('screen-load-failed');
      await expect(failed).toContainText(lang === 'en' ? 'This screen could not be opened' : 'تعذّر فتح هذه الشاشة');
      // The rest of the app still works: the menu leads elsewhere.
      await expect(page.getByTestId('side-menu')).toBeVisible();
      await shot(page, `screen-load-failed-${lang}`, { settled: true });
      await page.unroute(/\/assets\/roles-page-[^/]+\.js$/);
      await page.getByTestId('screen-reload').click();
      await expect(page.getByTestId('roles-page')).toBeVisible();
    });
  });
}

test('an address with a wrong id leads to the list, never to a broken screen', async ({ page }) => {
  await freshStation(page);
  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  for (const [address, list] of [
    ['/#/Employees/abc', 'employees-page'],
    ['/#/Employees/0', 'employees-page'],
    ['/#/Invoices/-3/print', 'invoices-page'],
    ['/#/FrontDesk/1e3', 'front-desk'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByTestId(list)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/${address.split('/')[2]}$`));
  }
  // An address the menu does not offer leads to the user's first screen.
  await page.goto('/#/Nowhere/12');
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
});

test('a screen opened before the prefetch reached it keeps what was typed when the prefetch catches up', async ({
  page,
}) => {
  // The prefetch goes screen by screen; held at Branches, it reaches Roles only after Roles is open.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/branches-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The prefetch starts only while the login form waits: signing in before it began (a quick password)
  // would leave nothing to catch up, so sign in once it is held at Branches.
  const prefetchHeld = page.waitForRequest(/\/assets\/branches-page-[^/]+\.js$/);
  await freshStation(page);
  await chooseLanguage(page, 'en');
  await prefetchHeld;
  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  await page.goto('/#/Roles');
  const search = page.getByTestId('roles-page').getByRole('searchbox');
  await search.fill('Shift');
  const rolesPrefetched = page.waitForRequest(/\/assets\/employees-routes-[^/]+\.js$/);
  release();
  await rolesPrefetched;
  await page.waitForTimeout(500);
  // Anything that draws the screen again (here a change of language) must not mount it anew.
  await page.getByTestId('language-switch').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(search).toHaveValue('Shift');
  await chooseLanguage(page, 'en');
});
