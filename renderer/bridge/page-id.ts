/** Where the tab keeps its page id: sessionStorage, which a reload keeps and a new tab does not share. */
export type PageStore = Pick<Storage, 'getItem' | 'setItem'>;
const PAGE_KEY = 'playdesk.page';

/**
 * This tab's page id, made once per tab. The station's bridge keeps a session per page id, so a new tab
 * or browser signs in, a reload stays signed in, and a closed tab's session ends after the idle time.
 */
export function pageIdOf(store: PageStore): string {
  const kept = store.getItem(PAGE_KEY);
  if (kept) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  store.setItem(PAGE_KEY, id);
  return id;
}

/**
 * True when no session can be waiting for this page, so its login screen need not ask: a browser tab
 * that has no page id yet (the station keeps sessions per page id). In the desktop app (`window.pos`)
 * the main process may hold a session from before, and a tab with an id may be a reload, signed in.
 */
export const surelySignedOut = (store: Pick<Storage, 'getItem'> = window.sessionStorage): boolean =>
  !window.pos && !store.getItem(PAGE_KEY);
