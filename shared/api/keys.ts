/** The error and success keys of spec section 8, plus the few the architecture adds. */
export const errorKeys = [
  'SESSION_EXPIRED',
  'NOT_AUTHORISED',
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'INVALID_PASSWORD',
  'USER_EXISTS',
  'EXISTS',
  'INSUFFICIENT_STOCK',
  'ROOM_LOGIN_NOT_FOUND',
  'LESS_CART_VALUE',
  'CART_LESS_THAN_DISCOUNT',
  'COUPON_EXPIRED',
  'COUPON_NOT_FOR_THIS_BRANCH',
  'COUPON_USE_LIMIT_EXHAUSTED',
  'COUPON_NOT_FOUND',
  'INVALID_OTP',
  'NO_ROOM_ASSIGNED',
  'NO_KID_SELECTED',
  'NO_SUBSCRIPTION',
  'KID_SESSION_NOT_ACTIVE',
  'ALREADY_CANCELLED',
  'FREEZE_DAYS_NOT_VALID',
  'PASSWORD_MISSING',
  'MOBILE_NUMBER_MISSING',
  'PASSWORD_MIN_6_CHARS',
  'PASSWORD_MUST_MATCH',
  'MAX_10_DAYS',
] as const;

export const successKeys = [
  'COUPON_APPLIED',
  'SALES_COMPLETED',
  'CHECKOUT_COMPLETED',
  'CHECKIN_DONE',
  'OTP_VERIFICATION_SUCCESS',
  'STOCK_UPDATED',
  'INVOICE_CANCELLED',
  'MESSAGE_SENT',
] as const;

/** Why the station refuses a promotion campaign's file (issue 23), keeping nothing of it. */
export const campaignSheetKeys = [
  /** A campaign file the station's main process could not open: gone, or held by another program (Excel on Windows). */
  'FILE_NOT_READABLE',
  /** A chosen file that is neither an .xlsx nor a CSV (an old .xls, an OpenDocument sheet, a picture…). */
  'SHEET_NOT_SPREADSHEET',
  /** An .xlsx that needs a password to open (an encrypted workbook is a compound file, not a zip). */
  'SHEET_PASSWORD_PROTECTED',
  /** A CSV saved in another encoding than UTF-8 (Excel's plain 'CSV' uses the computer's code page). */
  'SHEET_NOT_UTF8',
  /** A sheet with no rows, or a header and nothing under it. */
  'SHEET_EMPTY',
  /** A campaign sheet whose header row names no mobile column, in either language. */
  'SHEET_NO_MOBILE_COLUMN',
  /** A campaign file over its rows or columns (a row numbered in the millions among them), refused as it is read. */
  'CAMPAIGN_SHEET_TOO_LARGE',
  /** A campaign file over MAX_CAMPAIGN_FILE_BYTES: it is kept with the campaign in the file store. */
  'CAMPAIGN_FILE_TOO_LARGE',
] as const;

/**
 * Keys the spec implies but does not list: a schema failure (architecture envelope), a duplicate
 * POST (spec 5, rejected on the client), rate limiting (architecture: 429), a server that cannot be
 * reached, and the generic fallback ('something went wrong', spec 4 and 8).
 */
export const systemKeys = [
  'VALIDATION_FAILED',
  'DUPES',
  'TOO_MANY_REQUESTS',
  'SERVER_UNREACHABLE',
  /** The server's address answered with a redirect, which the station never follows (a misconfigured server). */
  'SERVER_REDIRECTED',
  'SOMETHING_WENT_WRONG',
  /** Spec 5: 'No file to upload'. */
  'NO_FILE_TO_UPLOAD',
  /** An upload whose type is not allowed for staff files. */
  'FILE_TYPE_NOT_ALLOWED',
  /** A chosen file over the upload limit (5 MB), refused before it is sent. */
  'FILE_TOO_LARGE',
  /** A products spreadsheet over the import's rows or columns, refused by the station before it is laid out. */
  'SHEET_TOO_LARGE',
  ...campaignSheetKeys,
  /** The SMS provider could not take the message now (busy, down, unreachable): worth another try later. */
  'SMS_NOT_SENT',
  /** The SMS provider refused the centre's settings (credentials, account, sender): nothing to retry until fixed. */
  'SMS_GATEWAY_MISCONFIGURED',
  /** The SMS provider refused the number (invalid, not a mobile, opted out). */
  'SMS_NUMBER_REFUSED',
  /** The server's environment names the SMS gateway (SMS_GATEWAY): Settings cannot change it. */
  'SMS_PROVIDER_FROM_ENVIRONMENT',
  /** The message went out but no answer came back: it may arrive; if not, send again. */
  'SMS_MAY_ARRIVE',
  /** What was typed is not a mobile number (read in the branch's country). */
  'INVALID_MOBILE',
  /** A promotion to a number that asked for none (a parent's wish, or the STOP list). */
  'PROMOTION_OPTED_OUT',
  /** A campaign asked to pause, resume or cancel from a state that does not allow it (a finished campaign). */
  'CAMPAIGN_NOT_RUNNING',
  /** Check-in: the kid is inside already, the badge is on a kid inside, or the kid is banned. */
  'KID_ALREADY_INSIDE',
  'BADGE_IN_USE',
  /** A room door's scan: the band is not the one the kid was checked in with. */
  'BADGE_OF_ANOTHER_KID',
  'KID_BANNED',
  /** Rooms: a room at its capacity, a room with kids inside (not deleted), a kid not in the room named. */
  'ROOM_FULL',
  'ROOM_NOT_EMPTY',
  'KID_NOT_IN_ROOM',
  /** A kid outside a room's ages: the supervisor confirms before the kid goes in. */
  'KID_AGE_OUT_OF_RANGE',
  /** Cash-up: the cashier's shift is open already; a closed shift closed again with another count. */
  'SHIFT_ALREADY_OPEN',
  'SHIFT_CLOSED',
  /** Cash sold or refunded with no open shift's drawer to go through, where the branch counts its cash. */
  'SHIFT_NOT_OPEN',
  /** An Idempotency-Key sent again with another request: it names one command only (422, as Stripe answers). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The station printed a receipt (said by the station, not the server). */
  'PRINTED',
  /** The system printer refused an A4 invoice (said by the station). */
  'PRINT_FAILED',
  /** A sale made offline reached the server and is recorded as it was printed (issue 28). */
  'OFFLINE_SALE_RECORDED',
  /** A manager has looked at an offline sale's notes. */
  'OFFLINE_SALE_REVIEWED',
  /** Said by a station that cannot reach its server (issue 28): a sale kept in its queue under its printed number. */
  'SALE_KEPT_OFFLINE',
  /** Offline, something only the server can do (check-in, one-time codes, coupons, reports, cash-up). */
  'NEEDS_SERVER',
  /** Offline with no reserved invoice number left: nothing more can be sold until the server is back. */
  'OFFLINE_NO_NUMBERS',
  /** Offline, a family this station has not served or looked up recently, so it knows nothing of it. */
  'OFFLINE_FAMILY_UNKNOWN',
  /** A shift closed while this station still has offline sales to send: they would be missing from its count. */
  'OFFLINE_SALES_WAITING',
  'OK',
] as const;

