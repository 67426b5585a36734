import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPT_OUT_WORDS,
  campaignSegments,
  fillMessage,
  messageLanguage,
  promotionWriter,
  templateProblems,
  withOptOut,
} from '../../../shared/domain/promotion-text';
import { smsSegments } from '../../../shared/domain/sms-segments';

describe('placeholders in a promotion', () => {
  it('fills {name} and {kid} per recipient, each as often as it appears', () => {
    expect(fillMessage('Dear {name}, {kid} is invited. See you, {kid}!', { name: 'Sara', kid: 'Omar' })).toEqual({
      ok: true,
      text: 'Dear Sara, Omar is invited. See you, Omar!',
    });
    expect(fillMessage('عزيزتنا {name}، ننتظر {kid}', { name: 'نورة', kid: 'ليلى' })).toEqual({
      ok: true,
      text: 'عزيزتنا نورة، ننتظر ليلى',
    });
  });

  it('refuses a row with no value for a placeholder the template uses, instead of sending "Dear ,"', () => {
    for (const name of [undefined, null, '', '   ', '\n']) {
      expect(fillMessage('Dear {name}, 20% off', { name, kid: 'Omar' })).toEqual({
        ok: false,
        reason: 'PLACEHOLDER_EMPTY',
        placeholder: 'name',
      });
    }
    expect(fillMessage('See you, {kid}', { name: 'Sara' })).toMatchObject({
      reason: 'PLACEHOLDER_EMPTY',
      placeholder: 'kid',
    });
    // A placeholder the template does not use needs no value.
    expect(fillMessage('Dear {name}', { name: 'Sara' })).toEqual({ ok: true, text: 'Dear Sara' });
  });

  it('puts a name in as one line and never reads what it put in as a placeholder', () => {
    expect(fillMessage('Dear {name}!', { name: '  Sara\n Al  Harbi ' })).toEqual({
      ok: true,
      text: 'Dear Sara Al Harbi!',
    });
    expect(fillMessage('{name} and {kid}', { name: '{kid}', kid: 'Omar' })).toEqual({
      ok: true,
      text: '{kid} and Omar',
    });
  });

  it('lists unknown placeholders and braces without a partner, with where they are', () => {
    expect(templateProblems('Dear {name}, {kid} awaits')).toEqual([]);
    expect(templateProblems('Dear {Name}, {child} and {}')).toEqual([
      { problem: 'UNKNOWN_PLACEHOLDER', placeholder: 'Name', at: 5 },
      { problem: 'UNKNOWN_PLACEHOLDER', placeholder: 'child', at: 13 },
      { problem: 'UNKNOWN_PLACEHOLDER', placeholder: '', at: 25 },
    ]);
    expect(templateProblems('Dear {name')).toEqual([{ problem: 'UNMATCHED_BRACE', at: 5 }]);
    expect(templateProblems('Dear name}')).toEqual([{ problem: 'UNMATCHED_BRACE', at: 9 }]);
    expect(templateProblems('{{name}}')).toEqual([
      { problem: 'UNMATCHED_BRACE', at: 0 },
      { problem: 'UNMATCHED_BRACE', at: 7 },
    ]);
  });

  it('sends nothing from a template with problems', () => {
    expect(fillMessage('Dear {Name}', { name: 'Sara' })).toEqual({ ok: false, reason: 'TEMPLATE_INVALID' });
    expect(fillMessage('50% off {', { name: 'Sara' })).toEqual({ ok: false, reason: 'TEMPLATE_INVALID' });
  });

  it('reports every brace of a run typed by a held-down key', () => {
    expect(templateProblems('{'.repeat(50) + 'name')).toHaveLength(50);
    expect(templateProblems('{'.repeat(50) + 'name}')).toHaveLength(49);
  });
});

