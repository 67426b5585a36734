import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { marginText } from '../../../renderer/features/packages/margin-text';
import en from '../../../locales/en/common.json';
import ar from '../../../locales/ar/common.json';

describe('the packages list says the overtime margin in minutes per hour', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', fallbackLng: 'en', defaultNS: 'common', resources: { en: { common: en }, ar: { common: ar } } });

  it.each([
    ['10,5', 'Hour 1: 10 minutes, then 5 minutes each hour after'],
    ['1,1,2', 'Hour 1: 1 minute, hour 2: 1 minute, then 2 minutes each hour after'],
    ['15', '15 minutes each hour'],
    ['1', '1 minute each hour'],
    ['0', 'No margin'],
  ])('English: %s', async (margin, text) => {
    await i18n.changeLanguage('en');
    expect(marginText(i18n.t, margin)).toBe(text);
  });

  it.each([
    ['10,5', 'الساعة 1: 10 دقائق، ثم 5 دقائق لكل ساعة بعدها'],
    ['1', 'دقيقة واحدة لكل ساعة'],
    ['2', 'دقيقتان لكل ساعة'],
    ['3', '3 دقائق لكل ساعة'],
    ['11', '11 دقيقة لكل ساعة'],
    ['100', '100 دقيقة لكل ساعة'],
    ['0,1', 'الساعة 1: 0 دقيقة، ثم دقيقة واحدة لكل ساعة بعدها'],
    ['0', 'بلا مهلة إضافية'],
  ])('Arabic: %s, with each plural form', async (margin, text) => {
    await i18n.changeLanguage('ar');
    expect(marginText(i18n.t, margin)).toBe(text);
  });
});