/** Per-field reasons carried in `errors[].message`; spec keys (e.g. PASSWORD_MIN_6_CHARS) may also appear. */
export const fieldErrorKeys = [
  'FIELD_REQUIRED',
  'FIELD_INVALID',
  'FIELD_TOO_SHORT',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SMALL',
  'FIELD_TOO_LARGE',
  /** A server address on another computer without https (station settings). */
  'FIELD_INSECURE_URL',
  /** A promotion's message whose placeholders PlayDesk cannot fill ({nmae}, a lone brace). */
  'TEMPLATE_INVALID',
] as const;

/** The system keys that report success (translated with the success messages). */
export const systemSuccessKeys = [
  'PRINTED',
  'SMS_MAY_ARRIVE',
  'OFFLINE_SALE_RECORDED',
  'OFFLINE_SALE_REVIEWED',
  'SALE_KEPT_OFFLINE',
  'OK',
] as const satisfies readonly SystemKeyLiteral[];
type SystemKeyLiteral = (typeof systemKeys)[number];

export type ErrorKey = (typeof errorKeys)[number];
export type SuccessKey = (typeof successKeys)[number];
export type SystemSuccessKey = (typeof systemSuccessKeys)[number];
export type SystemKey = (typeof systemKeys)[number];
export type FieldErrorKey = (typeof fieldErrorKeys)[number];
export type MessageKey = ErrorKey | SuccessKey | SystemKey;

const allMessageKeys: ReadonlySet<string> = new Set<string>([...errorKeys, ...successKeys, ...systemKeys]);

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && allMessageKeys.has(value);
}

/** HTTP status for a failure key; the architecture gives each class of failure its status. */
export function httpStatusOf(key: ErrorKey | SystemKey): number {
  switch (key) {
    case 'VALIDATION_FAILED':
    case 'PASSWORD_MISSING':
    case 'PASSWORD_MIN_6_CHARS':
    case 'PASSWORD_MUST_MATCH':
    case 'MOBILE_NUMBER_MISSING':
    case 'FREEZE_DAYS_NOT_VALID':
    case 'MAX_10_DAYS':
    case 'NO_KID_SELECTED':
    case 'LESS_CART_VALUE':
    case 'CART_LESS_THAN_DISCOUNT':
    case 'INVALID_OTP':
    case 'DUPES':
    case 'NO_FILE_TO_UPLOAD':
    case 'FILE_TYPE_NOT_ALLOWED':
    case 'FILE_TOO_LARGE':
    case 'SHEET_TOO_LARGE':
    case 'FILE_NOT_READABLE':
    case 'SHEET_NOT_SPREADSHEET':
    case 'SHEET_PASSWORD_PROTECTED':
    case 'SHEET_NOT_UTF8':
    case 'SHEET_EMPTY':
    case 'SHEET_NO_MOBILE_COLUMN':
    case 'CAMPAIGN_SHEET_TOO_LARGE':
    case 'CAMPAIGN_FILE_TOO_LARGE':
    case 'INVALID_MOBILE':
    case 'SMS_NUMBER_REFUSED':
    case 'BADGE_OF_ANOTHER_KID':
      return 400;
    case 'SESSION_EXPIRED':
    case 'INVALID_PASSWORD':
    case 'USER_NOT_FOUND':
      return 401;
    case 'NOT_AUTHORISED':
      return 403;
    case 'NOT_FOUND':
    case 'COUPON_NOT_FOUND':
    case 'ROOM_LOGIN_NOT_FOUND':
      return 404;
    case 'IDEMPOTENCY_KEY_REUSED':
      return 422;
    case 'TOO_MANY_REQUESTS':
      return 429;
    case 'SERVER_UNREACHABLE':
    case 'NEEDS_SERVER':
    case 'OFFLINE_NO_NUMBERS':
    case 'OFFLINE_FAMILY_UNKNOWN':
      return 503;
    case 'SERVER_REDIRECTED':
      return 502;
    case 'SMS_NOT_SENT':
    case 'SMS_GATEWAY_MISCONFIGURED':
      return 502;
    case 'SOMETHING_WENT_WRONG':
      return 500;
    default:
      // State conflicts: ALREADY_CANCELLED, EXISTS, USER_EXISTS, INSUFFICIENT_STOCK, coupon limits…
      return 409;
  }
}
