/** Business constants and limits of spec section 9. */
export const DUPLICATE_POST_WINDOW_MS = 2000;
export const MAX_OVERTIME_HOURS = 8;
export const ROLE_LIST_PAGING = { page: 1, perPage: 20 } as const;
export const PRODUCT_LIST_PAGING = { page: 1, perPage: 10 } as const;
export const BRANCH_LIST_PAGING = { page: 1, perPage: 10 } as const;
export const SEARCH_LIMIT_PER_GROUP = 4;
export const PLACEHOLDER_IMAGE = '/product.png';
export const TOAST_DURATION_SECONDS = 2;
export const VALIDITY_DAYS = [1, 7, 30, 90, 180, 365, 999] as const;
export const CUSTOM_VALIDITY_DAYS = 999;
export const COUPON_TYPES = ['amount', 'percent'] as const;
export const SUBSCRIPTION_STATUSES = ['INACTIVE', 'ACTIVE', 'WAITING', 'CANCELLED', 'FREEZED'] as const;
export const PASSWORD_MIN_LENGTH = 6;
/** The kids screen's branch selector: 0 means "Select a branch". */
export const NO_BRANCH_ID = 0;
export const UPLOAD_SUFFIX_LENGTH = 10;
/** `promotion`: each branch's campaign files (spec 7's promotion excel folder), under the branch's id. */
export const MEDIA_FOLDERS = ['kid', 'emp', 'product', 'package', 'promotion'] as const;

/** Authentication (architecture): access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/**
 * Wrong passwords for one login (since its last success, over a day) are free up to 5; then each
 * further attempt waits 2^failures seconds, at most 5 minutes: slow for a guesser, never a lock-out.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_WAIT_SECONDS = 5 * 60;
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Failed sign-ins from one address: 30 in 15 minutes, room for a centre's tills behind one address. */
export const ADDRESS_MAX_FAILURES = 30;
export const ADDRESS_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Supported languages; English is the default and the fallback (spec 1). */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'playdesk.language';
