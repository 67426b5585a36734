import { describe, expect, it } from 'vitest';
import { compareVersions, stationTooOld } from '../../../shared/domain/version';

const sign = (a: string, b: string) => Math.sign(compareVersions(a, b) ?? Number.NaN);

describe('comparing versions (the station against the server’s minimum)', () => {
  it('compares each part as a number, not as text', () => {
    expect(sign('0.10.0', '0.9.0')).toBe(1);
    expect(sign('0.9.0', '0.10.0')).toBe(-1);
    expect(sign('2.0.0', '10.0.0')).toBe(-1);
    expect(sign('1.2.10', '1.2.9')).toBe(1);
    expect(sign('1.2.3', '1.2.3')).toBe(0);
    expect(sign('v1.2.3', '1.2.3+build.7')).toBe(0);
  });

  it('puts a prerelease before its release, and orders prereleases the semver way', () => {
    expect(sign('1.0.0-beta.1', '1.0.0')).toBe(-1);
    expect(sign('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(sign('1.0.0-beta.2', '1.0.0-beta.10')).toBe(-1);
    expect(sign('1.0.0-alpha', '1.0.0-beta')).toBe(-1);
    expect(sign('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(sign('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(sign('1.0.1-alpha', '1.0.0')).toBe(1);
  });

  it('does not judge what is not a version', () => {
    expect(compareVersions('latest', '1.0.0')).toBeNull();
    expect(compareVersions('1.0', '1.0.0')).toBeNull();
    expect(stationTooOld('dev', '9.0.0')).toBe(false);
  });

  it('calls a station too old only below the minimum, and never when the server declares none', () => {
    expect(stationTooOld('0.9.0', '0.10.0')).toBe(true);
    expect(stationTooOld('0.10.0-rc.1', '0.10.0')).toBe(true);
    expect(stationTooOld('0.10.0', '0.10.0')).toBe(false);
    expect(stationTooOld('0.11.0', '0.10.0')).toBe(false);
    expect(stationTooOld('0.1.0', undefined)).toBe(false);
  });
});
