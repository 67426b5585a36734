import { describe, expect, it } from 'vitest';
import { promotionalSender, windowAt } from '../../../shared/domain/promotion';

const WINDOW = { start: 9 * 60, end: 21 * 60 };

describe('the sending window, on the branch’s clock', () => {
  it('is open from 09:00 to just before 21:00 in Riyadh, whatever the server’s zone', () => {
    expect(windowAt(new Date('2026-01-15T06:00:00Z'), 'Asia/Riyadh', WINDOW)).toEqual({ open: true });
    expect(windowAt(new Date('2026-01-15T17:59:00Z'), 'Asia/Riyadh', WINDOW)).toEqual({ open: true });
  });

  it('when shut, says when it opens: this morning before 09:00, tomorrow morning from 21:00', () => {
    expect(windowAt(new Date('2026-01-15T05:59:00Z'), 'Asia/Riyadh', WINDOW)).toEqual({
      open: false,
      opensAt: new Date('2026-01-15T06:00:00Z'),
    });
    expect(windowAt(new Date('2026-01-15T18:00:00Z'), 'Asia/Riyadh', WINDOW)).toEqual({
      open: false,
      opensAt: new Date('2026-01-16T06:00:00Z'),
    });
    // 23:30 UTC on the 15th is 02:30 on the 16th in Riyadh: it opens that same local morning.
    expect(windowAt(new Date('2026-01-15T23:30:00Z'), 'Asia/Riyadh', WINDOW)).toEqual({
      open: false,
      opensAt: new Date('2026-01-16T06:00:00Z'),
    });
  });
});

describe('a promotion’s sender', () => {
  it('goes out under the promotional sender: the one set, else the service one with -AD, within 11 characters', () => {
    expect(promotionalSender(null, 'PlayDesk')).toBe('PlayDesk-AD');
    expect(promotionalSender(null, 'PlayCentreKSA')).toBe('PlayCent-AD');
    expect(promotionalSender('PlayOffers', 'PlayDesk')).toBe('PlayOffers');
  });
});
