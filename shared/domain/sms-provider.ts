import { isLoopback } from './server-address';

/**
 * What a generic HTTP provider's field values may hold besides plain text: the number (E.164), the
 * message, the sender name and the stored secret (an API key some providers, Unifonic's AppSid or
 * Msegat's apiKey, take in the body rather than in a header).
 */
export const PROVIDER_PLACEHOLDERS = ['to', 'body', 'sender', 'secret'] as const;
export type ProviderPlaceholder = (typeof PROVIDER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The `{names}` a template uses. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Whether every `{name}` in the template is one the server fills (a typo would reach the phone as is). */
export function knownPlaceholdersOnly(template: string): boolean {
  return placeholdersIn(template).every((name) => (PROVIDER_PLACEHOLDERS as readonly string[]).includes(name));
}

/** The template with each placeholder replaced in one pass: a message holding `{to}` is sent as typed. */
export function fillTemplate(template: string, values: Record<ProviderPlaceholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as ProviderPlaceholder] : whole,
  );
}

/** The provider's secret and the centre's messages cross the network: https, or http on this computer. */
export function isProviderUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/** How a 2xx answer is read: any 2xx, a JSON field with a value (`data.status` = `ok`), or text it contains. */
export const ACCEPTED_RULES = ['status', 'json', 'text'] as const;
export interface AcceptedRule {
  accepted: (typeof ACCEPTED_RULES)[number];
  accepted_field: string;
  accepted_value: string;
}

/** Whether a 2xx answer's body means the provider took the message. */
export function isAccepted(rule: AcceptedRule, body: string): boolean {
  if (rule.accepted === 'status') return true;
  if (rule.accepted === 'text') return body.includes(rule.accepted_value);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return false;
  }
  for (const key of rule.accepted_field.split('.')) {
    if (typeof value !== 'object' || value === null) return false;
    value = (value as Record<string, unknown>)[key];
  }
  // A provider may answer `"status": 1` or `"status": "1"`: the rule's value is text either way.
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return scalar && String(value) === rule.accepted_value;
}
