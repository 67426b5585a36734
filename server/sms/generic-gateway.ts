import type { HttpProvider } from '../../shared/api/sms-provider';
import { failureOf } from '../../shared/domain/sms';
import { fillTemplate, isAccepted } from '../../shared/domain/sms-provider';
import { exchange, excerpt, isAnswer } from './exchange';
import { GATEWAY_WAIT_DEFAULT_MS } from './http-gateway';
import type { Delivery, SmsGateway } from './sms-gateway';

/**
 * Sends through any provider with an HTTP API, as an administrator described it in Settings: its
 * fields filled and sent in the query (GET) or the body (form or JSON), the secret where it said.
 * A 2xx that does not read as accepted is the provider's refusal (its settings: there is no telling a
 * number error in an unknown provider's answer); 429 and 5xx are worth another try.
 */
export function genericGateway(provider: HttpProvider, secret: string | null): SmsGateway {
  return {
    name: 'http',
    async deliver(to, body, sender): Promise<Delivery> {
      const values = { to, body, sender: sender ? sender(provider.sender) : provider.sender, secret: secret ?? '' };
      const fields = provider.fields.map((f): [string, string] => [f.name, fillTemplate(f.value, values)]);
      const url = new URL(provider.url);
      const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
      let payload: string | undefined;
      if (provider.method === 'GET') for (const [name, value] of fields) url.searchParams.append(name, value);
      else if (provider.body_format === 'json') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(Object.fromEntries(fields));
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(fields).toString();
      }
      if (provider.auth === 'header') headers[provider.auth_name] = secret ?? '';
      if (provider.auth === 'basic')
        headers.authorization = `Basic ${Buffer.from(`${provider.auth_name}:${secret ?? ''}`).toString('base64')}`;
      const answer = await exchange(url, { method: provider.method, headers, body: payload }, GATEWAY_WAIT_DEFAULT_MS);
      if (!isAnswer(answer)) return answer;
      if (answer.ok && isAccepted(provider, answer.text)) return { status: 'sent', providerId: null };
      return {
        status: 'failed',
        failure: answer.ok ? 'configuration' : failureOf(answer.status, null),
        httpStatus: answer.status,
        errorCode: answer.ok ? 'NOT_ACCEPTED' : null,
        answer: excerpt(answer.text, secret),
      };
    },
  };
}
