import { expect, test, type Page } from '@playwright/test';
import {
  adminOn,
  adminToken,
  api,
  chooseLanguage,
  dialogOpened,
  e164,
  e2eDatabase,
  employeeIn,
  flags,
  freshStation,
  lastCodeTo,
  roleWith,
  selectOption,
  seriousViolations,
  sellPlayPass,
  shot,
  signIn,
} from './helpers';

const words = {
  en: {
    branch: 'Main branch',
    verified: 'Parent verified',
    checkedIn: 'Check-in done.',
    checkedOut: 'Check-out completed.',
    inside: /Inside now: 2/,
    insideOne: /Inside now: 1/,
    codeSent: /Code sent to/,
  },
  ar: {
    branch: 'الفرع الرئيسي',
    verified: 'تم التحقق من ولي الأمر',
    checkedIn: 'تم الدخول.',
    checkedOut: 'تم الخروج.',
    inside: /في الداخل الآن: 2/,
    insideOne: /في الداخل الآن: 1/,
    codeSent: /أُرسل الرمز إلى/,
  },
} as const;

/** A family with two kids on a two-hour package (overtime 25.00 an hour), put in through the server. */
async function family(tag: string) {
  const token = await adminToken();
  const mobile = `0533${String(Date.now()).slice(-6)}`;
  const parent = (await api('parent/create', { name_en: `Mona ${tag}`, name_ar: `منى ${tag}`, mobile }, token)).data;
  const rami = (
    await api(
      'kid/create',
      { parent_id: parent.id, name_en: 'Rami', name_ar: 'رامي', medical_notes: 'Peanut allergy' },
      token,
    )
  ).data;
  const dana = (await api('kid/create', { parent_id: parent.id, name_en: 'Dana', name_ar: 'دانة', vip: true }, token))
    .data;
  await sellPlayPass(token, { tag, kids: [rami.id, dana.id], price: 6000, overtimePrice: 2500 });
  return { token, mobile, parent, rami, dana };
}

async function openFamily(page: Page, lang: 'en' | 'ar', mobile: string) {
  await adminOn(page, lang, 'FrontDesk');
  await page.getByTestId('desk-branch').click();
  await selectOption(page, words[lang].branch);
  // The search box has the focus: type the mobile, Enter takes the first match.
  await page.getByTestId('desk-search').locator('input').fill(mobile);
  await expect(page.locator('[data-testid^=desk-parent-]').first()).toBeVisible();
  await page.getByTestId('desk-search').locator('input').press('Enter');
  await expect(page.getByTestId('parent-panel')).toContainText(e164(mobile));
}

