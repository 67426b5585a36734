import { z } from 'zod';
import { failureOf } from '../../shared/domain/sms';
import type { Delivery, SmsGateway } from './sms-gateway';
import { exchange, excerpt, isAnswer } from './exchange';
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
    async deliver(to, body, sender): Promise<Delivery> {
      const from = sender ? sender(settings.SMS_FROM) : settings.SMS_FROM;
      const answer = await exchange(
        url,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: from, Body: body }),
        },
        settings.SMS_TIMEOUT_MS,
      );
      if (!isAnswer(answer)) return answer;
      const json = jsonObject(answer.text);
      if (answer.ok) {
        if (typeof json.sid === 'string') return { status: 'sent', providerId: json.sid };
        return { status: 'failed', failure: 'configuration', httpStatus: answer.status, errorCode: 'NO_MESSAGE_ID' };
      }
      const errorCode =
        typeof json.code === 'number' || typeof json.code === 'string' ? String(json.code).slice(0, 40) : null;
      return {
        status: 'failed',
        failure: failureOf(answer.status, errorCode),
        httpStatus: answer.status,
        errorCode,
        answer: excerpt(answer.text, settings.SMS_AUTH_TOKEN),
      };
    },
  };
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
