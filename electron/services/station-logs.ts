import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RendererError } from '../../shared/ipc';
import { redactLine, redactText } from './log-redaction';
import { DEFAULT_ROTATION, RotatingLog, type RotationLimits } from './rotating-log';

type LogKind = 'main' | 'server' | 'renderer';
export type LogFn = (message: string, detail?: unknown) => void;

/** Renderer errors written per minute at most: a render loop throwing on every frame cannot fill the disk. */
export const RENDERER_ERRORS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/** One failed call of the station to its server: which and how, never what was sent or answered. */
export interface FailedRequest {
  at: string;
  endpoint: string;
  /** The HTTP status; 0 when the server was not reached or the call never left (refused on the station). */
  status: number;
  /** The answer's message key (e.g. VALIDATION_FAILED, SERVER_UNREACHABLE). */
  key: string;
}

export const MAX_FAILED_REQUESTS = 50;

/**
 * The station's logs, in rotating files under `dir` (null: nowhere, as in tests that do not look):
 * `main` (the main process), `server` (the embedded server), `renderer` (the page). Every line is
 * redacted as it is written. Also the last failed requests, kept in memory for *Export diagnostics*.
 */
export class StationLogs {
  private readonly logs: Record<LogKind, RotatingLog | null>;
  private readonly failures: FailedRequest[] = [];
  private rendererWindow = { start: -Infinity, written: 0, suppressed: 0 };
  private readonly now: () => number;

  constructor(
    readonly dir: string | null,
    opts: { limits?: RotationLimits; now?: () => number } = {},
  ) {
    const limits = opts.limits ?? DEFAULT_ROTATION;
    const open = (name: string) => (dir === null ? null : new RotatingLog(dir, name, limits));
    this.logs = { main: open('main'), server: open('server'), renderer: open('renderer') };
    this.now = opts.now ?? Date.now;
  }

  /** A logger writing to one of the logs (the `log` the services and the server's supervisor take). */
  logger(kind: 'main' | 'server'): LogFn {
    return (message, detail) => this.write(kind, redactLine(message, detail));
  }

  /** A line the server wrote itself (its logger's JSON lines, browser mode), redacted, without a time of ours. */
  serverLine(line: string): void {
    this.logs.server?.write(redactText(line.trimEnd()));
  }

  /** An error the page reported; beyond the minute's allowance only counted, the count written later. */
  rendererError(report: RendererError): void {
    const now = this.now();
    const window = this.rendererWindow;
    if (now - window.start >= MINUTE_MS) {
      if (window.suppressed > 0) this.write('renderer', `${window.suppressed} more renderer errors not written`);
      this.rendererWindow = { start: now, written: 0, suppressed: 0 };
    }
    if (this.rendererWindow.written >= RENDERER_ERRORS_PER_MINUTE) {
      this.rendererWindow.suppressed += 1;
      return;
    }
    this.rendererWindow.written += 1;
    this.write('renderer', redactLine(`${report.kind}: ${report.message}`, report.stack));
  }

  recordFailure(failure: FailedRequest): void {
    this.failures.push(failure);
    if (this.failures.length > MAX_FAILED_REQUESTS) this.failures.shift();
  }

  failedRequests(): FailedRequest[] {
    return [...this.failures];
  }

  /** Every log file there is, oldest content first within each log. */
  async files(): Promise<{ name: string; bytes: Buffer }[]> {
    const out: { name: string; bytes: Buffer }[] = [];
    for (const log of Object.values(this.logs)) {
      if (!log || this.dir === null) continue;
      for (const name of log.fileNames().reverse()) {
        const bytes = await readFile(join(this.dir, name)).catch(() => null);
        if (bytes) out.push({ name, bytes });
      }
    }
    return out;
  }

  private write(kind: LogKind, line: string): void {
    this.logs[kind]?.write(`${new Date(this.now()).toISOString()} ${line}`);
  }
}
