import { expect, test, type Page } from '@playwright/test';
import {
  adminOn,
  adminToken,
  api,
  atTheDoor,
  dialogOpened,
  doorStaff,
  freshStation,
  selectOption,
  sellPlayPass,
  seriousViolations,
  shot,
} from './helpers';

const words = {
  en: { branch: 'Main branch', inside: (n: number) => `Inside now: ${n}`, of: (n: number) => `${n} of 12` },
  ar: { branch: 'الفرع الرئيسي', inside: (n: number) => `في الداخل الآن: ${n}`, of: (n: number) => `${n} من 12` },
} as const;

/** Each story's supervisor and rooms have names of their own. */
const people = { en: ['Lina Haddad', 'لينا حداد'], ar: ['Noura Saleh', 'نورة صالح'] } as const;

/**
 * How many times this page has asked its station for `name` (a catalogue call over the bridge's
 * WebSocket, the page's only way to the server). Frames on one socket arrive in order, so once a later
 * call has been seen, every earlier one has been counted.
 */
function callsTo(page: Page, name: string): () => number {
  let count = 0;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes(`"name":"${name}"`)) count++;
    }),
  );
  return () => count;
}

/** The dashboard card counting the kids inside now, as a number. */
async function insideCard(page: Page): Promise<number> {
  return Number((await page.getByTestId('card-chekinKids').locator('.ant-statistic-content').innerText()).trim());
}

