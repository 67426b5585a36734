import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { marginText } from '../../../renderer/features/packages/margin-text';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';

describe('the packages list says the overtime margin in minutes per hour', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: { en: { common: en }, ar: { common: ar } },
  });

  // English has one and other; Arabic zero, one, two, few (3–10), many (11–99) and other (100).
  it.each([
    ['en', '10,5', 'Hour 1: 10 minutes, then 5 minutes each hour after'],
    ['en', '1,1,2', 'Hour 1: 1 minute, hour 2: 1 minute, then 2 minutes each hour after'],
    ['en', '15', '15 minutes each hour'],
    ['en', '1', '1 minute each hour'],
    ['en', '0', 'No margin'],
    ['ar', '10,5', 'الساعة 1: 10 دقائق، ثم 5 دقائق لكل ساعة بعدها'],
    ['ar', '1', 'دقيقة واحدة لكل ساعة'],
    ['ar', '2', 'دقيقتان لكل ساعة'],
    ['ar', '3', '3 دقائق لكل ساعة'],
    ['ar', '11', '11 دقيقة لكل ساعة'],
    ['ar', '100', '100 دقيقة لكل ساعة'],
    ['ar', '0,1', 'الساعة 1: 0 دقيقة، ثم دقيقة واحدة لكل ساعة بعدها'],
    ['ar', '0', 'بلا مهلة إضافية'],
  ])('%s: %s', async (lang, margin, text) => {
    await i18n.changeLanguage(lang);
    expect(marginText(i18n.t, margin)).toBe(text);
  });
});
