import { writeFileSync } from 'node:fs';
import { launchFile, type Launch } from '../../electron/web/launch-file';
import { browserCookie } from './station-cookie';
import { e2eBrowserState, e2eLaunchFiles } from '../../playwright.config';

/**
 * After the stations started (Playwright starts its web servers first): every browser the tests open
 * gets each station's page cookie, read from the launch file only this OS user may read, as the
 * browser that opened a launcher's one-time address holds it.
 */
export default async function giveBrowsersTheStationsPass(): Promise<void> {
  const launches: Launch[] = [];
  for (const path of e2eLaunchFiles) {
    const launch = await launchFile(path).read();
    if (!launch) throw new Error(`no launch file at ${path}: did the station start?`);
    launches.push(launch);
  }
  const cookies = launches.map(browserCookie);
  writeFileSync(e2eBrowserState, JSON.stringify({ cookies, origins: [] }), { mode: 0o600 });
}

export { browserCookie };
