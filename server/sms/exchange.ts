import { masked } from '../../shared/domain/sms';
import type { Delivery } from './sms-gateway';

/** Errors that mean the request never reached the gateway: nothing was sent. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** A TLS handshake that failed (certificate, protocol): nothing left, and only the settings can mend it. */
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;
/** How much of a refusal's answer is kept to show an administrator: enough for the provider's reason. */
const ANSWER_EXCERPT = 300;

/** The gateway's answer: its status and body. */
export interface Answer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * One request to a gateway and its answer, or, where none came, what that means. A redirect is not
 * followed (followed, a 301 turns a POST into a GET that sends nothing and may well answer 200).
 */
export async function exchange(url: URL | string, init: RequestInit, timeoutMs: number): Promise<Answer | Delivery> {
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const read = await res.text().then(
      (text) => ({ text }),
      (error: unknown) => ({ error }),
    );
    // A body cut short (a time-out, a drop) may have held a 2xx's acceptance: its fate is unknown.
    // A refusal's status still says what happened without it.
    if ('error' in read) return res.ok ? undelivered(read.error) : { status: res.status, ok: false, text: '' };
    return { status: res.status, ok: res.ok, text: read.text };
  } catch (error) {
    return undelivered(error);
  }
}

export function isAnswer(outcome: Answer | Delivery): outcome is Answer {
  return 'ok' in outcome;
}

/** The start of an answer, as an administrator is shown it, with the secret blotted out should it echo it. */
export function excerpt(text: string, secret: string | null): string | null {
  const short = (secret ? masked(text, secret) : text).trim().slice(0, ANSWER_EXCERPT);
  return short || null;
}

/** What a request that got no answer means, with its network cause (ECONNREFUSED, TIMEOUT, TLS…). */
function undelivered(error: unknown): Delivery {
  if (error instanceof Error && error.name === 'TimeoutError')
    return { status: 'unknown', providerId: null, errorCode: 'TIMEOUT' };
  const code = causeCode(error);
  if (TLS_FAILURE.test(code))
    return { status: 'failed', failure: 'configuration', httpStatus: null, errorCode: `TLS ${code}`.slice(0, 40) };
  if (NOT_CONNECTED.has(code)) return { status: 'failed', failure: 'later', httpStatus: null, errorCode: code };
  return { status: 'unknown', providerId: null, errorCode: code ? code.slice(0, 40) : null };
}

function causeCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '';
}
