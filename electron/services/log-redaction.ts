/**
 * What a log line may keep: ids, keys, statuses, paths and stacks; never a token, a one-time code, a
 * password, a phone number, an e-mail address or a name. Applied to every line as it is written, so a
 * careless `log(message, error)` anywhere cannot put a customer's or a cashier's data on disk.
 */

/** Keys whose value is a secret or personal data, whatever its shape: the value goes, the key stays. */
const SECRET_KEY = /(?:password|passwd|secret|token|authorization|cookie|otp|phone|mobile|email|e_mail|name)/i;
/** Keys of a one-time code or PIN: redacted when the value is digits (an error's `code` such as ECONNREFUSED stays). */
const CODE_KEY = /^(?:code|pin|[\w-]{0,30}(?:otp|verification|sms|reset)_code)$/i;
/** Parts of an HTTP exchange that carry what was sent or answered: dropped whole (nothing of a body). */
const DROPPED_KEY = /^(?:data|body|headers|params|query|cookies|request|response|socket|agent|_header|rawHeaders)$/i;

const MAX_DEPTH = 4;
const MAX_LINE = 8 * 1024;

const TEXT_RULES: [RegExp, string][] = [
  // A query string carries what a GET searched for (a phone, a name): the path stays, the query goes
  // (first: the rules below would leave a half-redacted query).
  [/(\/[\w\-/.%]*)\?[^\s"'<>]+/g, '$1?[query]'],
  // A JWT: three base64url parts, the first a JSON header ({"...).
  [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[jwt]'],
  [/\b(Bearer|Basic)\s+[\w\-.~+/=]+/gi, '$1 [redacted]'],
  // `key: value`, `"key":"value"`, `key=value` where the key names a secret.
  [
    /(?<![\w-])(["']?)([\w-]{0,40}(?:password|passwd|secret|token|authorization|cookie|otp|phone|mobile|email|name)[\w-]{0,40})\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&}\]]+)/gi,
    '$1$2$1$3"[redacted]"',
  ],
  // `"code":"123456"`, `pin=4821`: a code's digits (an error code such as ECONNREFUSED stays).
  [
    /(?<![\w-])(["']?)(code|pin|[\w-]{0,30}(?:otp|verification|sms|reset)_code)\1(\s*[:=]\s*)(["']?)\d{3,10}\4(?!\w)/gi,
    '$1$2$1$3"[redacted]"',
  ],
  // "password hunter2", "token is abc": a secret in prose, the word after it taken for it.
  [/\b(password|passwd|passcode|token)(\s+(?:is\s+|was\s+)?)[^\s"',;]+/gi, '$1$2[redacted]'],
  // "code 123456", "OTP is 4821": a one-time code in prose.
  [/\b(otp|code|pin)(\s+(?:is\s+)?)\d{4,8}\b/gi, '$1$2[redacted]'],
  [/[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[A-Za-z]{2,24}/g, '[email]'],
  // International (+966 50…, 00966…), Saudi without the plus (9665…) and local (05…) numbers.
  [/(?<![\w+])(?:(?:\+|00)\d[\d\s-]{6,16}\d|966\d{9}|0\d{8,11})(?!\w)/g, '[phone]'],
];

/** A line of text with every secret and personal datum it shows replaced by a marker. */
export function redactText(text: string): string {
  // Cut before the rules run as well as after: their work then stays bounded whatever a line holds.
  let out = text.length > 2 * MAX_LINE ? text.slice(0, 2 * MAX_LINE) : text;
  for (const [pattern, marker] of TEXT_RULES) out = out.replace(pattern, marker);
  return out.length > MAX_LINE ? `${out.slice(0, MAX_LINE)}…[cut]` : out;
}

/** Any value (an Error, an axios error with its config and answer, a plain object) as redacted text. */
export function redactDetail(detail: unknown): string {
  if (typeof detail === 'string') return redactText(detail);
  return redactText(JSON.stringify(plain(detail, 0, new WeakSet())) ?? String(detail));
}

/** One log line: the message and, when given, its detail, both redacted. */
export function redactLine(message: string, detail?: unknown): string {
  return detail === undefined ? redactText(message) : redactText(`${message} ${redactDetail(detail)}`);
}

function plain(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol'
      ? String(value)
      : value;
  }
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => plain(item, depth + 1, seen));
  const entries: [string, unknown][] =
    value instanceof Error
      ? [
          // `type`, not `name`: a `name` key is redacted as a person's name would be.
          ['type', value.name],
          ['message', value.message],
          ['stack', value.stack],
          ...Object.entries(value),
          ...(value.cause === undefined ? [] : [['cause', value.cause] as [string, unknown]]),
        ]
      : Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    if (DROPPED_KEY.test(key)) continue;
    const secret = SECRET_KEY.test(key) || (CODE_KEY.test(key) && /^\d{3,10}$/.test(String(item)));
    out[key] = secret ? '[redacted]' : plain(item, depth + 1, seen);
  }
  // An HTTP client's error: which call and how it ended are kept, nothing it sent or received.
  const response = (value as { response?: { status?: unknown } }).response;
  if (response && typeof response.status === 'number') out.status = response.status;
  return out;
}
