import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { abilityFor, features, type SessionUser } from '../../../shared/permissions';
import { landingScreen, menuFeatures } from '../../../renderer/app/shell/menu';
import { messageText } from '../../../renderer/i18n/message';
import en from '../../../locales/en/errors.json';
import enSuccess from '../../../locales/en/success.json';
import ar from '../../../locales/ar/errors.json';
import arSuccess from '../../../locales/ar/success.json';

const cashier: SessionUser = {
  id: 5,
  name_en: 'Sara',
  name_ar: 'سارة',
  mobile: '0500000005',
  email: null,
  role: 'employee',
  branch_id: 1,
  privilege: {
    id: 2,
    name_en: 'Front desk',
    name_ar: 'الاستقبال',
    admin_access: false,
    features: {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
      Sales: { access: false, view: false, create: false, update: false, delete: false },
    },
  },
};

describe('the side menu', () => {
  it('shows an administrator every screen, Chat among them', () => {
    const menu = menuFeatures(abilityFor({ ...cashier, role: 'admin', privilege: null }));
    expect(menu).toEqual([...features]);
  });
  it('shows a front-desk cashier only the front desk', () => {
    expect(menuFeatures(abilityFor(cashier))).toEqual(['FrontDesk']);
  });
  it('shows nothing to nobody', () => {
    expect(menuFeatures(abilityFor(null))).toEqual([]);
  });
});

describe('where a user lands after signing in', () => {
  it('a cashier on the front desk', () => {
    expect(landingScreen(abilityFor(cashier))).toBe('FrontDesk');
  });
  it('an administrator, as a manager, on the dashboard', () => {
    expect(landingScreen(abilityFor({ ...cashier, role: 'admin', privilege: null }))).toBe('Dashboard');
  });
  it('a back-office role on the first screen it may open', () => {
    const office = {
      ...cashier,
      privilege: {
        ...cashier.privilege!,
        features: {
          Employees: { access: true, view: true, create: false, update: false, delete: false },
          Roles: { access: true, view: true, create: false, update: false, delete: false },
        },
      },
    };
    expect(landingScreen(abilityFor(office))).toBe('Employees');
  });
  it('a role with no screen lands nowhere', () => {
    expect(landingScreen(abilityFor(null))).toBeNull();
  });
});

describe('message keys become text', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { errors: en, success: enSuccess }, ar: { errors: ar, success: arSuccess } },
  });

  it('translates error and success keys in the current language', async () => {
    expect(messageText(i18n.t, 'INVALID_PASSWORD')).toBe('The password is incorrect.');
    expect(messageText(i18n.t, 'SALES_COMPLETED')).toBe('Sale completed.');
    await i18n.changeLanguage('ar');
    expect(messageText(i18n.t, 'INVALID_PASSWORD')).toBe('كلمة المرور غير صحيحة.');
    await i18n.changeLanguage('en');
  });

  it("falls back to 'something went wrong' for a missing or unknown key, never raw text", () => {
    for (const key of [undefined, null, '', 'relation "users" does not exist', 'constructor']) {
      expect(messageText(i18n.t, key)).toBe('Something went wrong.');
    }
  });
});
