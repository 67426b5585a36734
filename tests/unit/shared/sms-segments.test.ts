import { describe, expect, it } from 'vitest';
import { smsSegments } from '../../../shared/domain/sms-segments';

const arabic = (n: number) => 'ب'.repeat(n);

describe('SMS segments as a gateway counts them', () => {
  it('counts nothing for an empty text, and a whole SMS left', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160, left: 160 });
  });

  it('fits 160 GSM characters in one SMS; the 161st makes two of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
      perSegment: 160,
      left: 0,
    });
    expect(smsSegments('a'.repeat(161))).toEqual({
      encoding: 'GSM-7',
      units: 161,
      segments: 2,
      perSegment: 153,
      left: 153 - 8,
    });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('fits 70 Arabic letters in one SMS; the 71st makes two of 67', () => {
    expect(smsSegments(arabic(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70, left: 0 });
    expect(smsSegments(arabic(71))).toEqual({
      encoding: 'UCS-2',
      units: 71,
      segments: 2,
      perSegment: 67,
      left: 67 - 4,
    });
    expect(smsSegments(arabic(134)).segments).toBe(2);
    expect(smsSegments(arabic(135)).segments).toBe(3);
  });

  it('counts a € and the other extension characters as two septets each', () => {
    expect(smsSegments('€')).toMatchObject({ encoding: 'GSM-7', units: 2, left: 158 });
    expect(smsSegments('a'.repeat(158) + '€').segments).toBe(1);
    expect(smsSegments('a'.repeat(159) + '€')).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('^{}\\[~]|\f').units).toBe(18);
  });

  it('never splits an escape pair: a € at septet 153 moves whole to the next SMS', () => {
    // 152 + 2 + 152 = 306 septets, two parts' worth, but the € cannot straddle the first boundary.
    const straddling = 'a'.repeat(152) + '€' + 'a'.repeat(152);
    expect(smsSegments(straddling)).toMatchObject({ units: 306, segments: 3, perSegment: 153, left: 153 - 1 });
    // One septet earlier the pair fits, and the same septets take two.
    expect(smsSegments('a'.repeat(151) + '€' + 'a'.repeat(153)).segments).toBe(2);
  });

  it('never splits an emoji: one at code unit 67 moves whole to the next SMS', () => {
    const straddling = arabic(66) + '😀' + arabic(66);
    expect(smsSegments(straddling)).toMatchObject({ encoding: 'UCS-2', units: 134, segments: 3, left: 67 - 1 });
    expect(smsSegments(arabic(65) + '😀' + arabic(67)).segments).toBe(2);
    // In one SMS an emoji is simply two units.
    expect(smsSegments(arabic(68) + '😀')).toMatchObject({ units: 70, segments: 1, left: 0 });
  });

  it('turns a whole Latin text UCS-2 for one Arabic letter', () => {
    const latin = 'Your kids are welcome at PlayDesk this weekend - 20% off every pass.';
    expect(smsSegments(latin).encoding).toBe('GSM-7');
    const mixed = smsSegments(`${latin} ب`);
    expect(latin).toHaveLength(68);
    expect(mixed).toMatchObject({ encoding: 'UCS-2', units: latin.length + 2, segments: 1, left: 0 });
    expect(smsSegments(`${latin} بب`).segments).toBe(2);
  });

  it('tells characters that look GSM from those that are', () => {
    const gsm7 = (text: string) => smsSegments(text).encoding === 'GSM-7';
    expect(gsm7('Ç')).toBe(true);
    expect(gsm7('ç')).toBe(false);
    expect(gsm7('è')).toBe(true);
    expect(gsm7('ê')).toBe(false);
    expect(gsm7('@£$¥ΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡¿§ÄÖÑÜäöñüàùìòÅåØø')).toBe(true);
    // Pasted from Word or a spreadsheet: a curly apostrophe, a non-breaking space, a backtick, an ellipsis.
    for (const lookalike of ['’', '\u00a0', '`', '…', 'Á', 'ñ\u0303', 'Α' /* Greek Alpha */]) {
      expect(gsm7(`Hello${lookalike}`), JSON.stringify(lookalike)).toBe(false);
    }
  });

  it('takes every printable ASCII character but the backtick, eight of them as two septets', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, k) => String.fromCharCode(0x20 + k)).filter(
      (c) => c !== '`',
    );
    const costs = printable.map((c) => smsSegments(c));
    expect(costs.every((cost) => cost.encoding === 'GSM-7')).toBe(true);
    expect(
      printable
        .filter((_, k) => costs[k]!.units === 2)
        .sort()
        .join(''),
    ).toBe([...'[\\]^{|}~'].sort().join(''));
    expect(smsSegments('\r\n').units).toBe(2);
  });
});
