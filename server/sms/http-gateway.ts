import { z } from 'zod';
import type { SmsGateway } from './sms-gateway';

/** The settings of a Twilio-compatible Messages API, read from the environment at start. */
export const httpGatewaySettings = z.object({
  SMS_GATEWAY: z.literal('twilio'),
  SMS_BASE_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1),
  SMS_AUTH_TOKEN: z.string().min(1),
  SMS_FROM: z.string().min(1),
});
export type HttpGatewaySettings = z.infer<typeof httpGatewaySettings>;

const TIMEOUT_MS = 10_000;

/**
 * Sends through a Twilio-compatible Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, basic auth). A refusal or a timeout is an error the caller records as failed.
 */
export function httpGateway(settings: HttpGatewaySettings): SmsGateway {
  const url = `${settings.SMS_BASE_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.SMS_ACCOUNT_SID)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.SMS_ACCOUNT_SID}:${settings.SMS_AUTH_TOKEN}`).toString('base64')}`;
  return {
    name: 'twilio',
    async deliver(to, body) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: settings.SMS_FROM, Body: body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      const answer = (await res.json().catch(() => ({}))) as { sid?: unknown };
      return { providerId: typeof answer.sid === 'string' ? answer.sid : null };
    },
  };
}

/** The gateway the environment asks for: the outbox unless SMS_GATEWAY=twilio with its settings. */
export function gatewayFromEnv(env: NodeJS.ProcessEnv): SmsGateway | undefined {
  if (!env.SMS_GATEWAY || env.SMS_GATEWAY === 'outbox') return undefined;
  const parsed = httpGatewaySettings.safeParse(env);
  if (!parsed.success) throw new Error(`SMS_GATEWAY=${env.SMS_GATEWAY} needs ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return httpGateway(parsed.data);
}
