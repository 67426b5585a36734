/**
 * Staff chat (issue 24): who may talk to whom, how long a message may be, and how far back one
 * history request may reach. Pure rules, used by the server (which enforces them) and the station
 * (which shows only whom one may write to).
 */

/** A message's text, as typed: longer is refused (FIELD_TOO_LONG), not cut. */
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

/** Spec 5: one history request may cover at most 10 days (MAX_10_DAYS). */
export const MAX_CHAT_HISTORY_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Messages one catch-up answer carries at most; more is asked for again from the last one given. */
export const CHAT_CATCH_UP_LIMIT = 500;

/** Messages one acknowledgement from the page names at most; more go as several. */
export const MAX_CHAT_RECEIVED_IDS = 500;

/**
 * A message's state as the sender sees it (spec 4): `pending` exists only on the station (written,
 * not yet stored by the server); `confirmed` once the server stored it; `delivered` once the
 * receiver's station acknowledged it.
 */
export const CHAT_STATES = ['pending', 'confirmed', 'delivered'] as const;
export type ChatState = (typeof CHAT_STATES)[number];

/** Who a chat rule looks at: a signed-in employee. */
export interface Talker {
  id: number;
  branch_id: number | null;
  /** Administrator access: the whole chain. */
  administrator: boolean;
}

/**
 * Staff of one branch talk among themselves (the counter and the room door included); administrators
 * talk with everyone. No one writes to themselves.
 */
export function mayTalk(from: Talker, to: Talker): boolean {
  if (from.id === to.id) return false;
  if (from.administrator || to.administrator) return true;
  return from.branch_id !== null && from.branch_id === to.branch_id;
}

/** A history request's span, `from` to `to` inclusive: more than 10 days is MAX_10_DAYS. */
export function historySpanAllowed(from: Date, to: Date): boolean {
  const span = to.getTime() - from.getTime();
  return span >= 0 && span <= MAX_CHAT_HISTORY_DAYS * DAY_MS;
}
