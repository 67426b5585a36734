import { arch, platform, release } from 'node:os';
import { strToU8, zipSync } from 'fflate';
import type { AppInfo, ServerProbe, Settings } from '../../shared/ipc';
import { redactDetail, redactText } from './log-redaction';
import type { StationLogs } from './station-logs';

export interface DiagnosticsSources {
  logs: StationLogs;
  appInfo: () => AppInfo;
  settings: () => Promise<Settings>;
  /** The server's answer to /health (its version), asked at export time. */
  probe: () => Promise<ServerProbe>;
  now?: () => Date;
}

/** The file name offered for the zip: the date and time it was made, nothing about the station or its users. */
export function diagnosticsFileName(at: Date): string {
  return `playdesk-diagnostics-${at.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.zip`;
}

/**
 * One zip a support person reads: the log files, the versions, this station's settings (an address's
 * user and password taken out) and the last failed requests' keys. The logs were redacted as they were
 * written; everything here passes the redactor again, so a line written before a rule existed cannot leak.
 */
export async function diagnosticsZip(sources: DiagnosticsSources): Promise<Uint8Array> {
  const [settings, probe, files] = await Promise.all([sources.settings(), sources.probe(), sources.logs.files()]);
  const info = sources.appInfo();
  const versions = {
    app: info.version,
    shell: info.shell,
    electron: process.versions.electron ?? null,
    chrome: process.versions.chrome ?? null,
    node: process.versions.node,
    os: `${platform()} ${release()} ${arch()}`,
    serverMode: settings.serverMode,
    server: probe.status === 'found' ? { version: probe.version, tls: probe.tls } : { status: probe.status },
    madeAt: (sources.now?.() ?? new Date()).toISOString(),
  };
  const json = (value: unknown) => strToU8(`${redactDetail(value)}\n`);
  const entries: Record<string, Uint8Array> = {
    'versions.json': json(versions),
    'settings.json': json({ ...settings, serverUrl: settings.serverUrl && withoutCredentials(settings.serverUrl) }),
    'failed-requests.json': json(sources.logs.failedRequests()),
  };
  for (const file of files)
    entries[`logs/${file.name}`] = strToU8(file.bytes.toString('utf8').split('\n').map(redactText).join('\n'));
  return zipSync(entries, { level: 6 });
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[unreadable]';
  }
}
