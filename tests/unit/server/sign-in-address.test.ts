import { describe, expect, it } from 'vitest';
import { limitAddress } from '../../../server/modules/auth/address';

describe('the address a sign-in limit counts against', () => {
  it('is an IPv4 address as it is, also when it arrives IPv4-mapped', () => {
    expect(limitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 caller's /64, however the address is written", () => {
    expect(limitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('1::2:3:4:5:192.0.2.1')).toBe('1:0:2:3::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
  });
});
