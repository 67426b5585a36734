import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { chooseLanguage, freshStation, seriousViolations, shot, signIn, signOut } from './helpers';
import packageJson from '../../package.json' with { type: 'json' };

/** Sign-in and sign-out as a cashier would, in English and in Arabic, on the real stack. */

test.beforeEach(async ({ page }) => {
  await freshStation(page);
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('English: a wrong password is refused with a translated message, the right one opens the app, sign out returns to login', async ({
  page,
}) => {
  await chooseLanguage(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await shot(page, 'login-en');

  await signIn(page, e2eAdmin.login, 'not-the-password', false);
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await expect(page.getByTestId('app-shell')).toHaveCount(0);

  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  await expect(page.getByTestId('header-user')).toContainText(/\S/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await shot(page, 'landing-en');

  // The session survives a reload: tokens live in the main process, not in the page.
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();

  await signOut(page);
  await page.reload();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('Arabic: the layout is right to left, errors are in Arabic, sign in and out work', async ({ page }) => {
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const direction = await page.getByTestId('login-form').evaluate((el) => getComputedStyle(el).direction);
  expect(direction).toBe('rtl');
  await shot(page, 'login-ar');

  await signIn(page, 'nobody@playdesk.test', 'whatever', false);
  await expect(page.getByText('لا يوجد مستخدم بهذا الجوال أو البريد الإلكتروني.')).toBeVisible();

  await signIn(page, e2eAdmin.login, e2eAdmin.password);
  // The side menu stands on the right in Arabic.
  const menu = await page.getByTestId('side-menu').boundingBox();
  const viewport = page.viewportSize();
  expect(menu && viewport && menu.x + menu.width / 2 > viewport.width / 2).toBe(true);
  await shot(page, 'landing-ar');

  await signOut(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl'); // the language choice is kept
});

test('after five wrong passwords the sign-in screen says how long to wait, in English and Arabic', async ({ page }) => {
  await chooseLanguage(page, 'en');
  // A login no one holds: its guesses wait like anyone's, and no other test signs in with it.
  for (let i = 0; i < 5; i++) {
    await signIn(page, '0500009999', `guess-${i}`, false);
    await expect(page.getByText('No user has this mobile number or email.').last()).toBeVisible();
  }
  await signIn(page, '0500009999', 'guess-5', false);
  await expect(page.getByTestId('login-wait')).toHaveText(/^Too many attempts\. Try again in 0:(3[0-2]|29)\.$/);
  await shot(page, 'login-wait-en', { settled: true });
  await chooseLanguage(page, 'ar');
  await expect(page.getByTestId('login-wait')).toHaveText(/^محاولات كثيرة\. حاول مرة أخرى بعد 0:(3[0-2]|2\d)\.$/);
  await shot(page, 'login-wait-ar', { settled: true });
});

test('a new tab shows the form before the app has arrived: what is typed there is kept, and Sign in pressed there signs in', async ({
  context,
}) => {
  // A tab of its own: no session can be waiting for it, so index.html's form shows at once.
  const page = await context.newPage();
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => void held.push(() => route.continue()));
  await page.goto('/');
  await expect(page.locator('#first-login')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByTestId('login-input').fill(e2eAdmin.login);
  await page.getByTestId('password-input').fill(e2eAdmin.password);
  await page.getByTestId('password-input').press('Enter');
  // Sign in asked for the app's code, which has not arrived: the form is still index.html's.
  await expect.poll(() => held.length).toBe(1);
  await expect(page.locator('#first-login')).toBeVisible();
  for (const release of held) await release();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('#first-login')).toHaveCount(0);
  await signOut(page);
  await page.close();
});

test('a station older than the oldest its server serves says so before sign-in, in English and Arabic, and does not sign in', async ({
  context,
}) => {
  // A tab of its own, so index.html's form shows and takes a Sign in before the app (and the versions) are known.
  const page = await context.newPage();
  const sent: string[] = [];
  // The server's health answer as a server declaring MIN_STATION_VERSION=9.0.0 gives it (the page asks through the station).
  await page.routeWebSocket(/\/bridge(\?.*)?$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const call = JSON.parse(String(raw)) as { id: number; channel: string; arg?: { name?: string } };
      sent.push(call.channel);
      if (call.channel !== 'pos:api-call' || call.arg?.name !== 'health') return server.send(raw);
      const health = { product: 'PlayDesk', version: '9.0.0', minStationVersion: '9.0.0' };
      ws.send(JSON.stringify({ kind: 'result', id: call.id, result: { status: true, message: 'OK', data: health } }));
    });
  });
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => void held.push(() => route.continue()));
  await page.goto('/');
  await expect(page.locator('#first-login')).toBeVisible();
  await page.getByTestId('login-input').fill(e2eAdmin.login);
  await page.getByTestId('password-input').fill(e2eAdmin.password);
  await page.getByTestId('password-input').press('Enter');
  await expect.poll(() => held.length).toBe(1);
  for (const release of held) await release();
  await chooseLanguage(page, 'en');
  const alert = page.getByTestId('station-too-old');
  await expect(alert).toContainText('This station is too old for the server');
  await expect(alert).toContainText(
    `This station runs PlayDesk ${packageJson.version}; the server needs 9.0.0 or newer.`,
  );
  await expect(page.getByTestId('login-submit')).toBeDisabled();
  await expect(page.getByTestId('password-input')).toBeDisabled();
  await shot(page, 'login-too-old-en', { settled: true });
  expect(await seriousViolations(page)).toEqual([]);
  await chooseLanguage(page, 'ar');
  await expect(alert).toContainText('إصدار هذه المحطة أقدم مما يقبله الخادم');
  await expect(alert).toContainText(`تعمل هذه المحطة بالإصدار ${packageJson.version} من PlayDesk`);
  await shot(page, 'login-too-old-ar', { settled: true });
  expect(await seriousViolations(page)).toEqual([]);
  // The Sign in pressed in the first form waited for the versions, and then was not sent.
  expect(sent).toContain('pos:api-call');
  expect(sent).not.toContain('pos:auth-login');
  await expect(page.getByTestId('app-shell')).toHaveCount(0);
  await page.close();
});
