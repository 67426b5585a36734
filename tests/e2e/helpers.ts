import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import { expect, type Page } from '@playwright/test';
import { DUPLICATE_POST_WINDOW_MS } from '../../shared/domain/constants';
import { e2eAdmin, e2eServerURL, e2eSmsFile, e2eStackDir } from '../../playwright.config';
import { endpointOf, type EndpointName, type RequestOf, type ResponseOf } from '../../shared/api/catalogue';
import { splitRequest } from '../../shared/api/endpoint';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';

/** The station refuses an identical POST within 2 s (DUPES); sign-ins across tests keep that distance. */
let lastSignIn = 0;

export async function signIn(page: Page, login: string, password: string, expectShell = true) {
  const wait = lastSignIn + DUPLICATE_POST_WINDOW_MS + 100 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByTestId('login-input').fill(login);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('password-input').press('Enter');
  lastSignIn = Date.now();
  if (expectShell) await expect(page.getByTestId('app-shell')).toBeVisible();
}

export async function signOut(page: Page) {
  await page.getByTestId('logout-button').click();
  // Signing out asks first: a stray click at a busy counter must not end the session.
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await dialogOpened(page);
  await page.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

export async function chooseLanguage(page: Page, lang: 'en' | 'ar') {
  const html = page.locator('html');
  // The page's language is read once the app is up: before, the HTML's own (English) stands until the
  // app applies the stored one, so a switch judged unneeded then left the page in Arabic.
  const languageSwitch = page.getByTestId('language-switch').first();
  await expect(languageSwitch).toBeVisible();
  if ((await html.getAttribute('lang')) !== lang) await languageSwitch.click();
  await expect(html).toHaveAttribute('lang', lang);
}

export async function shot(page: Page, name: string, opts: { settled?: boolean } = {}) {
  // A screen to be looked at, without the toasts (2 s) and loading shades of the steps before it.
  if (opts.settled) {
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 8000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    // Dialogs and dropdowns zoom in and out; antd drops the motion classes once they are still.
    await expect(
      page.locator('[class*="-appear"]:visible, [class*="-enter"]:visible, [class*="-leave"]:visible'),
    ).toHaveCount(0);
    // A list that has just loaded fades its content back in (a CSS transition, no class to wait on).
    await page.waitForTimeout(350);
  }
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Each browser tab holds its own session (a new test's page starts signed out); each test starts on sign-in. */
/**
 * Every toast the page shows from now on, as its text, whether or not it is still up when asked: a
 * toast lasts 2 seconds, and a step between the action and the look (a screenshot, an axe run) can
 * outlast it on a busy machine. Returns the reader.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { playdeskToasts: seen });
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement)
            for (const notice of [node, ...node.querySelectorAll('*')])
              if (notice.classList.contains('ant-notification-notice')) seen.push(notice.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { playdeskToasts: string[] }).playdeskToasts);
}

/**
 * Waits for a dialog, or a confirmation popover, to have finished zooming in. A click is a press and a
 * release: on a busy machine the target moves between them, and the release lands beside it (the
 * click then goes to what holds both: a checkbox in a table's header stays as it was, a choice in the
 * room door's "which kid?" is not made).
 */
export async function dialogOpened(page: Page) {
  await expect(
    page.locator('.ant-modal-root [class*="-appear"], .ant-popover[class*="-appear"], .ant-popover[class*="-enter"]'),
  ).toHaveCount(0);
}

export async function freshStation(page: Page) {
  await page.goto('/');
  await expect(
    page.getByTestId('login-form').or(page.getByTestId('app-shell')).or(page.getByTestId('first-run-form')),
  ).toBeVisible();
  if (await page.getByTestId('app-shell').isVisible()) await signOut(page);
}

/** Catalogue calls straight to a server, as a back office or another station would make them. */
export const apiAt =
  (serverURL: string) =>
  async <N extends EndpointName>(
    name: N,
    body: RequestOf<N>,
    token?: string,
    supervisorToken?: string,
  ): Promise<{ status: boolean; message: string; data: ResponseOf<N> }> => {
    const endpoint = endpointOf(name);
    const { url, rest } = splitRequest(endpoint.path, body as Record<string, unknown>);
    const query =
      endpoint.method === 'GET' ? `?${new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]))}` : '';
    const res = await fetch(`${serverURL}${url}${query}`, {
      method: endpoint.method,
      headers: {
        ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(supervisorToken ? { [SUPERVISOR_HEADER]: supervisorToken } : {}),
      },
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(rest),
    });
    return (await res.json()) as { status: boolean; message: string; data: ResponseOf<N> };
  };

/** A catalogue call straight to the e2e server. */
export const api = apiAt(e2eServerURL);

export const adminToken = async () =>
  (await api('user/login', { login: e2eAdmin.login, password: e2eAdmin.password })).data.accessToken;

/** A Saudi mobile as typed at the counter (0501234567), as the server keeps and shows it (+966501234567). */
export const e164 = (local: string) => `+966${local.slice(1)}`;

/** The last one-time code texted to this mobile (E.164), read off the parent's phone: the test gateway's file. */
export function lastCodeTo(mobile: string): string {
  const messages = readFileSync(e2eSmsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; body: string });
  const body = messages.filter((m) => m.to === mobile).at(-1)?.body;
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${mobile}`);
  return code;
}

/** A role with these rights, made as a back office would. */
export async function roleWith(
  token: string,
  [name_en, name_ar]: readonly [string, string],
  features: RequestOf<'priviledge/role/create'>['features'],
): Promise<number> {
  const role = await api('priviledge/role/create', { name_en, name_ar, features }, token);
  expect(role.status).toBe(true);
  return role.data.id;
}

/** An employee of the main branch in this role, who signs in with their mobile and this password. */
export async function employeeIn(
  token: string,
  roleId: number,
  {
    names: [name_en, name_ar],
    mobile,
    password,
  }: { names: readonly [string, string]; mobile: string; password: string },
) {
  const made = await api(
    'user/register',
    { name_en, name_ar, mobile, priviledge_id: roleId, branch_id: 1, password, confirm_password: password },
    token,
  );
  expect(made.status).toBe(true);
  return made.data;
}

/**
 * The staff of a room door, made as a back office would: a station account (signed in by its mobile
 * and `door-01`) whose role has only the Supervisor right, and a supervisor of the main branch with
 * a mobile of their own. `n` makes the mobiles and the role's name unique.
 */
export async function doorStaff(token: string, n: string, names: readonly [string, string]) {
  const role = await roleWith(token, [`Room door ${n}`, `باب الغرفة ${n}`], { Supervisor: flags('access', 'view') });
  const station = `0508${n.slice(-6).padStart(6, '0')}`;
  const supervisor = `0509${n.slice(-6).padStart(6, '0')}`;
  await employeeIn(token, role, { names: ['Door tablet', 'جهاز الباب'], mobile: station, password: 'door-01' });
  const { id: supervisorId } = await employeeIn(token, role, { names, mobile: supervisor, password: 'door-01' });
  return { station, supervisor, supervisorId };
}

/** The door station (doorStaff) signed in; the supervisor types their mobile and the code it received. */
export async function atTheDoor(page: Page, lang: 'en' | 'ar', s: { station: string; supervisor: string }) {
  await chooseLanguage(page, lang);
  await signIn(page, s.station, 'door-01');
  await page.goto('/#/Supervisor');
  await page.getByTestId('supervisor-mobile').fill(s.supervisor);
  await page.getByTestId('supervisor-code-send').click();
  // The code box opens once the code is sent.
  await expect(page.getByTestId('supervisor-code-code')).toBeVisible();
  await page.getByTestId('supervisor-code-code').fill(lastCodeTo(e164(s.supervisor)));
  await page.getByTestId('supervisor-code-code').press('Enter');
}

/**
 * The door station signed in and the supervisor through their code, as the station's main process
 * would do it: the two tokens room work needs.
 */
export async function supervisorTokens(door: { station: string; supervisor: string }) {
  const staff = (await api('user/login', { login: door.station, password: 'door-01' })).data.accessToken;
  expect((await api('otp/supervisor/send', { mobile: door.supervisor }, staff)).status).toBe(true);
  const verified = await api(
    'otp/supervisor/verify',
    { mobile: door.supervisor, otp: lastCodeTo(e164(door.supervisor)) },
    staff,
  );
  expect(verified.data.supervisor_token).toBeTruthy();
  return { staff, supervisor: verified.data.supervisor_token! };
}

/** A product priced with VAT included (15 %) and this much in stock, made as a back office would. */
export async function productInStock(
  token: string,
  fields: { name_en: string; name_ar: string; price: number },
  qty: number,
) {
  const product = (await api('product/create', { ...fields, tax_id: 1, included: 1 }, token)).data;
  await api('product/addstock', { id: product.id, qty }, token);
  return product;
}

/** A role's rights on one feature: the flags named are on. */
export const flags = (...on: string[]) =>
  Object.fromEntries(['access', 'view', 'create', 'update', 'delete'].map((f) => [f, on.includes(f)])) as Record<
    'access' | 'view' | 'create' | 'update' | 'delete',
    boolean
  >;

/**
 * The select dropdown open now: not one still fading out after its choice (it stays in the page for
 * its leave animation, and its options no longer answer).
 */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');

/** Picks an option in the open antd select dropdown. */
export const selectOption = (page: Page, text: string | RegExp) =>
  openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first().click();

/**
 * Chooses in a searchable select as someone with a long list does: opens it, types, clicks the option
 * once the list stops moving, and checks the select shows it. The list is virtual (an option scrolled
 * out of its window is not in the page), and other stories add branches and roles to it.
 */
export async function choose(page: Page, testId: string, text: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await page.keyboard.type(text);
  await expect(openDropdown(page)).not.toHaveClass(/-(appear|enter)/);
  await selectOption(page, text);
  await expect(select).toContainText(text);
}

/** A fresh station in the given language, signed in as the administrator, on one screen. */
export async function adminOn(page: Page, lang: 'en' | 'ar', route: string) {
  await freshStation(page);
  await chooseLanguage(page, lang);
  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  await page.goto(`/#/${route}`);
}

/** The administrator has no branch of their own: the till asks where the sale happens. */
export async function tillInMainBranch(page: Page, lang: 'en' | 'ar') {
  await page.getByTestId('cart-branch').click();
  await selectOption(page, lang === 'en' ? 'Main branch' : 'الفرع الرئيسي');
}

/**
 * The e2e server's own database, reached as an operator would (its port from PostgreSQL's pid file,
 * its password from the data folder): to make time pass (a kid inside for four hours), to count rows,
 * or for another server process on the same database.
 */
export function e2eDatabaseUrl(): string {
  const dir = join(e2eStackDir, 'server');
  const port = readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  const password = readFileSync(join(dir, 'pg.secret'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/playdesk`;
}

export async function e2eDatabase(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  return client;
}

/** Prints the page to an A4 PDF as Chromium's print would, and turns its first page into a PNG. */
export async function printA4(page: Page, name: string) {
  const pdf = `test-results/screens/${name}.pdf`;
  await page.pdf({ path: pdf, format: 'A4', printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, `test-results/screens/${name}`]);
}

/** The critical and serious axe violations on the page as it is now (a screen reached by a story, not a route). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens the shift of whoever holds `token` at the main branch (an empty float) unless one is open there
 * already: the main branch counts its cash, so a cash sale needs its seller's open shift.
 */
export async function shiftOpen(token: string) {
  if ((await api('cashup/current', {}, token)).data) return;
  expect((await api('cashup/open', { opening_float: 0, branch_id: 1 }, token)).message).toBe('OK');
}

/** Closes the open shift of whoever holds `token`, if any, counted as expected: a screen seen with no shift open. */
export async function shiftClosed(token: string) {
  const open = (await api('cashup/current', {}, token)).data;
  if (open)
    expect((await api('cashup/close', { id: open.id, counted_cash: open.expected_cash }, token)).message).toBe('OK');
}

/**
 * A two-hour play pass (10-minute margin, 30 days unless told) sold at the main branch to these kids and
 * paid in cash: what lets them in at the front desk.
 */
export async function sellPlayPass(
  token: string,
  {
    tag,
    kids,
    price = 5000,
    overtimePrice = 0,
    parentId,
    validityDays = 30,
  }: { tag: string; kids: number[]; price?: number; overtimePrice?: number; parentId?: number; validityDays?: number },
) {
  const pass = (
    await api(
      'package/create',
      {
        name_en: `Play ${tag}`,
        name_ar: `لعب ${tag}`,
        price,
        tax_id: 1,
        included: 1,
        validity_days: validityDays,
        daily_limits: 2,
        margin_minutes: '10',
        overtime_price: overtimePrice,
      },
      token,
    )
  ).data;
  await shiftOpen(token);
  const sale = await api(
    'sale/sale/create',
    {
      cart: [{ package: { id: pass.id }, kids }],
      salesData: { payments: { cash: price * kids.length }, branch_id: 1 },
      ...(parentId ? { parentInfo: { parent_id: parentId } } : {}),
    },
    token,
  );
  expect(sale.message).toBe('SALES_COMPLETED');
  return sale.data;
}