let serial = 0;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a kid checked in, let into a room, moved and checked out shows at the other stations without a reload, and nothing polls`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const w = words[lang];
    const name = (names: readonly [string, string]) => (lang === 'en' ? names[0] : names[1]);
    const token = await adminToken();
    const n = `${Date.now() % 100000}`.padStart(5, '0') + String(++serial);
    const door = await doorStaff(token, n, people[lang]);
    const room = async (names: [string, string]) => {
      const made = await api(
        'room/create',
        { name_en: names[0], name_ar: names[1], branch_id: 1, capacity: 12, supervisor_ids: [door.supervisorId] },
        token,
      );
      expect(made.message).toBe('OK');
      return { id: made.data.id, names };
    };
    const soft = await room([`Soft play ${n}`, `اللعب الناعم ${n}`]);
    const pit = await room([`Ball pit ${n}`, `حوض الكرات ${n}`]);
    const mobile = `0537${n.slice(-6).padStart(6, '0')}`;
    const parent = (await api('parent/create', { name_en: 'Maha', name_ar: 'مها', mobile }, token)).data;
    const kid = (await api('kid/create', { parent_id: parent.id, name_en: 'Zaid', name_ar: 'زيد' }, token)).data;
    await sellPlayPass(token, { tag: n, kids: [kid.id] });
    const checkIn = async (badge: string) =>
      expect(
        (await api('parent/kids/checkin', { parent_id: parent.id, badge, kidsList: [kid.id], branch_id: 1 }, token))
          .message,
      ).toBe('CHECKIN_DONE');

    // Two stations: the front desk (its Inside now, and the dashboard in another tab) and a room door.
    const frontOffice = await browser.newContext();
    const roomDoor = await browser.newContext();
    try {
      const [desk, dashboard, gate] = [
        await frontOffice.newPage(),
        await frontOffice.newPage(),
        await roomDoor.newPage(),
      ];
      const calls = {
        desk: callsTo(desk, 'kids/checkedinlist'),
        dashboard: callsTo(dashboard, 'admin/dashboard'),
        gate: callsTo(gate, 'room/supervisor'),
      };
      // The pages' clocks are the test's to move: a poll left anywhere would fire when they jump.
      for (const page of [desk, dashboard, gate]) await page.clock.install();

      await adminOn(desk, lang, 'FrontDesk');
      await desk.getByTestId('desk-branch').click();
      await selectOption(desk, w.branch);
      await desk.getByTestId('desk-tab-inside').click();
      const inside = desk.getByTestId('checked-in');
      await inside.getByRole('searchbox').fill(mobile);
      await inside.getByRole('searchbox').press('Enter');
      await expect(inside).toContainText(w.inside(0));

      await adminOn(dashboard, lang, 'Dashboard');
      const rooms = dashboard.getByTestId('dashboard-rooms');
      const roomLine = (r: { names: [string, string] }) =>
        rooms
          .locator('div')
          .filter({ hasText: name(r.names) })
          .last();
      await expect(roomLine(soft)).toContainText(w.of(0));
      const before = await insideCard(dashboard);

      await freshStation(gate);
      await atTheDoor(gate, lang, door);
      await gate.getByTestId(`supervisor-room-${soft.id}`).click();
      await expect(gate.getByTestId('room-view-name')).toHaveText(name(soft.names));

      // Nothing polls: with every screen loaded and nothing changing, two minutes pass on each page (past
      // each old poll's period); then a check-in at a third station reloads each exactly once. A poll
      // would have asked in between, and its frame would have come first.
      const asked = { desk: calls.desk(), dashboard: calls.dashboard(), gate: calls.gate() };
      for (const page of [desk, dashboard, gate]) await page.clock.fastForward('02:00');
      const badge = `LV-${n}`;
      await checkIn(badge);
      for (const key of ['desk', 'dashboard', 'gate'] as const) {
        await expect.poll(calls[key], key).toBeGreaterThan(asked[key]);
        expect(calls[key](), key).toBe(asked[key] + 1);
      }

      // The desk's list and the dashboard's card show the kid.
      await expect(desk.getByRole('row').filter({ hasText: badge })).toBeVisible();
      await expect(inside).toContainText(w.inside(1));
      await expect.poll(() => insideCard(dashboard)).toBe(before + 1);

      // Let into the soft play at the door: the dashboard's room line follows.
      await expect(gate.getByTestId('room-scan').locator('input')).toBeFocused();
      await gate.keyboard.type(badge);
      await gate.keyboard.press('Enter');
      await expect(gate.getByTestId(`room-kid-${kid.id}`)).toBeVisible();
      await expect(roomLine(soft)).toContainText(w.of(1));

      // Moved on to the ball pit.
      await gate.getByTestId(`room-move-${kid.id}`).click();
      await gate.getByRole('menuitem', { name: name(pit.names) }).click();
      await expect(gate.getByTestId(`room-kid-${kid.id}`)).toBeHidden();
      await expect(roomLine(pit)).toContainText(w.of(1));
      await expect(roomLine(soft)).toContainText(w.of(0));
      await gate.getByTestId('room-switch').click();
      await gate.getByTestId(`supervisor-room-${pit.id}`).click();
      await expect(gate.getByTestId(`room-kid-${kid.id}`)).toBeVisible();

      await desk.mouse.move(0, 0);
      await shot(desk, `live-inside-${lang}`, { settled: true });
      expect(await seriousViolations(desk)).toEqual([]);
      await shot(dashboard, `live-dashboard-${lang}`, { settled: true });
      expect(await seriousViolations(dashboard)).toEqual([]);
      await gate.mouse.move(0, 0);
      await shot(gate, `live-room-${lang}`, { settled: true });
      expect(await seriousViolations(gate)).toEqual([]);

      // Checked out at the front desk: out of the ball pit's view at the door, off the dashboard.
      await desk.getByTestId(`inside-checkout-${kid.id}`).click();
      await dialogOpened(desk);
      await desk.getByTestId('checkout-confirm').click();
      await expect(inside).toContainText(w.inside(0));
      await expect(gate.getByTestId(`room-kid-${kid.id}`)).toBeHidden();
      await expect(gate.getByTestId('room-view-count')).toContainText(w.of(0));
      await expect(roomLine(pit)).toContainText(w.of(0));
      await expect.poll(() => insideCard(dashboard)).toBe(before);

      // A sale at another station: the dashboard's takings follow it, with no poll behind them either.
      const takings = dashboard.getByTestId('card-todayRevenue').locator('.ant-statistic-content');
      const earned = await takings.innerText();
      await sellPlayPass(token, { tag: `${n}-again`, kids: [kid.id] });
      await expect(takings).not.toHaveText(earned);
    } finally {
      await frontOffice.close();
      await roomDoor.close();
    }
  });
}
