import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { e2eAdmin, firstRunURL } from '../../playwright.config';
import {
  adminToken,
  api,
  chooseLanguage,
  freshStation,
  selectOption,
  sellPlayPass,
  seriousViolations,
  shiftClosed,
  shot,
  signIn,
} from './helpers';

/** What the screens are opened with: a family with a kid inside, and a sale for the invoice list. */
type Seed = { kidId: number; mobile: string; saleId: number };

type Screen = {
  name: string;
  /** The hash route, signed in as the administrator; null for the screens before signing in. */
  route: string | ((seed: Seed) => string) | null;
  ready: string;
  /** Puts the server in the state the screen is checked in, before it is opened. */
  before?: (token: string) => Promise<void>;
  /** Brings up what a cashier has open on it in everyday work (a family, a dialog). */
  open?: (page: Page, seed: Seed, lang: 'en' | 'ar') => Promise<void>;
  /** Puts back what `open` changed for the screens after it (a shift it opened). */
  after?: (page: Page) => Promise<void>;
  url?: string;
};

// Every screen of the menu and its dialogs; a screen that leaves the menu leaves this list. Each screen
// is also checked on every one of its tabs (a tab's panel is drawn only when opened).
const screens: Screen[] = [
  { name: 'login', route: null, ready: 'login-form' },
  { name: 'first-run', route: null, ready: 'first-run-form', url: firstRunURL },
  { name: 'dashboard', route: 'Dashboard', ready: 'dashboard-page' },
  { name: 'front-desk', route: 'FrontDesk', ready: 'front-desk' },
  { name: 'front-desk-family', route: (s) => `FrontDesk/find/${encodeURIComponent(s.mobile)}`, ready: 'parent-panel' },
  {
    name: 'kids-inside',
    route: 'FrontDesk',
    ready: 'checked-in',
    open: async (page) => page.getByTestId('desk-tab-inside').click(),
  },
  { name: 'kid-profile', route: (s) => `FrontDesk/${s.kidId}`, ready: 'kid-profile' },
  {
    name: 'front-desk-new-parent',
    route: 'FrontDesk',
    ready: 'parent-form',
    open: async (page) => page.getByTestId('desk-parent-add').click(),
  },
  { name: 'till', route: 'Sales', ready: 'cart-page' },
  {
    name: 'till-new-parent',
    route: 'Sales',
    ready: 'parent-form',
    open: async (page) => page.getByTestId('parent-add').click(),
  },
  // The administrator has no shift open (other stories sell in cash through theirs): the screen offers to
  // open one (the X and Z reports: cashup.spec).
  { name: 'shift', route: 'Sales/shift', ready: 'shift-none', before: shiftClosed },
  // Opened here and closed again: the closing question, then the Z report.
  {
    name: 'shift-close',
    route: 'Sales/shift',
    ready: 'shift-close',
    before: shiftClosed,
    open: async (page, _seed, lang) => {
      await page.getByTestId('shift-branch').click();
      await selectOption(page, lang === 'en' ? 'Main branch' : 'الفرع الرئيسي');
      await page.getByTestId('shift-float').fill('100');
      await page.getByTestId('shift-open').click();
      await page.getByTestId('shift-counted').fill('100');
      await page.getByTestId('shift-close').click();
      await expect(page.locator('.ant-popconfirm:visible')).toBeVisible();
    },
    after: async (page) => {
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await expect(page.getByTestId('shift-close')).toBeHidden();
      await expect(page.getByTestId('z-report')).toBeVisible();
      await settle(page);
      expect(await seriousViolations(page), 'the Z report').toEqual([]);
    },
  },
  { name: 'invoice-a4-at-the-till', route: (s) => `Sales/${s.saleId}/print`, ready: 'invoice-total' },
  { name: 'invoices', route: 'Invoices', ready: 'invoices-page' },
  { name: 'invoice-a4', route: (s) => `Invoices/${s.saleId}/print`, ready: 'invoice-total' },
  { name: 'subscriptions', route: 'Subscriptions', ready: 'subscriptions-page' },
  {
    name: 'subscription-freeze',
    route: 'Subscriptions',
    ready: 'freeze-days',
    open: async (page) => page.locator('[data-testid^=subscription-freeze-]').first().click(),
  },
  { name: 'products', route: 'Products', ready: 'products-page' },
  {
    name: 'product-form',
    route: 'Products',
    ready: 'products-page',
    open: async (page) => openAdd(page, 'product-form'),
  },
  { name: 'packages', route: 'Packages', ready: 'packages-page' },
  {
    name: 'package-form',
    route: 'Packages',
    ready: 'packages-page',
    open: async (page) => openAdd(page, 'package-form'),
  },
  { name: 'coupons', route: 'Coupons', ready: 'coupons-page' },
  { name: 'coupon-form', route: 'Coupons', ready: 'coupons-page', open: async (page) => openAdd(page, 'coupon-form') },
  { name: 'employees', route: 'Employees', ready: 'employees-page' },
  {
    name: 'employee-form',
    route: 'Employees',
    ready: 'employees-page',
    open: async (page) => openAdd(page, 'employee-form'),
  },
  { name: 'employee-profile', route: 'Employees/1', ready: 'employee-profile' },
  { name: 'roles', route: 'Roles', ready: 'roles-page' },
  { name: 'role-form', route: 'Roles', ready: 'roles-page', open: async (page) => openAdd(page, 'role-form') },
  { name: 'rooms', route: 'Rooms', ready: 'rooms-page' },
  { name: 'room-form', route: 'Rooms', ready: 'rooms-page', open: async (page) => openAdd(page, 'room-form') },
  // The administrator is no supervisor: the screen asks for a supervisor's code (the room view: rooms.spec).
  { name: 'supervisor-sign-in', route: 'Supervisor', ready: 'supervisor-mobile' },
  { name: 'chat', route: 'Chat', ready: 'chat-page' },
  { name: 'chat-bookmarks', route: 'Chat/bookmarks', ready: 'chat-bookmarks' },
  { name: 'branches', route: 'Branches', ready: 'branches-page' },
  {
    name: 'branch-form',
    route: 'Branches',
    ready: 'branches-page',
    open: async (page) => openAdd(page, 'branch-form'),
  },
  { name: 'settings', route: 'Settings', ready: 'settings-page' },
  { name: 'outbox', route: 'Promotions?tab=outbox', ready: 'outbox-page' },
  { name: 'promotions', route: 'Promotions', ready: 'promotion-single' },
  { name: 'reports', route: 'Reports', ready: 'sales-report' },
];

