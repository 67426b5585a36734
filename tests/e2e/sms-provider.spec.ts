import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { launchFile } from '../../electron/web/launch-file';
import { apiAt, chooseLanguage, e164, flags, seriousViolations, shot, signIn, signOut } from './helpers';

/**
 * A station whose server has no SMS_GATEWAY (the main e2e server's test double would win over
 * Settings), started by this file on its worker's spare ports, and a provider on loopback that
 * records what it is sent, as the provider's own log would show it.
 */
const base = Number(process.env.E2E_PORT ?? 4310) + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const stationURL = `http://127.0.0.1:${base + 4}`;
const call = apiAt(`http://127.0.0.1:${base + 5}`);
const ADMIN = { login: 'admin@sms.test', password: 'sms-admin-pass' };
const MANAGER = { mobile: '0507700001', password: 'manager-01' };
/** A room door's station account: the Supervisor right only, so it may not set a provider. */
const DOOR = { mobile: '0507700002', password: 'door-01' };
const SECRET = 'e2e-provider-key-51';

let station: ChildProcess;
let cookie: { name: string; value: string };
let recorder: Server;
let recorderURL: string;
let reply = { status: 200, body: '{"status":"ok"}' };
const received: { key: string | undefined; body: Record<string, string> }[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: stationURL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const key = req.headers['x-api-key'];
      received.push({
        key: typeof key === 'string' ? key : undefined,
        body: JSON.parse(body) as Record<string, string>,
      });
      res.writeHead(reply.status).end(reply.body);
    });
  });
  await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
  const address = recorder.address();
  recorderURL = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/send`;

  const dir = mkdtempSync(join(process.env.E2E_DATA_DIR!, 'sms-station-'));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as another user when CI runs as root
  const env: NodeJS.ProcessEnv = { ...process.env, POS_ADMIN_LOGIN: ADMIN.login, POS_ADMIN_PASSWORD: ADMIN.password };
  delete env.SMS_GATEWAY;
  delete env.SMS_TEST_FILE;
  station = spawn(
    'npx',
    [
      'tsx',
      'scripts/web.ts',
      '--no-build',
      '--port',
      String(base + 4),
      '--server-port',
      String(base + 5),
      '--data-dir',
      dir,
    ],
    { env, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((served, failed) => {
    station.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('is served to the browser') && served());
    station.on('exit', (code) => failed(new Error(`the SMS station exited (${code})`)));
  });
  const launch = await launchFile(join(dir, 'station', 'launch.json')).read();
  if (!launch) throw new Error('the SMS station wrote no launch file');
  cookie = launch.cookie;

  const admin = (await call('user/login', ADMIN)).data.accessToken;
  const role = await call(
    'priviledge/role/create',
    {
      name_en: 'Centre manager',
      name_ar: 'مدير المركز',
      features: { FrontDesk: flags('access', 'view', 'create', 'update'), Settings: flags('access', 'view', 'update') },
    },
    admin,
  );
  const doorRole = await call(
    'priviledge/role/create',
    { name_en: 'Room door', name_ar: 'باب الغرفة', features: { Supervisor: flags('access', 'view') } },
    admin,
  );
  const door = await call(
    'user/register',
    {
      name_en: 'Door tablet',
      name_ar: 'جهاز الباب',
      mobile: DOOR.mobile,
      priviledge_id: doorRole.data.id,
      branch_id: 1,
      password: DOOR.password,
      confirm_password: DOOR.password,
    },
    admin,
  );
  expect(door.status).toBe(true);
  const made = await call(
    'user/register',
    {
      name_en: 'Maha',
      name_ar: 'مها',
      mobile: MANAGER.mobile,
      priviledge_id: role.data.id,
      branch_id: 1,
      password: MANAGER.password,
      confirm_password: MANAGER.password,
    },
    admin,
  );
  expect(made.status).toBe(true);
});

test.afterAll(async () => {
  // The station's own stop (SIGTERM) closes its embedded database; the whole group it started goes.
  if (station?.pid) process.kill(-station.pid, 'SIGTERM');
  await new Promise<void>((done) => (station?.exitCode !== null ? done() : station.once('exit', () => done())));
  recorder?.closeAllConnections();
  await new Promise<void>((done) => (recorder ? recorder.close(() => done()) : done()));
});

test.beforeEach(async ({ context }) => {
  const { hostname } = new URL(stationURL);
  await context.addCookies([{ ...cookie, domain: hostname, path: '/', httpOnly: true, sameSite: 'Strict' }]);
});

let parents = 0;
/** A parent made as the front desk would, found by mobile and opened. */
async function openParent(page: Page) {
  const admin = (await call('user/login', ADMIN)).data.accessToken;
  const mobile = `05477${String(++parents).padStart(5, '0')}`;
  await call('parent/create', { name_en: 'Noura', name_ar: 'نورة', mobile }, admin);
  await page.goto('/#/FrontDesk');
  await page.getByTestId('desk-search').locator('input').fill(mobile);
  await expect(page.locator('[data-testid^=desk-parent-]').first()).toBeVisible();
  await page.getByTestId('desk-search').locator('input').press('Enter');
  await expect(page.getByTestId('parent-panel')).toContainText(e164(mobile));
  return mobile;
}

async function signedIn(page: Page, lang: 'en' | 'ar', who = MANAGER) {
  await page.goto('/');
  await chooseLanguage(page, lang);
  await signIn(page, who.mobile, who.password);
}

/** The code the provider was asked to send to this mobile. */
function codeSentTo(mobile: string): string {
  const message = received.filter((r) => r.body.to === e164(mobile)).at(-1);
  const code = message?.body.message?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`the provider got no code for ${mobile}`);
  return code;
}

const words = {
  en: {
    codesOff: 'Codes cannot be sent: no SMS provider is set.',
    where: 'Set one in Settings → SMS provider.',
    ask: 'An administrator sets one in Settings → SMS provider.',
    none: 'No SMS provider is set',
    inUse: 'Text messages go through this provider.',
    accepted: 'The provider accepted the test message.',
    refused: 'The provider refused the test message (HTTP 401).',
    verified: 'Parent verified',
  },
  ar: {
    codesOff: 'لا يمكن إرسال الرموز: لم يُحدَّد مزوّد للرسائل النصية.',
    where: 'حدّده في الإعدادات ← مزوّد الرسائل النصية.',
    ask: 'يحدّده المسؤول في الإعدادات ← مزوّد الرسائل النصية.',
    none: 'لم يُحدَّد مزوّد للرسائل النصية',
    inUse: 'تُرسل الرسائل النصية عبر هذا المزوّد.',
    accepted: 'قبل المزوّد الرسالة التجريبية.',
    refused: 'رفض المزوّد الرسالة التجريبية (HTTP 401).',
    verified: 'تم التحقق من ولي الأمر',
  },
} as const;

test('until a provider is set, the front desk and the room door say codes cannot be sent and where to set one, in both languages', async ({
  page,
}) => {
  for (const lang of ['en', 'ar'] as const) {
    await signedIn(page, lang);
    await openParent(page);
    await expect(page.getByTestId('otp-no-sms')).toContainText(words[lang].codesOff);
    await expect(page.getByTestId('otp-send')).toHaveCount(0);
    await shot(page, `sms-none-desk-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('otp-no-sms')).toContainText(words[lang].where);
    await page.getByTestId('otp-sms-settings').click();
    await expect(page.getByTestId('sms-provider-source')).toContainText(words[lang].none);
    await signOut(page);

    // The room door's code entry says the same; its account may not set a provider, so it names who does.
    await signedIn(page, lang, DOOR);
    await page.goto('/#/Supervisor');
    const notice = page.getByTestId('supervisor-code-no-sms');
    await expect(notice).toContainText(words[lang].codesOff);
    await expect(notice).toContainText(words[lang].ask);
    await expect(page.getByTestId('supervisor-code-send')).toHaveCount(0);
    await shot(page, `sms-none-door-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await signOut(page);
  }
});

test('en: a generic provider set in Settings, a test SMS accepted, and a parent verified with the code the provider got', async ({
  page,
}) => {
  const w = words.en;
  await signedIn(page, 'en');
  await page.goto('/#/Settings');
  const card = page.getByTestId('sms-provider-card');
  await card.getByTestId('sms-provider-url').fill(recorderURL);
  await card.getByTestId('sms-provider-auth-name').fill('X-Api-Key');
  await card.getByTestId('sms-provider-secret').fill(SECRET);
  await card.getByTestId('sms-provider-accepted').getByText("2xx with a JSON field's value").click();
  await card.getByLabel('JSON field (e.g. status or data.code)').fill('status');
  await card.getByLabel('Its value').fill('ok');
  // Like every card of Settings: marked while it differs from what is stored, and leaving asks.
  await expect(card.getByTestId('card-unsaved')).toHaveText('Not saved');
  await page.getByTestId('side-menu').getByRole('menuitem', { name: 'Front desk' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
  await expect(ask).toContainText('SMS provider');
  await ask.getByTestId('leave-stay').click();
  await card.getByTestId('sms-provider-save').click();
  await expect(card.getByTestId('sms-provider-source')).toHaveText(w.inUse);
  await expect(card.getByTestId('card-unsaved')).toHaveCount(0);
  // Never shown again: the field is empty and says one is set.
  await expect(card.getByTestId('sms-provider-secret')).toHaveValue('');
  await expect(card.getByTestId('sms-provider-secret')).toHaveAttribute('placeholder', 'Set (hidden)');
  await expect(page.locator('body')).not.toContainText(SECRET);

  await card.getByTestId('sms-test-mobile').fill('0501112233');
  await card.getByTestId('sms-test-send').click();
  await expect(card.getByTestId('sms-test-outcome')).toHaveText(w.accepted);
  expect(received.at(-1)).toMatchObject({ key: SECRET, body: { to: '+966501112233' } });
  // The pointer still on the button just clicked: its hover colour reads too.
  await shot(page, 'sms-provider-en', { settled: true });
  expect(await seriousViolations(page)).toEqual([]);

  const mobile = await openParent(page);
  await page.getByTestId('otp-send').click();
  await expect(page.getByTestId('otp-code')).toBeVisible();
  await page.getByTestId('otp-code').fill(codeSentTo(mobile));
  await page.getByTestId('otp-code').press('Enter');
  await expect(page.getByTestId('otp-approved')).toHaveText(w.verified);
});

test('ar: the provider’s refusal is shown with its status and answer; once it accepts, a parent verifies', async ({
  page,
}) => {
  const w = words.ar;
  await signedIn(page, 'ar');
  await page.goto('/#/Settings');
  const card = page.getByTestId('sms-provider-card');
  await expect(card.getByTestId('sms-provider-source')).toHaveText(w.inUse);
  reply = { status: 401, body: '{"error":"invalid api key"}' };
  await card.getByTestId('sms-test-mobile').fill('0501112233');
  await card.getByTestId('sms-test-send').click();
  const outcome = card.getByTestId('sms-test-outcome');
  await expect(outcome).toContainText(w.refused);
  await expect(outcome).toContainText('{"error":"invalid api key"}');
  await shot(page, 'sms-provider-refused-ar', { settled: true });
  expect(await seriousViolations(page)).toEqual([]);

  reply = { status: 200, body: '{"status":"ok"}' };
  const mobile = await openParent(page);
  await page.getByTestId('otp-send').click();
  // The code field shows once the server has the provider's answer: the code is with the provider.
  await expect(page.getByTestId('otp-code')).toBeVisible();
  await page.getByTestId('otp-code').fill(codeSentTo(mobile));
  await page.getByTestId('otp-code').press('Enter');
  await expect(page.getByTestId('otp-approved')).toHaveText(w.verified);
  await shot(page, 'sms-provider-verified-ar', { settled: true });
});
