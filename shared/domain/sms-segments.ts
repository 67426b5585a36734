/**
 * How many SMS a text costs, counted as gateways count it (3GPP TS 23.038 alphabets, TS 23.040
 * concatenation). A text wholly in the GSM 7-bit default alphabet goes as GSM-7: one SMS up to 160
 * septets, else parts of 153 (the concatenation header takes the rest). Anything else, any Arabic
 * letter, a curly quote pasted from Word, goes as UCS-2: 70 UTF-16 code units, else parts of 67.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the whole text takes. */
  units: number;
  /** 0 for an empty text. */
  segments: number;
  /** What one SMS holds at this length: 160 or 70 while the text fits one, 153 or 67 once it is split. */
  perSegment: number;
  /** How many more units fit in the last SMS before it costs another one. */
  left: number;
}

export const SMS_LIMITS: Readonly<Record<SmsEncoding, { single: number; part: number }>> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

/*
 * The GSM 7-bit default alphabet, positions 0x00 to 0x7F in order (0x1B, the escape, left out), and its
 * basic character set extension table, each of which is sent as escape + character: 2 septets.
 * Checked against the Unicode consortium's mapping ETSI/GSM0338.TXT as carried by the gsm0338 codec
 * (github.com/dsch/gsm0338, gsm0338/charset.py: BASIC_CHARACTER_SET and BASIC_CHARACTER_SET_EXTENSION),
 * which follows the standard at 0x09: capital Ç (the small ç is in the Spanish shift table only, which
 * PlayDesk does not use). Note what is missing: the backtick, and 0x24 is ¤ while $ sits at 0x02.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ' +
  'ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

/** Septets per UTF-16 code unit, 0 for one outside the alphabet; € (U+20AC) is the highest in it. */
const SEPTETS = new Uint8Array('€'.charCodeAt(0) + 1);
for (const c of GSM_BASIC) SEPTETS[c.charCodeAt(0)] = 1;
for (const c of GSM_EXTENSION) SEPTETS[c.charCodeAt(0)] = 2;

const septetsOf = (code: number): number => (code < SEPTETS.length ? SEPTETS[code]! : 0);

/** Code units the character at `i` takes: 2 for the two halves of an emoji, which never part. */
const unitsAt = (text: string, i: number): number => {
  const high = text.charCodeAt(i);
  if (high < 0xd800 || high > 0xdbff) return 1;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
};

/** The SMS a text costs. One pass over the text, two when it is split into parts. */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  for (let i = 0; i < text.length; i++) {
    const cost = septetsOf(text.charCodeAt(i));
    if (cost === 0) return measured(text, 'UCS-2', text.length);
    septets += cost;
  }
  return measured(text, 'GSM-7', septets);
}

function measured(text: string, encoding: SmsEncoding, units: number): SmsSegments {
  const { single, part } = SMS_LIMITS[encoding];
  if (units <= single)
    return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single, left: single - units };
  // Parts are filled in order, and what cannot be cut (an escape and its character, the two halves of
  // an emoji) goes whole to the next part, leaving a unit unused: the count is not units / part.
  let segments = 1;
  let used = 0;
  for (let i = 0; i < text.length;) {
    const piece = encoding === 'GSM-7' ? septetsOf(text.charCodeAt(i)) : unitsAt(text, i);
    if (used + piece > part) {
      segments++;
      used = 0;
    }
    used += piece;
    i += encoding === 'GSM-7' ? 1 : piece;
  }
  return { encoding, units, segments, perSegment: part, left: part - used };
}
