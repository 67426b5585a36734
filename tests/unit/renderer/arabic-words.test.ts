import { describe, expect, it } from 'vitest';
import ar from '../../../locales/ar/common.json';
import arErrors from '../../../locales/ar/errors.json';

/** Words an Arabic reader told apart wrongly when one Arabic word served two English ones (issue 22, point 8). */
describe('Arabic words that must not be confused', () => {
  it('a kid checking in or out is not a member of staff signing in or out', () => {
    const kid = [ar.desk.since, ar.kids.checkoutAt, ar.dashboard.checkedInBy];
    const staff = [ar.employees.loginAt, ar.employees.logoutAt, ar.dashboard.logins];
    for (const word of staff) expect(word).toMatch(/تسجيل/);
    for (const word of kid) expect(word).not.toMatch(/تسجيل|سجّل|سجل/);
    expect(ar.desk.since).not.toBe(ar.employees.loginAt);
    expect(ar.kids.checkoutAt).not.toBe(ar.employees.logoutAt);
  });

  it("the report's Day is not Today", () => {
    expect(ar.reports.dimensions.day).not.toBe(ar.dashboard.today);
    expect(ar.reports.dimensions.day).not.toMatch(/اليوم/);
  });

  it("a package's or coupon's validity does not share its word with a role's rights", () => {
    for (const validity of [ar.packages.validityLabel, ar.coupons.valid, arErrors.COUPON_EXPIRED])
      expect(validity).not.toMatch(/صلاحي/);
    expect(ar.roles.rights).toMatch(/صلاحي/);
  });
});