/** The list screens' Add button opens the form dialog. */
async function openAdd(page: Page, form: string) {
  await page.locator('.pd-content button.ant-btn-primary').first().click();
  await expect(page.getByTestId(form)).toBeVisible();
}

let seeded: Promise<Seed> | undefined;
async function seed(): Promise<Seed> {
  const token = await adminToken();
  const tag = `a11y${Date.now() % 100000}`;
  const mobile = `0544${String(Date.now()).slice(-6)}`;
  const parent = (await api('parent/create', { name_en: `Sara ${tag}`, name_ar: `سارة ${tag}`, mobile }, token)).data;
  const kid = (await api('kid/create', { parent_id: parent.id, name_en: 'Yusuf', name_ar: 'يوسف', vip: true }, token))
    .data;
  const sale = await sellPlayPass(token, { tag, kids: [kid.id], parentId: parent.id });
  await api(
    'parent/kids/checkin',
    { parent_id: parent.id, badge: `A11Y-${tag}`, kidsList: [kid.id], branch_id: 1 },
    token,
  );
  return { kidId: kid.id, mobile, saleId: sale.id };
}

/**
 * One tab for the signed-in screens: each screen loads the app afresh in it, but the administrator
 * signs in only when the tab is not signed in already, not once per screen. A failed test restarts the
 * worker, and with it this tab.
 */
let signedInTab: Page | undefined;
test.afterAll(async () => signedInTab?.context().close());

async function signedIn(browser: Browser, lang: 'en' | 'ar'): Promise<Page> {
  const page = (signedInTab ??= await (await browser.newContext()).newPage());
  await page.goto('/');
  await expect(page.getByTestId('login-form').or(page.getByTestId('app-shell'))).toBeVisible();
  await chooseLanguage(page, lang);
  if (await page.getByTestId('login-form').isVisible()) await signIn(page, e2eAdmin.login, e2eAdmin.password);
  return page;
}

/** Waits for the screen (`ready` drawn, when named) to be still. */
async function settle(page: Page, ready?: string) {
  if (ready) await expect(page.getByTestId(ready)).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(
    page.locator('[class*="-appear"]:visible, [class*="-enter"]:visible, [class*="-leave"]:visible'),
  ).toHaveCount(0);
  // A list that has just loaded fades its content back in (a CSS transition, no class to wait on).
  await page.waitForTimeout(350);
}

for (const lang of ['en', 'ar'] as const) {
  for (const screen of screens) {
    test(`${lang}: ${screen.name} has no critical or serious axe violation and one level-one heading`, async ({
      page: blankPage,
      browser,
    }) => {
      let page = blankPage;
      if (screen.route === null) {
        if (screen.url) await page.goto(screen.url);
        else await freshStation(page);
        await chooseLanguage(page, lang);
      } else {
        const s = await (seeded ??= seed());
        await screen.before?.(await adminToken());
        page = await signedIn(browser, lang);
        await page.goto(`/#/${typeof screen.route === 'string' ? screen.route : screen.route(s)}`);
        await screen.open?.(page, s, lang);
      }
      await settle(page, screen.ready);
      const found = await check(page, screen.name, lang);
      // Every other tab of the screen (behind a dialog they are out of reach and out of sight).
      if (!screen.open) {
        const tabs = page.locator('[role=tab]:visible');
        for (let i = 0; i < (await tabs.count()); i++) {
          if ((await tabs.nth(i).getAttribute('aria-selected')) === 'true') continue;
          await tabs.nth(i).click();
          // A tab may put another panel, or another report, in place of the first view's.
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await settle(page);
          found.push(...(await check(page, `${screen.name}-tab-${i + 1}`, lang)));
        }
      }
      await screen.after?.(page);
      expect(found).toEqual([]);
    });
  }
}

/**
 * The page as it is now, checked by axe-core and for its one level-one heading: what it finds, each
 * line naming the view.
 */
async function check(page: Page, view: string, lang: 'en' | 'ar'): Promise<string[]> {
  await shot(page, `a11y-${view}-${lang}`);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const count = (impact: string) =>
    violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  const counts = {
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
  };
  const headings = await page.locator('h1, [role=heading][aria-level="1"]').count();
  // A table of the counts per view for the issue's closing note.
  mkdirSync('test-results/axe', { recursive: true });
  appendFileSync(
    'test-results/axe/counts.tsv',
    `${view}\t${lang}\t${counts.critical}\t${counts.serious}\t${counts.moderate}\t${headings}\n`,
  );
  const found = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${view}: ${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n  ')}`,
    );
  writeFileSync(`test-results/axe/${view}-${lang}.txt`, found.join('\n'));
  return headings === 1 ? found : [...found, `${view}: ${headings} level-one headings, not one`];
}
