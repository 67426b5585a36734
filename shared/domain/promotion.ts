import { localDateTime, startOfDay } from './time-zone';

/**
 * A promotion campaign's rules that the server applies and the screen shows: its states, the sending
 * window in the branch's clock, the promotional sender name.
 */

/**
 * `sending`: rows go out; `waiting`: to send, but the branch's window is closed; `paused` and
 * `cancelled`: a manager's word; `done`: no row left to send.
 */
export const CAMPAIGN_STATES = ['waiting', 'sending', 'paused', 'cancelled', 'done'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/**
 * `sending`: handed to the gateway, answer not yet in; `unknown`: no answer came (a time-out, or the
 * server stopped mid-send): it may have arrived, so it is never sent again; `skipped`: opted out.
 */
export const ROW_STATES = ['waiting', 'sending', 'sent', 'failed', 'unknown', 'skipped'] as const;
export type RowState = (typeof ROW_STATES)[number];

/** The most rows one campaign takes (a spreadsheet's import limit, the 100,000). */
export const MAX_CAMPAIGN_ROWS = 100_000;
/** The longest message typed: ten UCS-2 segments' worth, the most a provider concatenates. */
export const MAX_PROMOTION_MESSAGE = 670;

export const PROMOTION_DEFAULTS = {
  /** 09:00 and 21:00 on the branch's clock, in minutes after midnight. */
  window_start: 9 * 60,
  window_end: 21 * 60,
  opt_out_en: 'STOP to opt out',
  opt_out_ar: 'لإلغاء الاشتراك أرسل STOP',
} as const;

/** Minutes after midnight as the screen shows them (540 → 09:00). */
export const clockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "HH:MM" as typed (24:00 the day's end) in minutes after midnight ("9:30" → 570); null when it is no such time. */
export function clockMinutes(clock: string): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$|^(24):00$/.exec(clock.trim());
  if (!m) return null;
  return m[3] ? 24 * 60 : Number(m[1]) * 60 + Number(m[2]);
}

export interface SendingWindow {
  /** Minutes after the branch's midnight; start < end. */
  start: number;
  end: number;
}

/** Whether promotions may go out now on the branch's clock; when not, the moment they may again. */
export function windowAt(
  at: Date,
  timeZone: string,
  window: SendingWindow,
): { open: true } | { open: false; opensAt: Date } {
  const [day = '', time = '00:00'] = localDateTime(at, timeZone).split(' ');
  const [h = 0, m = 0] = time.split(':').map(Number);
  const now = h * 60 + m;
  if (now >= window.start && now < window.end) return { open: true };
  const openingDay = now < window.start ? day : nextDay(day);
  return { open: false, opensAt: new Date(startOfDay(openingDay, timeZone).getTime() + window.start * 60_000) };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The sender name promotions carry: the one set, else the service sender with the "-AD" operators expect. */
export function promotionalSender(set: string | null, service: string): string {
  if (set) return set;
  // Alphanumeric sender names are at most 11 characters: the suffix stays, the name gives way.
  return `${service.slice(0, 8)}-AD`;
}
