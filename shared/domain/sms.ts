/**
 * What became of a text message. `stored`: kept in the outbox only (no gateway); `sent`: the gateway
 * took it; `failed`: the gateway refused it or could not be reached; `unknown`: the request went out
 * but no answer came back (a time-out, a dropped connection), so it may well arrive.
 */
export const SMS_STATUSES = ['stored', 'sent', 'failed', 'unknown'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/**
 * Why a message failed, as far as the person at the counter can act on it: the gateway's settings
 * (credentials, account, sender), the number itself, or a passing trouble worth another try.
 */
export type SmsFailure = 'configuration' | 'number' | 'later';

/** Twilio's error codes that mean the number cannot take this message (invalid, not a mobile, opted out). */
const NUMBER_ERRORS = new Set(['21211', '21217', '21401', '21421', '21610', '21612', '21614']);

/** Reads a gateway's refusal: 401/403/404 are its settings, a 400 naming the number is the number, the rest is passing. */
export function failureOf(httpStatus: number, errorCode: string | null): SmsFailure {
  if (httpStatus === 429 || httpStatus >= 500) return 'later';
  if (errorCode !== null && NUMBER_ERRORS.has(errorCode)) return 'number';
  return 'configuration';
}

/** What the outbox keeps and shows of a message carrying a secret (a one-time code): the secret blotted out. */
export function masked(body: string, secret: string): string {
  return body.split(secret).join('•'.repeat(secret.length));
}