describe('the opt-out words', () => {
  const en = DEFAULT_OPT_OUT_WORDS.en;
  const ar = DEFAULT_OPT_OUT_WORDS.ar;

  it('come in both languages, the Arabic ones Arabic and the English ones plain GSM', () => {
    expect(messageLanguage(ar)).toBe('ar');
    expect(messageLanguage(en)).toBe('en');
    expect(smsSegments(en).encoding).toBe('GSM-7');
  });

  it('go on a line of their own at the end, once', () => {
    expect(withOptOut('20% off this weekend', en)).toBe(`20% off this weekend\n${en}`);
    expect(withOptOut('20% off this weekend\n\n  ', en)).toBe(`20% off this weekend\n${en}`);
    const once = withOptOut('20% off', en);
    expect(withOptOut(once, en)).toBe(once);
    expect(withOptOut('20% off. send stop  to OPT out', en)).toBe('20% off. send stop  to OPT out');
    expect(withOptOut('خصم ٢٠٪', ar)).toBe(`خصم ٢٠٪\n${ar}`);
  });

  it('are matched as written, whatever signs they hold', () => {
    const words = 'Reply STOP (free) to opt out.';
    expect(withOptOut('20% off', words)).toBe(`20% off\n${words}`);
    expect(withOptOut('20% off\nreply stop (FREE)\nto opt out.', words)).toBe(
      '20% off\nreply stop (FREE)\nto opt out.',
    );
    expect(withOptOut('Reply STOP free to opt out!', words)).toBe(`Reply STOP free to opt out!\n${words}`);
  });

  it('count as present only at the end: a short word inside the text does not stand in for them', () => {
    expect(withOptOut('Non-stop fun this weekend', 'STOP')).toBe('Non-stop fun this weekend\nSTOP');
    expect(withOptOut(`${en} is how to leave. 20% off`, en)).toBe(`${en} is how to leave. 20% off\n${en}`);
    expect(withOptOut(`20% off\n${en}.`, en)).toBe(`20% off\n${en}.`);
  });

  it('leave a text alone when there are none', () => {
    expect(withOptOut('20% off', '  ')).toBe('20% off');
  });

  it('follow the language of the message: any Arabic letter makes it Arabic', () => {
    expect(messageLanguage('Welcome back')).toBe('en');
    expect(messageLanguage('Welcome back يا أحمد')).toBe('ar');
    expect(messageLanguage('Price ٢٠ SAR، today')).toBe('en');
    const words = { en: 'STOP-EN', ar: 'STOP-AR' };
    expect(promotionWriter('Hello {name}', words)({ name: 'Sara' })).toEqual({ ok: true, text: 'Hello Sara\nSTOP-EN' });
    expect(promotionWriter('أهلاً {name}', words)({ name: 'سارة' })).toEqual({ ok: true, text: 'أهلاً سارة\nSTOP-AR' });
    // The manager's message decides, not a recipient's name in another script.
    expect(promotionWriter('Hello {name}', words)({ name: 'سارة' })).toEqual({ ok: true, text: 'Hello سارة\nSTOP-EN' });
  });

  it('are counted in the segments: a full Arabic SMS becomes two', () => {
    const body = 'ب'.repeat(70);
    expect(smsSegments(body).segments).toBe(1);
    const sent = promotionWriter(body, DEFAULT_OPT_OUT_WORDS)({});
    expect(sent).toEqual({ ok: true, text: `${body}\n${ar}` });
    expect(campaignSegments(body, [{}], DEFAULT_OPT_OUT_WORDS).segments).toBe(2);
  });
});

describe("a campaign's total", () => {
  const words = { en: 'STOP', ar: 'إلغاء' };

  it("sums each row's own text, rows differing by their names", () => {
    // 'Hi ' + name + '\nSTOP': a 150-letter name keeps it in one SMS, a 160-letter one needs two.
    const rows = [{ name: 'a'.repeat(150) }, { name: 'b'.repeat(160) }, { name: 'سارة' }];
    expect(campaignSegments('Hi {name}', rows, words)).toEqual({ segments: 1 + 2 + 1, messages: 3, unsendable: 0 });
  });

  it('leaves out the rows that cannot be sent as written', () => {
    const rows = [{ name: 'Sara', kid: 'Omar' }, { name: 'Huda' }, { kid: 'Reem' }];
    expect(campaignSegments('{name}: {kid} is invited', rows, words)).toEqual({
      segments: 1,
      messages: 1,
      unsendable: 2,
    });
    expect(campaignSegments('{Name}', rows, words)).toEqual({ segments: 0, messages: 0, unsendable: 3 });
    expect(campaignSegments('Hi {name}', [], words)).toEqual({ segments: 0, messages: 0, unsendable: 0 });
  });
});
