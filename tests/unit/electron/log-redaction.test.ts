import { describe, expect, it } from 'vitest';
import { redactLine } from '../../../electron/services/log-redaction';
import { axiosFailure, FORBIDDEN, JWT, LEAKY_LINES, OTP, PASSWORD } from '../../fixtures/personal-data';

/** Fails naming the secret a line kept, rather than a bare "false". */
function leaked(text: string): string[] {
  return FORBIDDEN.filter((secret) => text.includes(secret));
}

describe('a log line as written', () => {
  it.each(LEAKY_LINES.map(([message, detail], i) => [i, message, detail] as const))(
    'line %i keeps no token, password, code, phone, e-mail or name',
    (_i, message, detail) => {
      expect(leaked(redactLine(message, detail))).toEqual([]);
    },
  );

  it('keeps what support reads: ids, statuses, keys, endpoint paths, the message and its stack', () => {
    const error = Object.assign(new TypeError('cannot read properties of undefined'), { kid_id: 42 });
    const line = redactLine('print failed for sale 1187', error);
    expect(line).toContain('sale 1187');
    expect(line).toContain('"kid_id":42');
    expect(line).toContain('TypeError');
    expect(line).toContain('cannot read properties of undefined');
    expect(line).toContain('log-redaction.test.ts');
    const axios = redactLine('call failed', axiosFailure());
    expect(axios).toContain('"status":422');
    expect(axios).toContain('ERR_BAD_REQUEST');
    expect(axios).toContain('/user/otp/verify');
    expect(redactLine('answer 2026-11-26T20:34:21.123Z at 1764189261123 for branch 12')).toBe(
      'answer 2026-11-26T20:34:21.123Z at 1764189261123 for branch 12',
    );
  });

  it('marks what it took out, so a reader knows something was there', () => {
    expect(redactLine(`Authorization: Bearer ${JWT}`)).not.toContain(JWT);
    expect(redactLine(`{"password":"${PASSWORD}","code":"${OTP}"}`)).toBe(
      '{"password":"[redacted]","code":"[redacted]"}',
    );
  });

  it('survives what it cannot walk: a cycle, deep nesting, a huge line', () => {
    const cycle: Record<string, unknown> = { id: 1 };
    cycle.self = cycle;
    expect(redactLine('cycle', cycle)).toContain('[circular]');
    expect(redactLine('deep', { a: { b: { c: { d: { e: { password: PASSWORD } } } } } })).not.toContain(PASSWORD);
    expect(redactLine('x'.repeat(100_000)).length).toBeLessThan(9000);
  });
});
