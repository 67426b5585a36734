import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorKeys, fieldErrorKeys, successKeys, systemKeys, systemSuccessKeys } from '../../../shared/api/keys';
import { features } from '../../../shared/permissions';

type Tree = { [key: string]: string | Tree };
const load = (lang: string, file: string) => JSON.parse(readFileSync(join('locales', lang, file), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const files = readdirSync(join('locales', 'en')).filter((f) => f.endsWith('.json'));

/** i18next's plural forms of each language (CLDR): a counted text needs every one of them. */
const pluralForms = { en: ['one', 'other'], ar: ['zero', 'one', 'two', 'few', 'many', 'other'] } as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The keys a screen asks for (a counted text once, without its plural suffix), and each counted text's forms. */
function keysOf(texts: Map<string, string>) {
  const forms = new Map<string, string[]>();
  for (const key of texts.keys()) {
    const form = PLURAL.exec(key);
    if (form) forms.set(key.slice(0, form.index), [...(forms.get(key.slice(0, form.index)) ?? []), form[1]!]);
  }
  return { keys: [...new Set([...texts.keys()].map((k) => k.replace(PLURAL, '')))].sort(), forms };
}

describe('English and Arabic locales', () => {
  it('have the same files', () => {
    expect(
      readdirSync(join('locales', 'ar'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  it.each(files)('%s has the same keys in both, none empty, Arabic written in Arabic', (file) => {
    const en = leaves(load('en', file));
    const ar = leaves(load('ar', file));
    expect(keysOf(ar).keys).toEqual(keysOf(en).keys);
    for (const [lang, texts] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const [key, forms] of keysOf(texts).forms)
        expect([...forms].sort(), `${lang} ${key}`).toEqual([...pluralForms[lang]].sort());
    }
    for (const [key, text] of [...en, ...ar]) expect(text.trim(), key).not.toBe('');
    const arabicScript = /[\u0600-\u06FF]/;
    const untranslated = [...ar].filter(
      ([key, text]) => !arabicScript.test(text) && text === en.get(key) && !/^(PlayDesk|English)$/.test(text),
    );
    expect(untranslated).toEqual([]);
  });

  it('translate every error, success, system and field key of the catalogue', () => {
    for (const lang of ['en', 'ar']) {
      const errors = load(lang, 'errors.json');
      const success = load(lang, 'success.json');
      for (const key of [
        ...errorKeys,
        ...fieldErrorKeys,
        ...systemKeys.filter((k) => !(systemSuccessKeys as readonly string[]).includes(k)),
      ])
        expect(errors[key], `${lang} ${key}`).toBeTypeOf('string');
      for (const key of [...successKeys, ...systemSuccessKeys])
        expect(success[key], `${lang} ${key}`).toBeTypeOf('string');
    }
  });

  it('name every feature of the menu', () => {
    for (const lang of ['en', 'ar']) {
      const common = load(lang, 'common.json') as { features: Record<string, string> };
      for (const feature of features) expect(common.features[feature], `${lang} ${feature}`).toBeTypeOf('string');
    }
  });
});
