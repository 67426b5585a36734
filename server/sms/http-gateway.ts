import { z } from 'zod';
import { failureOf } from '../../shared/domain/sms';
import type { Delivery, SmsGateway } from './sms-gateway';
import { fileGatewayFromEnv } from './file-gateway';

/**
 * The longest the server waits for the gateway. The station gives up on the server at 15 s
 * (electron/platform/node/axios-transport.ts); the gateway's wait ends well before, leaving time to
 * record the message and answer, so a gateway's time-out reaches the cashier as "the code may still
 * arrive", not as "server unreachable" (which leads to a resend replacing a code that may yet come).
 */
export const GATEWAY_WAIT_MAX_MS = 10_000;
export const GATEWAY_WAIT_DEFAULT_MS = 8_000;

/** The settings of a Twilio-compatible Messages API, read from the environment at start. */
export const httpGatewaySettings = z.object({
  SMS_GATEWAY: z.literal('twilio'),
  SMS_BASE_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1),
  SMS_AUTH_TOKEN: z.string().min(1),
  SMS_FROM: z.string().min(1),
  /** How long to wait for the gateway's answer; past it the message's fate is unknown, not failed. */
  SMS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(GATEWAY_WAIT_DEFAULT_MS)
    .transform((ms) => Math.min(ms, GATEWAY_WAIT_MAX_MS)),
});
export type HttpGatewaySettings = z.input<typeof httpGatewaySettings>;

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

/**
 * Sends through a Twilio-compatible Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, basic auth). A refusal is a failure with the gateway's status and error code; no
 * answer at all (time-out, connection dropped once connected) is an unknown outcome. Where the
 * answer is not the API's (a redirect, a 2xx without a message id) or TLS fails, the address or
 * its certificate is wrong: a settings failure. A network cause is kept as the error code.
 */
export function httpGateway(input: HttpGatewaySettings): SmsGateway {
  const settings = httpGatewaySettings.parse(input);
  const url = `${settings.SMS_BASE_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.SMS_ACCOUNT_SID)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.SMS_ACCOUNT_SID}:${settings.SMS_AUTH_TOKEN}`).toString('base64')}`;
  return {
    name: 'twilio',
    async deliver(to, body): Promise<Delivery> {
      let res: Response;
      let answer: { sid?: unknown; code?: unknown };
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: settings.SMS_FROM, Body: body }),
          // Followed, a 301 turns the POST into a GET that sends nothing and may well answer 200.
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.SMS_TIMEOUT_MS),
        });
        const read = await res.text().then(
          (text) => ({ text }),
          (error: unknown) => ({ error }),
        );
        // A body cut short (a time-out, a drop) may have held a 2xx's message id: its fate is unknown.
        // A refusal's status still says what happened without it.
        if ('error' in read && res.ok) return undelivered(read.error);
        answer = 'text' in read ? jsonObject(read.text) : {};
      } catch (error) {
        return undelivered(error);
      }
      if (res.ok) {
        if (typeof answer.sid === 'string') return { status: 'sent', providerId: answer.sid };
        return { status: 'failed', failure: 'configuration', httpStatus: res.status, errorCode: 'NO_MESSAGE_ID' };
      }
      const errorCode =
        typeof answer.code === 'number' || typeof answer.code === 'string' ? String(answer.code).slice(0, 40) : null;
      return { status: 'failed', failure: failureOf(res.status, errorCode), httpStatus: res.status, errorCode };
    },
  };
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

/** The answer's JSON object, or nothing (`{}`) when it is not one: an HTML page, an empty body. */
function jsonObject(text: string): { sid?: unknown; code?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

function causeCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '';
}

/** The gateway the environment asks for: the outbox unless SMS_GATEWAY=twilio with its settings. */
export function gatewayFromEnv(env: NodeJS.ProcessEnv): SmsGateway | undefined {
  if (!env.SMS_GATEWAY || env.SMS_GATEWAY === 'outbox') return undefined;
  if (env.SMS_GATEWAY === 'test-file') return fileGatewayFromEnv(env);
  const parsed = httpGatewaySettings.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `SMS_GATEWAY=${env.SMS_GATEWAY} needs ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  return httpGateway(parsed.data);
}
