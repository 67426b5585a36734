import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { messagesOf } from '../../../renderer/i18n';
import { receiptSeconds } from '../../../shared/domain/serial-time';

const translator = async (lng: 'en' | 'ar') => {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { [lng]: await messagesOf(lng) },
    lng,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return (count: number) => i18n.t('print.receiptTime', { count, baud: 9600 });
};

describe("the settings screen's time for a receipt on a serial printer", () => {
  it("follows the job's size and the line speed: 21,858 bytes (the bench receipt at 80 mm) 23 s at 9600 baud, 12 s at 19200", () => {
    expect(receiptSeconds(21_858, 9600)).toBe(23);
    expect(receiptSeconds(21_858, 19200)).toBe(12);
    expect(receiptSeconds(21_858, 115200)).toBe(2);
    expect(receiptSeconds(960, 9600)).toBe(1);
  });

  it('says the seconds in English, one and many', async () => {
    const t = await translator('en');
    expect(t(1)).toBe('At 9600 baud a receipt takes about 1 second to reach the printer.');
    expect(t(30)).toBe('At 9600 baud a receipt takes about 30 seconds to reach the printer.');
  });

  it('says the seconds in Arabic in each of its plural forms', async () => {
    const t = await translator('ar');
    expect(t(1)).toContain('ثانية واحدة');
    expect(t(2)).toContain('ثانيتين');
    expect(t(3)).toContain('3 ثوانٍ');
    expect(t(10)).toContain('10 ثوانٍ');
    expect(t(11)).toContain('11 ثانية');
    expect(t(30)).toContain('30 ثانية');
    expect(t(100)).toContain('100 ثانية');
    for (const n of [0, 1, 2, 3, 11, 100]) expect(t(n)).toContain('9600');
  });
});
