import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminToken,
  api,
  chooseLanguage,
  e164,
  employeeIn,
  flags,
  freshStation,
  lastCodeTo,
  roleWith,
  seriousViolations,
  shot,
  signIn,
} from './helpers';

/**
 * Issue 24's chat, in both languages: two signed-in staff (two browser contexts, each its own page
 * of the e2e station) write to each other; the one on another screen sees the menu's count rise and
 * a notification; opening the conversation reads it and the sender sees it delivered; a reply and a
 * bookmark. Then a room supervisor chats from the room view with the counter.
 */
const PASSWORD = 'chat-pass-1';
const words = {
  en: {
    hello: 'Hello, is the party room ready?',
    other: 'مرحبا، هل غرفة الحفلات جاهزة؟',
    reply: 'Yes, ready at 4.',
    door: 'Room full, please hold the next kids.',
    doorReply: 'OK, holding them.',
    delivered: 'Delivered',
    bookmarks: 'Bookmarks',
  },
  ar: {
    hello: 'هل غرفة الحفلات جاهزة؟',
    other: 'Is the party room ready?',
    reply: 'نعم، جاهزة الساعة 4.',
    door: 'الغرفة ممتلئة، أوقفوا الأطفال القادمين.',
    doorReply: 'حسناً، أوقفناهم.',
    delivered: 'وصلت',
    bookmarks: 'الرسائل المحفوظة',
  },
} as const;

const chatRights = { Chat: flags('access', 'view', 'create'), FrontDesk: flags('access', 'view') };

/** A page of its own (a second station window), signed in by `mobile` in `lang`. */
async function staffPage(browser: Browser, lang: 'en' | 'ar', mobile: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await freshStation(page);
  await chooseLanguage(page, lang);
  await signIn(page, mobile, PASSWORD);
  return page;
}

async function settledShot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await shot(page, name, { settled: true });
  expect(await seriousViolations(page)).toEqual([]);
}

const lastMessage = (page: Page) => page.getByTestId('chat-message').last();