for (const lang of ['ar', 'en'] as const) {
  test(`${lang}: find a parent by mobile, verify the code the parent received, check two kids in by badge, see their timers, check one out`, async ({
    page,
  }) => {
    const w = words[lang];
    const { mobile, rami, dana } = await family(lang);
    await openFamily(page, lang, mobile);

    await page.getByTestId('otp-send').click();
    await expect(page.getByTestId('otp-code')).toBeVisible();
    // The code is on the parent's phone only: the outbox staff can read shows it masked.
    const outbox = await api('sms/outbox', { to: mobile }, await adminToken());
    expect(outbox.data.rows[0]!.body).toContain('••••••');
    // In the page's language alone: one SMS segment, not two.
    expect(outbox.data.rows[0]!.body).toMatch(
      lang === 'ar' ? /^رمز التحقق(?!.*expires)/ : /^PlayDesk code[^\u0600-\u06ff]*$/,
    );
    const code = lastCodeTo(e164(mobile));
    expect(outbox.data.rows[0]!.body).not.toContain(code);
    await page.getByTestId('otp-code').fill(code);
    await page.getByTestId('otp-code').press('Enter');
    await expect(page.getByTestId('otp-approved')).toHaveText(w.verified);

    // One badge per kid, typed as a scanner does: the code and Enter, no click on a button.
    await page.getByTestId(`desk-kid-${dana.id}`).click();
    await page.getByTestId('desk-badge').click();
    await page.keyboard.type(`RM-${lang}\n`);
    await expect(page.getByText(w.checkedIn)).toBeVisible();
    await page.getByTestId(`desk-kid-${dana.id}`).click();
    await page.getByTestId('desk-badge').click();
    await page.keyboard.type(`DN-${lang}\n`);
    await expect(page.getByTestId(`desk-checkout-${dana.id}`)).toBeVisible();
    await expect(page.getByTestId(`desk-checkout-${rami.id}`)).toBeVisible();
    await shot(page, `front-desk-${lang}`, { settled: true });

    await page.getByTestId('desk-tab-inside').click();
    await page.getByTestId('checked-in').getByRole('searchbox').fill(mobile);
    await page.getByTestId('checked-in').getByRole('searchbox').press('Enter');
    await expect(page.getByTestId('checked-in')).toContainText(w.inside);
    const timer = page
      .getByRole('row')
      .filter({ hasText: `RM-${lang}` })
      .getByTestId('visit-timer');
    await expect(timer).toContainText(/2:(1\d|20):\d\d/); // two hours and two 10-minute margins
    const before = await timer.textContent();
    await expect(timer).not.toHaveText(before!, { timeout: 3000 });
    await shot(page, `checked-in-${lang}`, { settled: true });

    await page.getByTestId(`inside-checkout-${rami.id}`).click();
    await dialogOpened(page);
    await page.getByTestId('checkout-confirm').click();
    await expect(page.getByText(w.checkedOut)).toBeVisible();
    await expect(page.getByTestId('checked-in')).toContainText(w.insideOne);
    await expect(page.getByRole('row').filter({ hasText: `RM-${lang}` })).toHaveCount(0);
  });

  test(`${lang}: kids four hours inside owe overtime at check-out: one forgiven with a reason, one charged at the till`, async ({
    page,
  }) => {
    const { mobile, parent, rami, dana } = await family(`${lang}-ot`);
    const visits = (
      await api(
        'parent/kids/checkin',
        { parent_id: parent.id, badge: `OT-${lang}`, kidsList: [rami.id, dana.id], branch_id: 1 },
        await adminToken(),
      )
    ).data;
    const db = await e2eDatabase();
    await db.query(`update kid_sessions set checkin_at = now() - interval '4 hours' where id = any($1)`, [
      visits.map((v) => v.id),
    ]);
    await db.end();

    await openFamily(page, lang, mobile);
    await page.getByTestId('desk-checkout-all').click();
    await expect(page.getByTestId('overtime-due')).toContainText('100.00');
    // Over-time payment verification: the parent confirms what they owe with a code.
    await page.getByTestId('overtime-send').click();
    // The toast first: a refusal's words are then in the failure, not gone with its toast (one CI run
    // found no code field here while the server had sent the code).
    await expect(page.locator('.ant-notification')).toContainText(words[lang].codeSent);
    await expect(page.getByTestId('overtime-code')).toBeVisible();
    await page.getByTestId('overtime-code').fill(lastCodeTo(e164(mobile)));
    await page.getByTestId('overtime-verify').click();
    await expect(page.getByTestId('overtime-due').locator('.ant-tag-green')).toHaveCount(2);
    await shot(page, `overtime-due-${lang}`, { settled: true });
    const danaVisit = visits.find((v) => v.kid_id === dana.id)!;
    await page.getByTestId(`overtime-decide-${danaVisit.id}`).click();
    await page.getByTestId('overtime-reason').fill(lang === 'en' ? 'Birthday guest' : 'ضيفة عيد ميلاد');
    // Save once the dialog has opened (a whole run once left it open, Save never pressed).
    await dialogOpened(page);
    await page.locator('.ant-modal-footer .ant-btn-primary').last().click();
    await expect(page.getByTestId('overtime-to-till')).toContainText('50.00');
    await page.getByTestId('overtime-to-till').click();
    await expect(page.getByTestId('cart-payable')).toContainText('50.00');
    await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('50');
    await page.getByTestId('cart-branch').click();
    await selectOption(page, words[lang].branch);
    await page.getByTestId('cart-complete').click();
    await expect(page.getByTestId('cart-page').locator('.ant-result-success')).toBeVisible();
    await shot(page, `overtime-paid-${lang}`, { settled: true });
    const owed = await api('kids/session/billing', { kids: `${rami.id},${dana.id}` }, await adminToken());
    expect(owed.data.total).toBe(0);

    // The forgiven fee shows on the kid's visits, with who forgave it and why.
    await page.goto(`/#/FrontDesk/${dana.id}`);
    await page.getByRole('tab').nth(3).click();
    // Four hours on a two-hour pass: two hours over, nothing left to pay once forgiven.
    const visitRow = page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: `OT-${lang}` });
    await expect(visitRow).toContainText(lang === 'en' ? '2 hours' : 'ساعتان');
    await expect(visitRow).toContainText(lang === 'en' ? 'SAR 0.00' : '0.00 ر.س.');
    await expect(visitRow).not.toContainText('NaN');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId(`fee-history-${danaVisit.id}`).click();
    await expect(page.locator('.ant-popover:visible')).toContainText(
      lang === 'en' ? 'Birthday guest' : 'ضيفة عيد ميلاد',
    );
    await shot(page, `fee-history-${lang}`, { settled: true });
  });

  test(`${lang}: the kid profile shows the flags, subscriptions and visits; the outbox shows the messages`, async ({
    page,
  }) => {
    const { token, rami, parent, mobile } = await family(`${lang}-p`);
    await api(
      'parent/kids/checkin',
      { parent_id: parent.id, badge: `PF-${lang}`, kidsList: [rami.id], branch_id: 1 },
      token,
    );
    await api('otp/send', { id: parent.id, mobile }, token);
    await adminOn(page, lang, '');
    // The header's search: at most four kids (many Ramis by now), and the family by its mobile.
    await page
      .getByTestId('global-search')
      .locator('input')
      .fill(lang === 'en' ? 'Rami' : 'رامي');
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).not.toHaveCount(0);
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBeLessThanOrEqual(8);
    await shot(page, `global-search-${lang}`, { settled: true });
    await page.getByTestId('global-search').locator('input').fill(mobile);
    await selectOption(page, e164(mobile));
    await expect(page.getByTestId('parent-panel')).toContainText(e164(mobile));
    await page
      .getByTestId('parent-panel')
      .getByText(lang === 'en' ? 'Rami' : 'رامي')
      .click();
    await expect(page.getByTestId('kid-profile')).toBeVisible();
    await expect(page.getByTestId('kid-profile')).toContainText('Peanut allergy');
    await shot(page, `kid-profile-${lang}`, { settled: true });
    // The date of birth, which a room's ages are checked against, is set on the profile.
    await page
      .locator('[data-testid="kid-birth-date"] input, input[data-testid="kid-birth-date"]')
      .first()
      .fill('2019-05-04');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('kid-flags-form')
      .getByRole('button', { name: lang === 'en' ? 'Save' : 'حفظ' })
      .click();
    await expect
      .poll(async () => (await api('profile/kid/info', { id: rami.id }, token)).data.birth_date)
      .toBe('2019-05-04');
    await page.reload();
    await expect(
      page.locator('[data-testid="kid-birth-date"] input, input[data-testid="kid-birth-date"]').first(),
    ).toHaveValue('2019-05-04');
    await shot(page, `kid-profile-birth-date-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('tab').nth(3).click();
    await expect(page.getByRole('tabpanel').getByText(`PF-${lang}`)).toBeVisible();
    await page.goto('/#/Promotions?tab=outbox');
    await expect(page.getByTestId('outbox-page')).toContainText(e164(mobile));
    await expect(page.getByTestId('outbox-page')).toContainText('••••••');
    await shot(page, `outbox-${lang}`, { settled: true });
  });
}

for (const lang of ['en', 'ar'] as const)
  test(`${lang}: the kid profile’s ban is the manager’s: a cashier sees it but cannot change it`, async ({ page }) => {
    const token = await adminToken();
    const tag = `${lang === 'en' ? 1 : 2}${String(Date.now()).slice(-5)}`;
    const mobile = `0534${tag}`;
    const parent = (await api('parent/create', { name_en: `Ban ${tag}`, name_ar: `حظر ${tag}`, mobile }, token)).data;
    const kid = (
      await api('kid/create', { parent_id: parent.id, name_en: 'Sami', name_ar: 'سامي', banned: true }, token)
    ).data;
    const role = await roleWith(token, [`Counter ${tag}`, `كاونتر ${tag}`], {
      FrontDesk: flags('access', 'view', 'create', 'update'),
    });
    const cashier = `0535${tag}`;
    await employeeIn(token, role, { names: ['Counter', 'كاونتر'], mobile: cashier, password: 'desk-01' });

    await freshStation(page);
    await chooseLanguage(page, lang);
    await signIn(page, cashier, 'desk-01');
    await page.goto(`/#/FrontDesk/${kid.id}`);
    await expect(page.getByTestId('kid-profile')).toBeVisible();
    const banned = page.getByTestId('kid-banned');
    await expect(banned).toBeChecked();
    await expect(banned).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `kid-ban-read-only-${lang}`, { settled: true });
    // Saving the rest of the profile keeps the ban.
    await page.getByTestId('kid-flags-form').locator('textarea').fill('Wears glasses');
    await page.getByTestId('kid-flags-form').getByRole('button').click();
    await expect
      .poll(async () => (await api('profile/kid/info', { id: kid.id }, token)).data.medical_notes)
      .toBe('Wears glasses');
    expect((await api('profile/kid/info', { id: kid.id }, token)).data.banned).toBe(true);

    await adminOn(page, lang, `FrontDesk/${kid.id}`);
    await expect(page.getByTestId('kid-banned')).toBeEnabled();
  });
