import { describe, expect, it } from 'vitest';
import { fillTemplate, isAccepted, isProviderUrl, knownPlaceholdersOnly } from '../../../shared/domain/sms-provider';

const values = { to: '+966501234567', body: 'Code {to} 123456', sender: 'PlayDesk', secret: 'k1' };

describe('a generic SMS provider’s rules', () => {
  it('fills each placeholder once: a message that holds “{to}” reaches the phone as typed', () => {
    expect(fillTemplate('{to}|{body}|{sender}|{secret}', values)).toBe('+966501234567|Code {to} 123456|PlayDesk|k1');
    expect(knownPlaceholdersOnly('{to} {body}')).toBe(true);
    expect(knownPlaceholdersOnly('{phone}')).toBe(false);
  });

  it('sends to https, or to http on this computer only', () => {
    expect(isProviderUrl('https://el.cloud.unifonic.com/rest/SMS/messages')).toBe(true);
    expect(isProviderUrl('http://127.0.0.1:9099/send')).toBe(true);
    expect(isProviderUrl('http://sms.example.com/send')).toBe(false);
    expect(isProviderUrl('ftp://127.0.0.1/')).toBe(false);
  });

  it('reads a 2xx answer by the rule set: a JSON field’s value (number or text), or text it contains', () => {
    const json = { accepted: 'json', accepted_field: 'data.code', accepted_value: '1' } as const;
    expect(isAccepted(json, '{"data":{"code":1}}')).toBe(true);
    expect(isAccepted(json, '{"data":{"code":"1"}}')).toBe(true);
    expect(isAccepted(json, '{"data":{"code":0}}')).toBe(false);
    expect(isAccepted(json, '<html>ok</html>')).toBe(false);
    expect(isAccepted({ accepted: 'text', accepted_field: '', accepted_value: 'QUEUED' }, 'OK QUEUED')).toBe(true);
    expect(isAccepted({ accepted: 'status', accepted_field: '', accepted_value: '' }, '')).toBe(true);
  });
});
