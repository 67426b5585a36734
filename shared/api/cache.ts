/**
 * What the renderer's cache keeps apart (RTK Query tag types). A read names the tags it provides and a
 * command the tags it makes stale, on its endpoint; the renderer's api is generated from them.
 */
export const cacheTags = [
  'Branch',
  'Role',
  'Lookup',
  'Setup',
  'Employee',
  'File',
  'Product',
  'Invoice',
  'Package',
  'Coupon',
  'Parent',
  'Subscription',
  'Visit',
  'ChainSettings',
  'SmsProvider',
  'Room',
  'Supervisor',
  'Shift',
  'SavedReport',
  'Promotion',
  'Chat',
  /** Offline sales that arrived with notes for a manager (issue 28). */
  'OfflineReview',
  /** The station's own settings, kept by its main process (not a server endpoint). */
  'StationSettings',
] as const;
export type CacheTag = (typeof cacheTags)[number];

/**
 * A tag alone stands for its lists (`{ type, id: 'LIST' }`). With `id`, it is one thing: the value of
 * that request field (`{ type: 'Invoice', id: 'id' }` on `/sale/receipt/:id` is that sale's receipt; on
 * `/sale/cancelinvoice` it reloads that receipt and nothing else of its kind).
 */
export type TagRef = CacheTag | { type: CacheTag; id: string };

/** The id a tag's lists carry, so a command can reload the lists without every single thing read by id. */
export const LIST = 'LIST';
