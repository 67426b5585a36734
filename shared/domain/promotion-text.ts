import { smsSegments } from './sms-segments';

/**
 * The text of a promotion SMS: a manager's template with `{name}` (the parent's name, in the message's
 * language) and `{kid}` (a kid's name) filled per recipient, and the opt-out words the law asks for.
 *
 * Braces are kept for placeholders: every `{…}` must be one of the two, and a brace without its partner
 * is a template error too. A stray brace is far likelier a mistyped placeholder (`{name`, `{Name}`) than
 * wanted text, and sent as written it would reach every phone as "Dear {name"; a template with any of
 * these is refused before sending (`templateProblems`), so no brace ever goes out.
 */
export const PROMOTION_PLACEHOLDERS = ['name', 'kid'] as const;
export type PromotionPlaceholder = (typeof PROMOTION_PLACEHOLDERS)[number];

/** What one recipient brings to a template; a missing or blank value cannot fill a placeholder. */
export type PromotionRow = Partial<Record<PromotionPlaceholder, string | null>>;

export type TemplateProblem =
  { problem: 'UNKNOWN_PLACEHOLDER'; placeholder: string; at: number } | { problem: 'UNMATCHED_BRACE'; at: number };

/**
 * One recipient's text, or why it cannot be sent as written: the template has problems, or it uses a
 * placeholder this recipient has no value for (no "Dear ," goes out).
 */
export type FilledMessage =
  | { ok: true; text: string }
  | { ok: false; reason: 'TEMPLATE_INVALID' }
  | { ok: false; reason: 'PLACEHOLDER_EMPTY'; placeholder: PromotionPlaceholder };

export type MessageLanguage = 'en' | 'ar';
export type OptOutWords = Readonly<Record<MessageLanguage, string>>;

/** What the chain's opt-out words setting starts as; operators accept a STOP sent back to the sender. */
export const DEFAULT_OPT_OUT_WORDS: OptOutWords = {
  en: 'Send STOP to opt out',
  ar: 'لإلغاء الاشتراك أرسل STOP',
};

interface Template {
  /** The text around the placeholders: one more than `slots`. */
  literals: string[];
  slots: PromotionPlaceholder[];
  problems: TemplateProblem[];
}

const isPlaceholder = (key: string): key is PromotionPlaceholder =>
  (PROMOTION_PLACEHOLDERS as readonly string[]).includes(key);

/** One pass over the template: each brace is looked at once, so no input makes it slow. */
function parse(template: string): Template {
  const literals: string[] = [];
  const slots: PromotionPlaceholder[] = [];
  const problems: TemplateProblem[] = [];
  let literalStart = 0;
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '}') problems.push({ problem: 'UNMATCHED_BRACE', at: i });
    if (c !== '{') continue;
    let end = i + 1;
    while (end < template.length && template[end] !== '{' && template[end] !== '}') end++;
    if (template[end] !== '}') {
      problems.push({ problem: 'UNMATCHED_BRACE', at: i });
      continue;
    }
    const key = template.slice(i + 1, end);
    if (isPlaceholder(key)) {
      literals.push(template.slice(literalStart, i));
      slots.push(key);
      literalStart = end + 1;
    } else problems.push({ problem: 'UNKNOWN_PLACEHOLDER', placeholder: key, at: i });
    i = end;
  }
  literals.push(template.slice(literalStart));
  return { literals, slots, problems };
}

/** What the screen shows before sending: placeholders it does not know, braces without a partner. */
export function templateProblems(template: string): TemplateProblem[] {
  return parse(template).problems;
}

/** A name as a spreadsheet cell may hold it (line breaks, doubled spaces) made one line. */
const cleaned = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();

function fill({ literals, slots, problems }: Template, row: PromotionRow): FilledMessage {
  if (problems.length > 0) return { ok: false, reason: 'TEMPLATE_INVALID' };
  // Values are put in, never read again: a name holding "{kid}" is sent as that name.
  let text = literals[0]!;
  for (let k = 0; k < slots.length; k++) {
    const placeholder = slots[k]!;
    const value = cleaned(row[placeholder]);
    if (value === '') return { ok: false, reason: 'PLACEHOLDER_EMPTY', placeholder };
    text += value + literals[k + 1]!;
  }
  return { ok: true, text };
}

/** The template with this recipient's values in it. */
export function fillMessage(template: string, row: PromotionRow): FilledMessage {
  return fill(parse(template), row);
}

/** A message with any Arabic letter is Arabic (Arabic digits or a comma alone do not make it so). */
export function messageLanguage(text: string): MessageLanguage {
  return /(?=\p{Script=Arabic})\p{L}/u.test(text) ? 'ar' : 'en';
}

/**
 * Appends the opt-out words on a line of their own at a text's end, unless it already ends with them in
 * any case and spacing ("send stop  to OPT out."). Only at the end: short words ("STOP") found inside
 * the text ("non-stop fun") must not stand in for them. Trailing blanks go first: they would only cost
 * units. The words are read once, for every text they go on.
 */
function optOutAppender(words: string): (text: string) => string {
  const trimmed = words.trim();
  if (trimmed === '') return (text) => text.trimEnd();
  const present = new RegExp(`${trimmed.split(/\s+/).map(escapedForRegExp).join('\\s+')}\\p{P}*$`, 'iu');
  return (text) => {
    const body = text.trimEnd();
    if (present.test(body)) return body;
    return body === '' ? trimmed : `${body}\n${trimmed}`;
  };
}

const escapedForRegExp = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with the opt-out words on a line of their own at its end, once. */
export function withOptOut(text: string, words: string): string {
  return optOutAppender(words)(text);
}

/**
 * The text each recipient is sent, from one template: filled, then the opt-out words in the template's
 * language (the manager's message decides, not a recipient's name in another script). The template is
 * read once for all rows.
 */
export function promotionWriter(template: string, words: OptOutWords): (row: PromotionRow) => FilledMessage {
  const parsed = parse(template);
  const withWords = optOutAppender(words[messageLanguage(template)]);
  return (row) => {
    const filled = fill(parsed, row);
    return filled.ok ? { ok: true, text: withWords(filled.text) } : filled;
  };
}

export interface CampaignCount {
  /** SMS the campaign costs: each sendable row's text counted as the gateway counts it. */
  segments: number;
  /** Rows that can be sent as written. */
  messages: number;
  /** Rows that cannot (a placeholder with no value for them, or a template with problems). */
  unsendable: number;
}

/** A campaign's cost before it is sent: one pass over the rows. */
export function campaignSegments(template: string, rows: Iterable<PromotionRow>, words: OptOutWords): CampaignCount {
  const write = promotionWriter(template, words);
  const count: CampaignCount = { segments: 0, messages: 0, unsendable: 0 };
  for (const row of rows) {
    const message = write(row);
    if (!message.ok) {
      count.unsendable++;
      continue;
    }
    count.messages++;
    count.segments += smsSegments(message.text).segments;
  }
  return count;
}
