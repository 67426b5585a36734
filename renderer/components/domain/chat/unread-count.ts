/** Where the menu's unread chat count is kept (spec 9: local storage), one count per signed-in user. */
export type CountStore = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (userId: number) => `playdesk.chatUnread.${userId}`;

/** The user's kept count; nothing kept, or anything that is not a count, is 0. */
export function readUnread(store: CountStore, userId: number): number {
  const kept = Number(store.getItem(keyOf(userId)));
  return Number.isSafeInteger(kept) && kept > 0 ? kept : 0;
}

/** Keeps the user's count (never below 0) and answers what was kept. */
export function writeUnread(store: CountStore, userId: number, count: number): number {
  const kept = Math.max(0, Math.trunc(count));
  store.setItem(keyOf(userId), String(kept));
  return kept;
}
