import type { RendererError } from '../../shared/ipc';
import { bridge } from '../bridge';

const MAX_MESSAGE = 2000;
const MAX_STACK = 8000;

/** Sends an error of the page to the station's renderer log (redacted and rate-limited there). */
export function reportError(kind: RendererError['kind'], error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  // Logging must never be what breaks: a lost bridge or a refused report is dropped.
  void bridge
    .invoke('pos:renderer-error', {
      kind,
      message: message.slice(0, MAX_MESSAGE),
      ...(stack ? { stack: stack.slice(0, MAX_STACK) } : {}),
    })
    .catch(() => {});
}

/** The page's uncaught errors and unhandled rejections go to the log; React's own come through `createRoot`. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError('rejection', event.reason));
}