async function write(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: two staff chat; the other screen counts and tells; opening reads and delivers; a reply and a bookmark`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = words[lang];
    const token = await adminToken();
    const n = `${lang === 'en' ? 1 : 2}${String(Date.now()).slice(-5)}`;
    const role = await roleWith(token, [`Chat staff ${n}`, `موظفو المحادثة ${n}`], chatRights);
    const huda = { names: [`Huda ${n}`, `هدى ${n}`] as const, mobile: `0531${n}`, password: PASSWORD };
    const omar = { names: [`Omar ${n}`, `عمر ${n}`] as const, mobile: `0532${n}`, password: PASSWORD };
    await employeeIn(token, role, huda);
    await employeeIn(token, role, omar);
    const name = (p: { names: readonly [string, string] }) => (lang === 'en' ? p.names[0] : p.names[1]);

    const sender = await staffPage(browser, lang, huda.mobile);
    const receiver = await staffPage(browser, lang, omar.mobile);
    // The receiver works elsewhere: the front desk, their first screen.
    await expect(receiver.getByTestId('front-desk')).toBeVisible();
    await expect(receiver.getByTestId('chat-menu-unread')).toHaveCount(0);

    await sender.goto('/#/Chat');
    await expect(sender.getByTestId('chat-page')).toBeVisible();
    await sender.getByTestId('chat-search').fill(name(omar));
    await expect(sender.getByTestId('chat-contact')).toHaveCount(1);
    await sender.getByTestId('chat-contact').click();
    await expect(sender.getByTestId('chat-conversation')).toBeVisible();
    // Shift+Enter starts a new line; Enter sends.
    await sender.getByTestId('chat-input').fill(w.hello);
    await sender.getByTestId('chat-input').press('Shift+Enter');
    await expect(sender.getByTestId('chat-input')).toHaveValue(`${w.hello}\n`);
    await sender.getByTestId('chat-input').press('Enter');
    await expect(sender.getByTestId('chat-input')).toHaveValue('');
    await expect(lastMessage(sender).getByTestId('chat-body')).toHaveText(w.hello);
    // Stored, one tick: the receiver has not opened the conversation.
    await expect(lastMessage(sender).getByTestId('chat-state')).toHaveAttribute('data-state', 'confirmed');
    // A message in the other language, in its own direction inside this layout.
    await write(sender, w.other);
    await expect(lastMessage(sender).getByTestId('chat-body')).toHaveText(w.other);
    await expect(lastMessage(sender).getByTestId('chat-body')).toHaveAttribute('dir', 'auto');

    // On the front desk: the count rises by each message, and a notification tells who wrote what.
    await expect(receiver.getByTestId('chat-menu-unread')).toHaveText('2');
    const told = receiver.getByTestId('chat-notification').filter({ hasText: w.other });
    await expect(told).toBeVisible();
    await shot(receiver, `chat-notification-${lang}`);
    // Arrived on the receiver's station but not seen there yet: still one tick each for the sender.
    for (const state of await sender.getByTestId('chat-state').all())
      await expect(state).toHaveAttribute('data-state', 'confirmed');
    await told.click();

    // The notification opens the conversation: read, so the count goes, and acknowledged, so the sender sees two ticks.
    await expect(receiver.getByTestId('chat-conversation')).toBeVisible();
    await expect(receiver.getByTestId('chat-body').filter({ hasText: w.hello })).toBeVisible();
    await expect(receiver.getByTestId('chat-menu-unread')).toHaveCount(0);
    for (const state of await sender.getByTestId('chat-state').all())
      await expect(state).toHaveAttribute('data-state', 'delivered');
    await expect(lastMessage(sender).getByRole('img', { name: w.delivered })).toBeVisible();

    // A reply: the quoted message above the box, then above the reply on both screens.
    await receiver.getByTestId('chat-message').filter({ hasText: w.hello }).getByTestId('chat-reply').click();
    await expect(receiver.getByTestId('chat-replying')).toContainText(w.hello);
    await write(receiver, w.reply);
    await expect(receiver.getByTestId('chat-replying')).toHaveCount(0);
    await expect(lastMessage(receiver).getByTestId('chat-quote')).toContainText(w.hello);
    await expect(lastMessage(sender).getByTestId('chat-body')).toHaveText(w.reply);
    await expect(lastMessage(sender).getByTestId('chat-quote')).toContainText(w.hello);
    await settledShot(sender, `chat-conversation-${lang}`);

    // The sender, on this conversation, bookmarks the reply and finds it among the bookmarks.
    await lastMessage(sender).getByTestId('chat-bookmark').click();
    await expect(lastMessage(sender).getByTestId('chat-bookmark')).toHaveAttribute('aria-pressed', 'true');
    await sender.getByTestId('chat-bookmarks-open').click();
    await expect(sender.getByTestId('chat-bookmarks')).toContainText(w.bookmarks);
    await expect(sender.getByTestId('chat-bookmarked').filter({ hasText: w.reply })).toBeVisible();
    await settledShot(sender, `chat-bookmarks-${lang}`);

    // The receiver's own conversations list: the sender, read, with the last message.
    await receiver.goto('/#/Chat');
    const contact = receiver.getByTestId('chat-contact').filter({ hasText: name(huda) });
    await expect(contact).toContainText(w.reply);
    await expect(contact.getByTestId('chat-contact-unread')).toHaveCount(0);
    await receiver.getByTestId('chat-search').fill(`nobody ${n}`);
    await expect(receiver.getByTestId('chat-no-contacts')).toBeVisible();
    await settledShot(receiver, `chat-no-match-${lang}`);
  });

  test(`${lang}: a room supervisor chats with the counter from the room view`, async ({ browser }) => {
    test.setTimeout(120_000);
    const w = words[lang];
    const token = await adminToken();
    const n = `${lang === 'en' ? 3 : 4}${String(Date.now()).slice(-5)}`;
    const door = await roleWith(token, [`Chat door ${n}`, `باب المحادثة ${n}`], {
      Supervisor: flags('access', 'view'),
      Chat: flags('access', 'view', 'create'),
    });
    const station = { names: ['Door tablet', 'جهاز الباب'] as const, mobile: `0508${n}`, password: PASSWORD };
    const supervisor = { names: [`Lina ${n}`, `لينا ${n}`] as const, mobile: `0509${n}`, password: PASSWORD };
    await employeeIn(token, door, station);
    const { id: supervisorId } = await employeeIn(token, door, supervisor);
    const counterRole = await roleWith(token, [`Chat counter ${n}`, `كاونتر المحادثة ${n}`], chatRights);
    const counter = { names: [`Sami ${n}`, `سامي ${n}`] as const, mobile: `0533${n}`, password: PASSWORD };
    await employeeIn(token, counterRole, counter);
    const room = (
      await api(
        'room/create',
        { name_en: `Chat room ${n}`, name_ar: `غرفة ${n}`, branch_id: 1, supervisor_ids: [supervisorId] },
        token,
      )
    ).data;

    const desk = await staffPage(browser, lang, counter.mobile);
    await expect(desk.getByTestId('front-desk')).toBeVisible();
    const page = await staffPage(browser, lang, station.mobile);
    await page.goto('/#/Supervisor');
    await page.getByTestId('supervisor-mobile').fill(supervisor.mobile);
    await page.getByTestId('supervisor-code-send').click();
    await expect(page.getByTestId('supervisor-code-code')).toBeVisible();
    await page.getByTestId('supervisor-code-code').fill(lastCodeTo(e164(supervisor.mobile)));
    await page.getByTestId('supervisor-code-code').press('Enter');
    await page.getByTestId(`supervisor-room-${room.id}`).click();
    await expect(page.getByTestId('room-view-name')).toBeVisible();

    await page.getByTestId('room-chat').click();
    await page.getByTestId('chat-search').fill(lang === 'en' ? counter.names[0] : counter.names[1]);
    await expect(page.getByTestId('chat-contact')).toHaveCount(1);
    await page.getByTestId('chat-contact').click();
    await write(page, w.door);
    await expect(lastMessage(page).getByTestId('chat-body')).toHaveText(w.door);

    // The counter is told on the front desk, opens it, and answers; the answer reaches the drawer.
    const told = desk.getByTestId('chat-notification').filter({ hasText: w.door });
    await expect(told).toBeVisible();
    await told.click();
    await expect(desk.getByTestId('chat-body').filter({ hasText: w.door })).toBeVisible();
    await write(desk, w.doorReply);
    await expect(lastMessage(page).getByTestId('chat-body')).toHaveText(w.doorReply);
    await expect(page.getByTestId('chat-state').first()).toHaveAttribute('data-state', 'delivered');
    // The 10 days before: nothing there, and what is shown stays, each once.
    await page.getByTestId('chat-earlier').click();
    await expect(page.getByTestId('chat-earlier')).not.toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('chat-message')).toHaveCount(2);
    await settledShot(page, `chat-room-view-${lang}`);
  });
}
