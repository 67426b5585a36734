import { z } from 'zod';
import { failureOf } from '../../shared/domain/sms';
import type { Delivery, SmsGateway } from './sms-gateway';
import { fileGatewayFromEnv } from './file-gateway';

/** The settings of a Twilio-compatible Messages API, read from the environment at start. */
const httpGatewaySettings = z.object({
  SMS_GATEWAY: z.literal('twilio'),
  SMS_BASE_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1),
  SMS_AUTH_TOKEN: z.string().min(1),
  SMS_FROM: z.string().min(1),
  /** How long to wait for the gateway's answer; past it the message's fate is unknown, not failed. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
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

/**
 * Sends through a Twilio-compatible Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, basic auth). A refusal is a failure with the gateway's status and error code; no
 * answer at all (time-out, connection dropped once connected) is an unknown outcome.
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
          signal: AbortSignal.timeout(settings.SMS_TIMEOUT_MS),
        });
        // A body that cannot be read still leaves the status, which says what happened.
        answer = (await res.json().catch(() => ({}))) as typeof answer;
      } catch (error) {
        return NOT_CONNECTED.has(causeCode(error))
          ? { status: 'failed', failure: 'later', httpStatus: null, errorCode: null }
          : { status: 'unknown', providerId: null };
      }
      if (res.ok) return { status: 'sent', providerId: typeof answer.sid === 'string' ? answer.sid : null };
      const errorCode =
        typeof answer.code === 'number' || typeof answer.code === 'string' ? String(answer.code).slice(0, 40) : null;
      return { status: 'failed', failure: failureOf(res.status, errorCode), httpStatus: res.status, errorCode };
    },
  };
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
