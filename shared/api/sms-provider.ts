import { z } from 'zod';
import { endpoint } from './endpoint';
import { Empty, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { SMS_STATUSES } from '../domain/sms';
import { codeLanguage, codeMobile } from './frontdesk';
import { ACCEPTED_RULES, isProviderUrl, knownPlaceholdersOnly, placeholdersIn } from '../domain/sms-provider';

const providerUrl = z.url().max(500).pipe(z.string().refine(isProviderUrl, 'FIELD_INSECURE_URL'));
/** A header's name as HTTP allows it (a token): anything else would be refused by fetch at send time. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A dotted path into the provider's JSON answer: `status`, `data.code`. */
const JSON_PATH = /^[\w-]+(\.[\w-]+)*$/;

const twilioProvider = z.object({
  kind: z.literal('twilio'),
  account_sid: z.string().trim().min(1).max(64),
  from: z.string().trim().min(1).max(30),
  base_url: providerUrl,
});

const providerField = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().max(1000).refine(knownPlaceholdersOnly, 'FIELD_INVALID'),
});

/**
 * Any provider with an HTTP API (Unifonic, Msegat, Taqnyat…): its fields, filled from `{to}` `{body}`
 * `{sender}` `{secret}`, go in the query (GET) or the body (POST, form or JSON); the secret in a header,
 * as basic auth's password or in a field; and what answer means it took the message.
 */
const httpProvider = z.object({
  kind: z.literal('http'),
  method: z.enum(['GET', 'POST']),
  url: providerUrl,
  body_format: z.enum(['form', 'json']),
  fields: z.array(providerField).min(1).max(20),
  sender: z.string().trim().max(30),
  auth: z.enum(['none', 'header', 'basic']),
  /** The header's name (header) or the user name (basic). */
  auth_name: z.string().trim().max(100),
  accepted: z.enum(ACCEPTED_RULES),
  accepted_field: z.string().trim().max(100),
  accepted_value: z.string().trim().max(200),
});
export type HttpProvider = z.infer<typeof httpProvider>;

function checkHttpProvider(p: HttpProvider, ctx: z.RefinementCtx) {
  const used = new Set(p.fields.flatMap((f) => placeholdersIn(f.value)));
  // Without the number and the text the provider has nothing to send.
  if (!used.has('to') || !used.has('body'))
    ctx.addIssue({ code: 'custom', path: ['fields'], message: 'FIELD_INVALID' });
  const nameOk = p.auth === 'none' || (p.auth === 'header' ? HEADER_NAME.test(p.auth_name) : p.auth_name !== '');
  if (!nameOk) ctx.addIssue({ code: 'custom', path: ['auth_name'], message: 'FIELD_REQUIRED' });
  if (p.accepted === 'json' && !JSON_PATH.test(p.accepted_field))
    ctx.addIssue({ code: 'custom', path: ['accepted_field'], message: 'FIELD_REQUIRED' });
  if (p.accepted !== 'status' && p.accepted_value === '')
    ctx.addIssue({ code: 'custom', path: ['accepted_value'], message: 'FIELD_REQUIRED' });
}

/** The chain's SMS provider as stored, the secret apart. */
export const smsProviderSchema = z
  .discriminatedUnion('kind', [twilioProvider, httpProvider])
  .superRefine((p, ctx) => (p.kind === 'http' ? checkHttpProvider(p, ctx) : undefined));
export type SmsProvider = z.infer<typeof smsProviderSchema>;

/** Whether a provider needs the secret: Twilio's token always; an HTTP provider's when its auth or a field uses it. */
export function needsSecret(p: SmsProvider): boolean {
  return p.kind === 'twilio' || p.auth !== 'none' || p.fields.some((f) => placeholdersIn(f.value).includes('secret'));
}

/**
 * Saving: the secret (token, password, header value) is write-only. Left out or empty, the stored one
 * is kept; no control character (a line break in a header would be a second header).
 */
export const smsProviderUpdate = z.intersection(
  smsProviderSchema,
  z.object({
    secret: z
      .string()
      .max(500)
      .regex(/^[^\p{Cc}]*$/u, 'FIELD_INVALID')
      .optional(),
  }),
);

/**
 * Where codes go: the server's environment (SMS_GATEWAY, which wins), the provider set in Settings,
 * or nowhere (the outbox keeps every message, codes masked: no one can verify).
 */
export const SMS_SOURCES = ['environment', 'settings', 'none'] as const;

export const smsProviderView = z.object({
  source: z.enum(SMS_SOURCES),
  /** The environment's gateway (`twilio`), when it is the source. */
  environment_gateway: z.string().nullable(),
  /** The provider stored in Settings; never its secret, only whether one is set. */
  provider: z.intersection(smsProviderSchema, z.object({ secret_set: z.boolean() })).nullable(),
});
export type SmsProviderView = z.infer<typeof smsProviderView>;

/** A read (the view right on Settings lets it through); the handler answers only whoever may change it. */
export const smsProviderGet = endpoint({
  method: 'GET',
  path: '/settings/sms',
  tags: ['SmsProvider'],
  request: Empty,
  response: smsProviderView,
  permission: { action: 'view', subject: 'Settings' },
});

/** One SMS account for the chain; refused while the environment names the gateway. */
export const smsProviderSave = endpoint({
  method: 'POST',
  path: '/settings/sms/update',
  invalidates: ['SmsProvider'],
  request: smsProviderUpdate,
  response: smsProviderView,
  permission: { action: 'update', subject: 'Settings' },
});

/**
 * What the provider made of a test message: `accepted`, `refused` (its HTTP status and the start of its
 * answer), `unknown` (no answer in time) or `stored` (no provider: kept in the outbox only).
 */
export const smsTestOutcome = z.object({
  outcome: z.enum(['accepted', 'refused', 'unknown', 'stored']),
  http_status: z.number().int().nullable(),
  error_code: z.string().nullable(),
  answer: z.string().nullable(),
});

export const smsProviderTest = endpoint({
  method: 'POST',
  path: '/settings/sms/test',
  request: z.object({ mobile: codeMobile, language: codeLanguage }),
  response: smsTestOutcome,
  permission: { action: 'update', subject: 'Settings' },
});

/** Every screen that sends a code asks whether codes can reach a phone at all. */
export const smsStatus = endpoint({
  method: 'GET',
  path: '/settings/sms/status',
  tags: ['SmsProvider'],
  request: Empty,
  response: z.object({ codes: z.boolean() }),
  permission: 'authenticated',
});

/** The SMS outbox: every message sent or kept, newest first; a branch's own only (administrators: all); codes masked. */
export const smsOutbox = endpoint({
  method: 'POST',
  path: '/sms/outbox',
  read: true,
  request: z.object({ ...paging(20), to: z.string().trim().max(20).optional() }),
  response: pageSchema(
    z.object({
      id: z.number().int(),
      to: z.string(),
      body: z.string(),
      purpose: z.string(),
      gateway: z.string(),
      status: z.enum(SMS_STATUSES),
      /** A refusal's HTTP status and the gateway's own error code. */
      http_status: z.number().int().nullable(),
      error_code: z.string().nullable(),
      created_at: Timestamp,
    }),
  ),
  permission: { action: 'view', subject: 'Promotions' },
});
