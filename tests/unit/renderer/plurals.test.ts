import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type Resource } from 'i18next';
import { messagesOf } from '../../../renderer/i18n';

type Tree = { [key: string]: string | Tree };
const languages = ['en', 'ar'] as const;
const files = readdirSync(join('locales', 'en')).filter((f) => f.endsWith('.json'));

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const categories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
const suffix = /_(zero|one|two|few|many|other)$/;
const takesCount = /\{\{\s*count\s*(,[^}]*)?\}\}/;

describe.each(languages)('%s plural forms', (lang) => {
  const strings = files.flatMap((file) =>
    leaves(JSON.parse(readFileSync(join('locales', lang, file), 'utf8')) as Tree, file),
  );

  it('are exactly the categories Intl.PluralRules gives the language', () => {
    expect([...categories(lang)].sort()).toEqual(
      lang === 'en' ? ['one', 'other'] : ['few', 'many', 'one', 'other', 'two', 'zero'],
    );
  });

  it('every string that shows a count is one form of a key that has all of them', () => {
    const counted = strings.filter(([, text]) => takesCount.test(text)).map(([key]) => key);
    expect(counted.length).toBeGreaterThan(0);
    expect(
      counted.filter((key) => !suffix.test(key)),
      'counts without plural forms',
    ).toEqual([]);
    const bases = new Set(counted.map((key) => key.replace(suffix, '')));
    const keys = new Set(strings.map(([key]) => key));
    for (const base of bases) {
      const forms = [...categories(lang)].map((c) => `${base}_${c}`);
      expect(
        forms.filter((k) => !keys.has(k)),
        base,
      ).toEqual([]);
      // A key with forms beyond the language's own would never be shown.
      expect(
        strings
          .filter(([k]) => k.replace(suffix, '') === base && suffix.test(k))
          .map(([k]) => k)
          .sort(),
        base,
      ).toEqual(forms.sort());
    }
  });
});

describe('counts read as a person would say them', () => {
  let resources: Resource = {};
  beforeAll(async () => {
    resources = { en: await messagesOf('en'), ar: await messagesOf('ar') };
  });
  const t = (lang: 'en' | 'ar') => {
    const i18n = i18next.createInstance();
    void i18n.init({
      resources,
      lng: lang,
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return i18n.t;
  };

  it('in English: one day, two days', () => {
    expect(t('en')('packages.days', { count: 1 })).toBe('1 day');
    expect(t('en')('packages.days', { count: 30 })).toBe('30 days');
    expect(t('en')('import.save', { count: 1 })).toBe('Save 1 product');
  });

  it('in Arabic: يوم واحد، يومان، ٣ أيام، ١١ يومًا، ١٠٠ يوم', () => {
    const days = (n: number) => t('ar')('packages.days', { count: n });
    expect(days(1)).toBe('يوم واحد');
    expect(days(2)).toBe('يومان');
    expect(days(3)).toBe('3 أيام');
    expect(days(10)).toBe('10 أيام');
    expect(days(11)).toBe('11 يومًا');
    expect(days(30)).toBe('30 يومًا');
    expect(days(100)).toBe('100 يوم');
  });
});
