/**
 * Versions as PlayDesk writes them (package.json's semver: `1.2.3`, `1.2.3-beta.2`), compared the semver
 * way: numbers as numbers (0.10.0 is after 0.9.0), a prerelease before its release, prerelease parts
 * numerically when both are numbers. Build metadata (`+…`) is ignored.
 */
const VERSION = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]{1,100}))?(?:\+[0-9A-Za-z.-]{0,100})?$/;

type Parsed = { core: [number, number, number]; pre: string[] };

function parse(version: string): Parsed | null {
  const match = VERSION.exec(version.trim());
  if (!match) return null;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ? match[4].split('.') : [] };
}

export const isVersion = (version: string): boolean => parse(version) !== null;

/** Negative when `a` is older than `b`, 0 when the same, positive when newer; null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  // A release is after its prereleases.
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) - Number(q);
    // Numeric identifiers sort before alphanumeric ones.
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

/**
 * The oldest station version a server of this version serves: a station older than this says so on its
 * sign-in screen. Raised when a release changes what the server expects of stations; a server may
 * declare a later one (its MIN_STATION_VERSION option).
 */
export const MIN_STATION_VERSION = '0.1.0';

/** Whether a station at `station` is older than the server's declared minimum (an unreadable version is not judged). */
export function stationTooOld(station: string, minimum: string | undefined): boolean {
  if (minimum === undefined) return false;
  const order = compareVersions(station, minimum);
  return order !== null && order < 0;
}
